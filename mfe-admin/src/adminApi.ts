import type {
  AdminUserDetail,
  AssignMentorRequest,
  AssignMentorResponse,
  ConsentRecordResponse,
  DeleteUserResponse,
  ErasurePreview,
  GuardianLinkResponse,
  InviteGuardianRequest,
  MessageResponse,
  ListAuditQuery,
  ListAuditResponse,
  ListUsersQuery,
  ListUsersResponse,
  MenteeRecord,
  MentorRecord,
  PasswordResetRequestItem,
  PrivacyNoticeResponse,
  PublishPrivacyNoticeRequest,
  RegisterRequest,
  RemotesOverviewResponse,
  RegisterResponse,
  SetSafeguardingLeadRequest,
  ReportsOverviewResponse,
  ResetLinkResponse,
  AnalyticsPeriod,
  ImportKind,
  ImportResponse,
  UpdateProfileRequest,
} from '@portal/contracts';
import { api, dashboardTags, listTags, queryParams, recordTags } from '@portal/web-core';

/** Accounts changed by an admin: each one's tag, the user lists, the dashboards that count users, the audit log. */
const usersChanged = (...ids: string[]) => [...recordTags('User', ...ids), ...dashboardTags('user'), 'Audit' as const];

/**
 * The admin calls of SPEC.md section 7; a change invalidates the account it changes (never another one's detail), the
 * lists and dashboards that show it, and an account changed elsewhere (recordChanged) the lists and the user's own tag
 * (liveRecords in web-core).
 */
export const adminApi = api.injectEndpoints({
  endpoints: (build) => ({
    adminUsers: build.query<ListUsersResponse, ListUsersQuery>({
      query: (q) => ({ url: '/admin/users', params: queryParams(q) }),
      providesTags: (page) => listTags('User', page?.users),
    }),
    adminUser: build.query<AdminUserDetail, string>({
      query: (id) => `/admin/users/${id}`,
      providesTags: (_r, _e, id) => [{ type: 'User', id }],
    }),
    createUser: build.mutation<RegisterResponse, RegisterRequest>({
      query: (body) => ({ url: '/admin/users', method: 'POST', body }),
      invalidatesTags: usersChanged(),
    }),
    updateUserEmail: build.mutation<AdminUserDetail, { id: string; email: string }>({
      query: ({ id, email }) => ({ url: `/admin/users/${id}`, method: 'PUT', body: { email } }),
      invalidatesTags: (_r, _e, { id }) => [...recordTags('User', id), 'Audit'],
    }),
    updateUserProfile: build.mutation<AdminUserDetail, { id: string; body: UpdateProfileRequest }>({
      query: ({ id, body }) => ({ url: `/admin/users/${id}/profile`, method: 'PUT', body }),
      invalidatesTags: (_r, _e, { id }) => usersChanged(id),
    }),
    toggleUserStatus: build.mutation<AdminUserDetail, string>({
      query: (id) => ({ url: `/admin/users/${id}/toggle-status`, method: 'PUT' }),
      invalidatesTags: (_r, _e, id) => usersChanged(id),
    }),
    /** An admin designated to read kept chats, or no longer; the answer is the account as it now is. */
    setSafeguardingLead: build.mutation<AdminUserDetail, { id: string } & SetSafeguardingLeadRequest>({
      query: ({ id, lead }) => ({ url: `/admin/users/${id}/safeguarding-lead`, method: 'PUT', body: { lead } }),
      invalidatesTags: (_r, _e, { id }) => usersChanged(id),
      // The switch shows the answer at once, before the invalidated detail comes back.
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(adminApi.util.updateQueryData('adminUser', id, () => data));
      },
    }),
    approveUser: build.mutation<AdminUserDetail, string>({
      query: (id) => ({ url: `/admin/users/${id}/approve`, method: 'PUT' }),
      invalidatesTags: (_r, _e, id) => usersChanged(id),
    }),
    declineUser: build.mutation<DeleteUserResponse, string>({
      query: (id) => ({ url: `/admin/users/${id}/decline`, method: 'PUT' }),
      invalidatesTags: (_r, _e, id) => usersChanged(id),
    }),
    /** A student's guardians (tagged with the student: an invitation or a removal asks again). */
    studentGuardians: build.query<GuardianLinkResponse[], string>({
      query: (menteeId) => `/admin/mentees/${menteeId}/guardians`,
      providesTags: (_r, _e, menteeId) => [{ type: 'User', id: `guardians-${menteeId}` }],
    }),
    inviteGuardian: build.mutation<GuardianLinkResponse, { menteeId: string; body: InviteGuardianRequest }>({
      query: ({ menteeId, body }) => ({ url: `/admin/mentees/${menteeId}/guardians`, method: 'POST', body }),
      invalidatesTags: (_r, _e, { menteeId }) => [{ type: 'User', id: `guardians-${menteeId}` }, ...usersChanged()],
    }),
    resendGuardianInvitation: build.mutation<MessageResponse, { menteeId: string; linkId: string }>({
      query: ({ linkId }) => ({ url: `/admin/guardian-links/${linkId}/resend`, method: 'POST' }),
      invalidatesTags: ['Audit'],
    }),
    removeGuardian: build.mutation<MessageResponse, { menteeId: string; linkId: string }>({
      query: ({ linkId }) => ({ url: `/admin/guardian-links/${linkId}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, { menteeId }) => [{ type: 'User', id: `guardians-${menteeId}` }, ...usersChanged()],
    }),
    /** Every consent answer given for a student (guardians answer in their own area: asked afresh on each visit). */
    consentRecords: build.query<ConsentRecordResponse[], string>({
      query: (menteeId) => `/admin/mentees/${menteeId}/consents`,
      keepUnusedDataFor: 0,
    }),
    privacyNotice: build.query<PrivacyNoticeResponse, void>({
      query: () => '/admin/privacy-notice',
      providesTags: [{ type: 'User', id: 'privacy-notice' }],
    }),
    publishPrivacyNotice: build.mutation<PrivacyNoticeResponse, PublishPrivacyNoticeRequest>({
      query: (body) => ({ url: '/admin/privacy-notice', method: 'PUT', body }),
      invalidatesTags: [{ type: 'User', id: 'privacy-notice' }, 'Audit'],
    }),
    /** Another admin's lost second factor: removed, their sessions end; they set up a new one at their next sign-in. */
    resetAdminMfa: build.mutation<void, string>({
      query: (id) => ({ url: `/admin/users/${id}/mfa`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, id) => [{ type: 'User', id }, 'Audit'],
    }),
    issueResetLink: build.mutation<ResetLinkResponse, string>({
      query: (id) => ({ url: `/admin/users/${id}/reset-link`, method: 'POST' }),
      // The request it answers (a row of the password-reset list, tagged with the user) and the user's detail.
      invalidatesTags: (_r, _e, id) => [{ type: 'User', id }, 'Audit'],
    }),
    passwordResetRequests: build.query<PasswordResetRequestItem[], void>({
      query: () => '/admin/password-resets',
      providesTags: (rows) => listTags('User', rows, (r) => r.userId),
    }),
    // What erasing a student would keep and what names them: read fresh each time the dialog opens.
    erasurePreview: build.query<ErasurePreview, string>({
      query: (id) => `/admin/users/${id}/erasure`,
      keepUnusedDataFor: 0,
    }),
    deleteUser: build.mutation<DeleteUserResponse, string>({
      query: (id) => ({ url: `/admin/users/${id}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, id) => usersChanged(id),
    }),
    adminMentors: build.query<MentorRecord[], { search?: string }>({
      query: (q) => ({ url: '/admin/mentors', params: queryParams(q) }),
      providesTags: (rows) => listTags('User', rows),
    }),
    adminMentees: build.query<MenteeRecord[], { search?: string; mentorId?: string }>({
      query: (q) => ({ url: '/admin/mentees', params: queryParams(q) }),
      providesTags: (rows) => listTags('User', rows),
    }),
    assignMentor: build.mutation<AssignMentorResponse, AssignMentorRequest>({
      query: (body) => ({ url: '/admin/assign-mentor', method: 'PUT', body }),
      // The mentee, the new mentor and the one before (the answer's counts name both).
      invalidatesTags: (r, _e, { menteeId, mentorId }) =>
        usersChanged(menteeId, ...(mentorId ? [mentorId] : []), ...Object.keys(r?.mentorCounts ?? {})),
      // Both mentors' counts and the mentee's card change at once, before the invalidated lists come back.
      async onQueryStarted(_arg, { dispatch, getState, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (!data) return;
        const state = getState() as Parameters<typeof adminApi.util.selectCachedArgsForQuery>[0];
        for (const args of adminApi.util.selectCachedArgsForQuery(state, 'adminMentors')) {
          dispatch(
            adminApi.util.updateQueryData('adminMentors', args, (mentors) => {
              for (const m of mentors) if (m._id in data.mentorCounts) m.stats.menteeCount = data.mentorCounts[m._id];
            }),
          );
        }
        for (const args of adminApi.util.selectCachedArgsForQuery(state, 'adminMentees')) {
          dispatch(
            adminApi.util.updateQueryData('adminMentees', args, (mentees) => {
              const i = mentees.findIndex((m) => m._id === data.mentee._id);
              if (i >= 0) mentees[i] = { ...mentees[i], ...data.mentee };
            }),
          );
        }
      },
    }),
    reportsOverview: build.query<ReportsOverviewResponse, AnalyticsPeriod>({
      query: (period) => ({ url: '/admin/reports/overview', params: { period } }),
      providesTags: dashboardTags('user'),
    }),
    health: build.query<{ status: string; database: { type: string; status: string } }, void>({
      query: () => '/health',
    }),
    auditLog: build.query<ListAuditResponse, ListAuditQuery>({
      query: (q) => ({ url: '/admin/audit', params: queryParams(q) }),
      providesTags: ['Audit'],
    }),
    /** Onboarding by CSV: a dry run writes nothing (nothing to invalidate); the import refreshes users and dashboards. */
    dryRunImport: build.mutation<ImportResponse, { kind: ImportKind; csv: string }>({
      query: ({ kind, csv }) => ({
        url: `/admin/imports/${kind}`,
        method: 'POST',
        params: { dryRun: 'true' },
        body: { csv },
      }),
    }),
    runImport: build.mutation<ImportResponse, { kind: ImportKind; csv: string }>({
      query: ({ kind, csv }) => ({
        url: `/admin/imports/${kind}`,
        method: 'POST',
        params: { dryRun: 'false' },
        body: { csv },
      }),
      invalidatesTags: usersChanged(),
    }),
    // Deployments change outside the portal (npm run remotes): read afresh each time the page opens.
    remotes: build.query<RemotesOverviewResponse, void>({
      query: () => '/admin/remotes',
      keepUnusedDataFor: 0,
    }),
  }),
});

export const {
  useAdminUsersQuery,
  useStudentGuardiansQuery,
  useInviteGuardianMutation,
  useResendGuardianInvitationMutation,
  useRemoveGuardianMutation,
  useAdminUserQuery,
  useCreateUserMutation,
  useUpdateUserEmailMutation,
  useUpdateUserProfileMutation,
  useToggleUserStatusMutation,
  useSetSafeguardingLeadMutation,
  useDeleteUserMutation,
  useErasurePreviewQuery,
  useApproveUserMutation,
  useDeclineUserMutation,
  useIssueResetLinkMutation,
  useResetAdminMfaMutation,
  usePasswordResetRequestsQuery,
  useAdminMentorsQuery,
  useAdminMenteesQuery,
  useAssignMentorMutation,
  useReportsOverviewQuery,
  useHealthQuery,
  useAuditLogQuery,
  useDryRunImportMutation,
  useRunImportMutation,
  useRemotesQuery,
  useConsentRecordsQuery,
  usePrivacyNoticeQuery,
  usePublishPrivacyNoticeMutation,
} = adminApi;
