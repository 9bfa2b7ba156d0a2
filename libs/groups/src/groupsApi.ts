import type { GroupDetailsResponse, GroupResponse, MessagePage, SaveGroupRequest } from '@portal/contracts';
import { api, dashboardTags, LIST_ID, listTags, recordTags } from '@portal/web-core';

/** A group's change: that group, the group lists, the dashboards that count groups and the chat's conversation list. */
const groupChanged = (...ids: string[]) => [
  ...recordTags('Group', ...ids),
  ...dashboardTags('group'),
  { type: 'Message' as const, id: LIST_ID },
];

export const groupsApi = api.injectEndpoints({
  overrideExisting: true, // domain libraries are bundled into each remote that uses them: the copies are identical
  endpoints: (build) => ({
    mentorGroups: build.query<GroupResponse[], void>({
      query: () => '/groups',
      providesTags: (rows) => listTags('Group', rows),
    }),
    archivedGroups: build.query<GroupResponse[], void>({
      query: () => '/groups/archived',
      providesTags: (rows) => listTags('Group', rows),
    }),
    /** An archived group's chat, read-only: pages of older messages by the first one shown. */
    archivedGroupHistory: build.query<MessagePage, { id: string; before?: string }>({
      query: ({ id, before }) => ({ url: `/messages/group/${id}`, params: before ? { before } : {} }),
    }),
    restoreGroup: build.mutation<GroupResponse, string>({
      query: (id) => ({ url: `/groups/${id}/restore`, method: 'POST' }),
      invalidatesTags: (_r, _e, id) => groupChanged(id),
    }),
    adminGroups: build.query<GroupResponse[], void>({
      query: () => '/admin/groups',
      providesTags: (rows) => listTags('Group', rows),
    }),
    menteeGroups: build.query<GroupResponse[], void>({
      query: () => '/groups/mentee',
      providesTags: (rows) => listTags('Group', rows),
    }),
    groupDetails: build.query<GroupDetailsResponse, string>({
      query: (id) => `/groups/${id}/details`,
      providesTags: (_r, _e, id) => [{ type: 'Group', id }],
    }),
    createGroup: build.mutation<GroupResponse, SaveGroupRequest>({
      query: (body) => ({ url: '/groups', method: 'POST', body }),
      invalidatesTags: groupChanged(),
    }),
    updateGroup: build.mutation<GroupResponse, { id: string } & SaveGroupRequest>({
      query: ({ id, ...body }) => ({ url: `/groups/${id}`, method: 'PUT', body }),
      invalidatesTags: (_r, _e, { id }) => groupChanged(id),
    }),
    archiveGroup: build.mutation<{ message: string }, string>({
      query: (id) => ({ url: `/groups/${id}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, id) => groupChanged(id),
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
