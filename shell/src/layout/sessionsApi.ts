import type { SessionsResponse } from '@portal/contracts';
import { api } from '@portal/web-core';

/** The caller's sessions (a sign-in on each device): listed afresh each time the dialog opens, ended one or all. */
export const sessionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    sessions: build.query<SessionsResponse, void>({ query: () => '/auth/sessions', keepUnusedDataFor: 0 }),
    endSession: build.mutation<void, string>({
      query: (id) => ({ url: `/auth/sessions/${encodeURIComponent(id)}`, method: 'DELETE' }),
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        // A refusal is the dialog's to tell (it lists the sessions again).
        if (
          !(await queryFulfilled.then(
            () => true,
            () => false,
          ))
        )
          return;
        dispatch(
          sessionsApi.util.updateQueryData('sessions', undefined, (draft) => {
            draft.sessions = draft.sessions.filter((s) => s.id !== id);
          }),
        );
      },
    }),
    endOtherSessions: build.mutation<void, void>({
      query: () => ({ url: '/auth/sessions', method: 'DELETE' }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        if (
          !(await queryFulfilled.then(
            () => true,
            () => false,
          ))
        )
          return;
        dispatch(
          sessionsApi.util.updateQueryData('sessions', undefined, (draft) => {
            draft.sessions = draft.sessions.filter((s) => s.current);
          }),
        );
      },
    }),
  }),
});

export const { useSessionsQuery, useEndSessionMutation, useEndOtherSessionsMutation } = sessionsApi;
