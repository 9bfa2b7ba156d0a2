import type { GroupDetailsResponse, GroupResponse, MenteeDetailsResponse, MenteeRecord, SaveGroupRequest } from '@portal/contracts';
import { api } from '@portal/kit';

export const groupsApi = api.injectEndpoints({
  overrideExisting: true, // each remote bundles its own copy of these (identical) endpoints; the last one loaded wins
  endpoints: (build) => ({
    mentorGroups: build.query<GroupResponse[], void>({ query: () => '/groups', providesTags: ['Group'] }),
    adminGroups: build.query<GroupResponse[], void>({ query: () => '/admin/groups', providesTags: ['Group'] }),
    menteeGroups: build.query<GroupResponse[], void>({ query: () => '/groups/mentee', providesTags: ['Group'] }),
    groupDetails: build.query<GroupDetailsResponse, string>({ query: (id) => `/groups/${id}/details`, providesTags: ['Group'] }),
    myMentees: build.query<MenteeRecord[], void>({ query: () => '/mentors/mentees', providesTags: ['User'] }),
    menteeDetails: build.query<MenteeDetailsResponse, string>({ query: (id) => `/mentees/${id}/details`, providesTags: ['Attendance'] }),
    createGroup: build.mutation<GroupResponse, SaveGroupRequest>({ query: (body) => ({ url: '/groups', method: 'POST', body }), invalidatesTags: ['Group', 'Dashboard', 'Message'] }),
    updateGroup: build.mutation<GroupResponse, { id: string } & SaveGroupRequest>({
      query: ({ id, ...body }) => ({ url: `/groups/${id}`, method: 'PUT', body }), invalidatesTags: ['Group', 'Dashboard', 'Message'],
    }),
    archiveGroup: build.mutation<{ message: string }, string>({ query: (id) => ({ url: `/groups/${id}`, method: 'DELETE' }), invalidatesTags: ['Group', 'Dashboard', 'Message'] }),
  }),
});

export const {
  useMentorGroupsQuery, useAdminGroupsQuery, useMenteeGroupsQuery, useGroupDetailsQuery, useMyMenteesQuery, useMenteeDetailsQuery,
  useCreateGroupMutation, useUpdateGroupMutation, useArchiveGroupMutation,
} = groupsApi;
