import type {
  AddClosuresRequest,
  MessageResponse,
  SchoolCalendar,
  UpdateSchoolCalendarRequest,
} from '@portal/contracts';
import { api, setSchoolTimeZone } from '@portal/web-core';

/** The school calendar: read by every role (date pickers, the register), kept by admins. */
export const calendarApi = api.enhanceEndpoints({ addTagTypes: ['Calendar'] }).injectEndpoints({
  endpoints: (build) => ({
    schoolCalendar: build.query<SchoolCalendar, { from: string; to: string }>({
      query: (params) => ({ url: '/calendar', params }),
      providesTags: ['Calendar'],
      // Every answer says the school's time zone: the dates module follows it (an admin may just have changed it).
      async onQueryStarted(_arg, { queryFulfilled }) {
        const answer = await queryFulfilled.catch(() => undefined);
        if (answer) setSchoolTimeZone(answer.data.timezone);
      },
    }),
    updateSchoolCalendar: build.mutation<SchoolCalendar, UpdateSchoolCalendarRequest>({
      query: (body) => ({ url: '/admin/calendar', method: 'PUT', body }),
      // School days decide what the register, leave durations and percentages count.
      invalidatesTags: ['Calendar', 'Attendance', 'Dashboard', 'User', 'Group', 'Leave', 'Audit'],
    }),
    addClosures: build.mutation<SchoolCalendar, AddClosuresRequest>({
      query: (body) => ({ url: '/admin/calendar/closures', method: 'POST', body }),
      invalidatesTags: ['Calendar', 'Attendance', 'Dashboard', 'User', 'Group', 'Leave', 'Audit'],
    }),
    removeClosure: build.mutation<MessageResponse, string>({
      query: (date) => ({ url: `/admin/calendar/closures/${date}`, method: 'DELETE' }),
      invalidatesTags: ['Calendar', 'Attendance', 'Dashboard', 'User', 'Group', 'Leave', 'Audit'],
    }),
  }),
});

export const {
  useSchoolCalendarQuery,
  useUpdateSchoolCalendarMutation,
  useAddClosuresMutation,
  useRemoveClosureMutation,
} = calendarApi;
