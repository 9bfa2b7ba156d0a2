import type { GroupDetailsResponse, GroupResponse, MessagePage, SaveGroupRequest } from '@portal/contracts';
import { api } from '@portal/web-core';

export const groupsApi = api.injectEndpoints({
  overrideExisting: true, // domain libraries are bundled into each remote that uses them: the copies are identical
  endpoints: (build) => ({
    mentorGroups: build.query<GroupResponse[], void>({ query: () => '/groups', providesTags: ['Group'] }),
    archivedGroups: build.query<GroupResponse[], void>({ query: () => '/groups/archived', providesTags: ['Group'] }),
    /** An archived group's chat, read-only: pages of older messages by the first one shown. */
    archivedGroupHistory: build.query<MessagePage, { id: string; before?: string }>({
      query: ({ id, before }) => ({ url: `/messages/group/${id}`, params: before ? { before } : {} }),
    }),
    restoreGroup: build.mutation<GroupResponse, string>({
      query: (id) => ({ url: `/groups/${id}/restore`, method: 'POST' }),
      invalidatesTags: ['Group', 'Dashboard', 'Message'],
    }),
    adminGroups: build.query<GroupResponse[], void>({ query: () => '/admin/groups', providesTags: ['Group'] }),
    menteeGroups: build.query<GroupResponse[], void>({ query: () => '/groups/mentee', providesTags: ['Group'] }),
    groupDetails: build.query<GroupDetailsResponse, string>({
      query: (id) => `/groups/${id}/details`,
      providesTags: ['Group'],
    }),
    createGroup: build.mutation<GroupResponse, SaveGroupRequest>({
      query: (body) => ({ url: '/groups', method: 'POST', body }),
      invalidatesTags: ['Group', 'Dashboard', 'Message'],
    }),
    updateGroup: build.mutation<GroupResponse, { id: string } & SaveGroupRequest>({
      query: ({ id, ...body }) => ({ url: `/groups/${id}`, method: 'PUT', body }),
      invalidatesTags: ['Group', 'Dashboard', 'Message'],
    }),
    archiveGroup: build.mutation<{ message: string }, string>({
      query: (id) => ({ url: `/groups/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Group', 'Dashboard', 'Message'],
    }),
  }),
});

export const {
  useMentorGroupsQuery,
  useAdminGroupsQuery,
  useMenteeGroupsQuery,
  useGroupDetailsQuery,
  useCreateGroupMutation,
  useUpdateGroupMutation,
  useArchiveGroupMutation,
  useArchivedGroupsQuery,
  useArchivedGroupHistoryQuery,
  useRestoreGroupMutation,
} = groupsApi;
