import type {
  ListMessageReportsQuery,
  MessageReportDetail,
  MessageReportPage,
  UpdateMessageReportRequest,
} from '@portal/contracts';
import { api } from '@portal/web-core';

/** Reported messages: the leads' queue, one report with what surrounded it, and moving a report on. */
export const reportsApi = api.enhanceEndpoints({ addTagTypes: ['MessageReport'] }).injectEndpoints({
  endpoints: (build) => ({
    messageReports: build.query<MessageReportPage, ListMessageReportsQuery>({
      query: (params) => ({ url: '/safeguarding/reports', params }),
      providesTags: ['MessageReport'],
    }),
    messageReport: build.query<MessageReportDetail, string>({
      query: (id) => `/safeguarding/reports/${id}`,
      providesTags: ['MessageReport'],
    }),
    updateMessageReport: build.mutation<MessageReportDetail, { id: string } & UpdateMessageReportRequest>({
      query: ({ id, ...body }) => ({ url: `/safeguarding/reports/${id}`, method: 'PUT', body }),
      invalidatesTags: ['MessageReport', 'Audit'],
    }),
  }),
});

export const { useMessageReportsQuery, useMessageReportQuery, useUpdateMessageReportMutation } = reportsApi;
