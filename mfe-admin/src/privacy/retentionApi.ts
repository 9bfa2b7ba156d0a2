import type { RetentionDryRunResponse, RetentionSettingsResponse, UpdateRetentionRequest } from '@portal/contracts';
import { api } from '@portal/web-core';

/** How long each kind of record is kept, and what the daily purge would delete now. */
export const retentionApi = api.injectEndpoints({
  endpoints: (build) => ({
    retention: build.query<RetentionSettingsResponse, void>({ query: () => '/admin/retention' }),
    updateRetention: build.mutation<RetentionSettingsResponse, UpdateRetentionRequest>({
      query: (body) => ({ url: '/admin/retention', method: 'PUT', body }),
      invalidatesTags: ['Audit'],
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        dispatch(retentionApi.util.upsertQueryData('retention', undefined, data));
      },
    }),
    // Counted afresh each time it is asked.
    retentionDryRun: build.query<RetentionDryRunResponse, void>({
      query: () => '/admin/retention/dry-run',
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useRetentionQuery, useUpdateRetentionMutation, useLazyRetentionDryRunQuery } = retentionApi;
