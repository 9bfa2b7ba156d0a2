import type { MenteeDetailsResponse, MenteeRecord } from '@portal/contracts';
import { api, listTags } from '@portal/web-core';

/** A mentor's mentees and one student's details (mentor screens and the chat's new-conversation picker). */
export const peopleApi = api.injectEndpoints({
  overrideExisting: true, // domain libraries are bundled into each remote that uses them: the copies are identical
  endpoints: (build) => ({
    myMentees: build.query<MenteeRecord[], void>({
      query: () => '/mentors/mentees',
      providesTags: (rows) => listTags('User', rows),
    }),
    menteeDetails: build.query<MenteeDetailsResponse, string>({
      query: (id) => `/mentees/${id}/details`,
      providesTags: (_r, _e, id) => ['Attendance', { type: 'User', id }],
    }),
  }),
});

export const { useMyMenteesQuery, useMenteeDetailsQuery } = peopleApi;
