/**
 * The access matrix: every HTTP route of the API, who may call it, and which ones act on a record that has an owner.
 * `roles` lists who passes the role check (everyone else signed in gets 403; anonymous callers and deactivated or
 * signed-out users get 401). `owned` names the fixture whose id fills `:id`: the caller's own record, and — for
 * `foreign` — one that belongs to another mentor, mentee or guardian, which must be refused with 403. A route that
 * names no roles is for staff and students: guardians reach only the routes listed with them.
 * access-matrix.e2e-spec.ts fails when the API registers a route that is missing here.
 */
export type Who = 'admin' | 'mentor' | 'mentee' | 'guardian';
export interface AccessRule {
  roles: Who[] | 'public';
  /** Fixture for :id when the caller uses their own record. */
  own?: string;
  /** Fixture for :id owned by someone else: mentors and mentees must get 403. */
  foreign?: string;
  /** Second path parameter (:type). */
  type?: string;
  /** A valid query string, for the same reason as `body`. */
  query?: string;
  /** A valid body, so that ownership is what decides (validation runs first). */
  body?: object;
}

export const ACCESS: Record<string, AccessRule> = {
  'GET /api/guardian/children': { roles: ['guardian'] },
  'GET /api/guardian/children/:id/attendance': { roles: ['guardian'], own: 'ownChild', foreign: 'foreignChild' },
  'GET /api/guardian/children/:id/leaves': { roles: ['guardian'], own: 'ownChild', foreign: 'foreignChild' },
  'GET /api/guardian/children/:id/leave-impact': {
    roles: ['guardian'],
    own: 'ownChild',
    foreign: 'foreignChild',
    query: 'startDate=2099-01-05&endDate=2099-01-06',
  },
  'POST /api/guardian/children/:id/leaves': {
    roles: ['guardian'],
    own: 'ownChild',
    foreign: 'foreignChild',
    body: { leaveType: 'casual', startDate: '2099-02-02', endDate: '2099-02-03', reason: 'Matrix' },
  },
  'PUT /api/guardian/leaves/:id/cancel': { roles: ['guardian'], own: 'guardianLeave', foreign: 'foreignLeave' },
  'GET /api/admin/mentees/:id/guardians': { roles: ['admin'], own: 'ownMentee' },
  'POST /api/admin/mentees/:id/guardians': {
    roles: ['admin'],
    own: 'ownMentee',
    body: { email: 'matrix.guardian@example.edu', fullName: 'Matrix Guardian' },
  },
  'POST /api/admin/guardian-links/:id/resend': { roles: ['admin'] },
  'DELETE /api/admin/guardian-links/:id': { roles: ['admin'] },
  'GET /api/health': { roles: 'public' },
  'GET /api/health/ready': { roles: 'public' },
  // The API reference: the OpenAPI document, and Swagger UI's page and files (SwaggerModule's routes). Read-only.
  'GET /api/docs-json': { roles: 'public' },
  'GET /api/docs': { roles: 'public' },
  'GET /api/docs/': { roles: 'public' },
  'GET /api/docs/index.html': { roles: 'public' },
  'GET /api/docs/LICENSE': { roles: 'public' },
  'GET /api/docs/swagger-ui-init.js': { roles: 'public' },
  'GET /api/docs/docs/swagger-ui-init.js': { roles: 'public' },
  'GET /api/docs/*': { roles: 'public' },
  'GET /api/docs/docs/*': { roles: 'public' },
  'POST /api/auth/login': { roles: 'public' },
  'POST /api/auth/register': { roles: 'public' },
  'GET /api/auth/me': { roles: ['admin', 'mentor', 'mentee', 'guardian'] },
  'PATCH /api/auth/me': { roles: ['admin', 'mentor', 'mentee', 'guardian'], body: { language: 'en' } },
  'POST /api/auth/logout': { roles: ['admin', 'mentor', 'mentee', 'guardian'] },
  'POST /api/auth/change-password': { roles: ['admin', 'mentor', 'mentee', 'guardian'] },
  'POST /api/auth/forgot-password': { roles: 'public' },
  'POST /api/auth/reset-password': { roles: 'public' },
  'PUT /api/mentors/profile': { roles: ['mentor'] },
  'GET /api/admin/dashboard': { roles: ['admin'] },
  'GET /api/mentors/dashboard': { roles: ['mentor'] },
  'GET /api/mentees/dashboard': { roles: ['mentee'] },
  'GET /api/admin/users': { roles: ['admin'] },
  'POST /api/admin/users': { roles: ['admin'] },
  'GET /api/admin/users/:id': { roles: ['admin'], own: 'spareUser' },
  'PUT /api/admin/users/:id': { roles: ['admin'], own: 'spareUser' },
  'PUT /api/admin/users/:id/profile': { roles: ['admin'], own: 'spareUser' },
  'PUT /api/admin/users/:id/toggle-status': { roles: ['admin'], own: 'spareUser' },
  'PUT /api/admin/users/:id/approve': { roles: ['admin'], own: 'spareUser' },
  'PUT /api/admin/users/:id/decline': { roles: ['admin'], own: 'spareUser' },
  'DELETE /api/admin/users/:id': { roles: ['admin'], own: 'spareUser' },
  'POST /api/admin/users/:id/reset-link': { roles: ['admin'], own: 'spareUser' },
  'GET /api/admin/password-resets': { roles: ['admin'] },
  'GET /api/admin/mentors': { roles: ['admin'] },
  'GET /api/admin/mentees': { roles: ['admin'] },
  'PUT /api/admin/assign-mentor': { roles: ['admin'] },
  'GET /api/admin/reports/overview': { roles: ['admin'] },
  'GET /api/admin/audit': { roles: ['admin'] },
  'GET /api/admin/remotes': { roles: ['admin'] },
  'GET /api/admin/mail-log': { roles: ['admin'] },
  'GET /api/admin/users/:id/guardian-notifications': { roles: ['admin'], own: 'ownMentee' },
  'PUT /api/admin/users/:id/guardian-notifications': { roles: ['admin'], own: 'ownMentee', body: { enabled: true } },
  'GET /api/notifications': { roles: ['admin', 'mentor', 'mentee', 'guardian'] },
  'GET /api/notifications/unread-count': { roles: ['admin', 'mentor', 'mentee', 'guardian'] },
  'GET /api/notifications/preferences': { roles: ['admin', 'mentor', 'mentee'] },
  'PUT /api/notifications/preferences': { roles: ['admin', 'mentor', 'mentee'], body: { email: {} } },
  'PUT /api/notifications/read-all': { roles: ['admin', 'mentor', 'mentee', 'guardian'] },
  // Someone else's notification is 404 like a missing one (its existence is not revealed), never 403.
  'PUT /api/notifications/:id/read': { roles: ['admin', 'mentor', 'mentee', 'guardian'] },
  'GET /api/admin/attendance': { roles: ['admin'] },
  'POST /api/admin/attendance': { roles: ['admin'] },
  'GET /api/admin/attendance/export': { roles: ['admin'] },
  'GET /api/admin/attendance/recorded': { roles: ['admin'] },
  'GET /api/mentees/:id/details': { roles: ['admin', 'mentor'], own: 'ownMentee', foreign: 'foreignMentee' },
  'POST /api/leaves': { roles: ['mentee'] },
  'GET /api/leaves/mentee': { roles: ['mentee'] },
  'GET /api/leaves/mentor': { roles: ['mentor'] },
  'GET /api/leaves/admin': { roles: ['admin'] },
  'GET /api/leaves/admin/export': { roles: ['admin'] },
  'GET /api/leaves/:id': { roles: ['admin', 'mentor', 'mentee'], own: 'ownLeave', foreign: 'foreignLeave' },
  'PUT /api/leaves/:id/approve': { roles: ['admin', 'mentor'], own: 'ownLeave', foreign: 'foreignLeave' },
  'PUT /api/leaves/:id/reject': { roles: ['admin', 'mentor'], own: 'ownLeave', foreign: 'foreignLeave' },
  'PUT /api/leaves/:id/cancel': { roles: ['mentee'], own: 'ownLeave', foreign: 'foreignLeave' },
  'GET /api/leaves/impact': { roles: ['mentee'] },
  'GET /api/calendar': { roles: ['admin', 'mentor', 'mentee', 'guardian'] },
  'PUT /api/admin/calendar': { roles: ['admin'], body: { weekendDays: [0] } },
  'POST /api/admin/calendar/closures': {
    roles: ['admin'],
    body: { closures: [{ date: '2031-01-01', reason: 'New year' }] },
  },
  'DELETE /api/admin/calendar/closures/:date': { roles: ['admin'] },
  // A dry run by default: the admin's call writes nothing.
  'POST /api/admin/imports/:kind': { roles: ['admin'], body: { csv: 'email\r\n' } },
  'GET /api/admin/imports/:kind/template': { roles: ['admin'] },
  'POST /api/grievances': { roles: ['mentee'] },
  'GET /api/grievances/mentee': { roles: ['mentee'] },
  'GET /api/grievances/mentor': { roles: ['mentor'] },
  'GET /api/grievances/admin': { roles: ['admin'] },
  'GET /api/grievances/admin/export': { roles: ['admin'] },
  'GET /api/grievances/:id': { roles: ['admin', 'mentor', 'mentee'], own: 'ownGrievance', foreign: 'foreignGrievance' },
  'PUT /api/grievances/:id/review': { roles: ['admin', 'mentor'], own: 'ownGrievance', foreign: 'foreignGrievance' },
  'PUT /api/grievances/:id/resolve': { roles: ['admin', 'mentor'], own: 'ownGrievance', foreign: 'foreignGrievance' },
  'PUT /api/grievances/:id/reject': { roles: ['admin', 'mentor'], own: 'ownGrievance', foreign: 'foreignGrievance' },
  'PUT /api/grievances/:id/priority': { roles: ['admin'], own: 'ownGrievance', body: { priority: 'high' } },
  'GET /api/grievances/:id/comments': {
    roles: ['admin', 'mentor', 'mentee'],
    own: 'ownGrievance',
    foreign: 'foreignGrievance',
  },
  'POST /api/grievances/:id/comments': {
    roles: ['admin', 'mentor', 'mentee'],
    own: 'ownGrievance',
    foreign: 'foreignGrievance',
    body: { content: 'x' },
  },
  'GET /api/grievances/:id/timeline': {
    roles: ['admin', 'mentor', 'mentee'],
    own: 'ownGrievance',
    foreign: 'foreignGrievance',
  },
  'POST /api/grievances/:id/confirm': { roles: ['mentee'], own: 'ownGrievance', foreign: 'foreignGrievance' },
  'POST /api/grievances/:id/reopen': {
    roles: ['mentee'],
    own: 'ownGrievance',
    foreign: 'foreignGrievance',
    body: { reason: 'x' },
  },
  'GET /api/admin/grievances/settings': { roles: ['admin'] },
  'PUT /api/admin/grievances/settings': { roles: ['admin'], body: { urgent: 1, high: 3, medium: 7, low: 14 } },
  'GET /api/admin/grievances/analytics': { roles: ['admin'] },
  'PUT /api/admin/grievances/:id/category': { roles: ['admin'], own: 'ownGrievance', body: { category: 'academic' } },
  'POST /api/admin/grievances/:id/reveal': { roles: ['admin'], own: 'ownGrievance', body: { reason: 'x' } },
  'GET /api/groups': { roles: ['mentor'] },
  'GET /api/admin/groups': { roles: ['admin'] },
  'GET /api/groups/mentee': { roles: ['mentee'] },
  'GET /api/groups/archived': { roles: ['mentor'] },
  'POST /api/groups/:id/restore': { roles: ['mentor'], own: 'editableGroup', foreign: 'foreignGroup' },
  'GET /api/groups/:id/details': { roles: ['admin', 'mentor', 'mentee'], own: 'ownGroup', foreign: 'foreignGroup' },
  'POST /api/groups': { roles: ['mentor'] },
  'PUT /api/groups/:id': {
    roles: ['mentor'],
    own: 'editableGroup',
    foreign: 'foreignGroup',
    body: { name: 'Renamed', menteeIds: [] },
  },
  'DELETE /api/groups/:id': { roles: ['mentor'], own: 'spareGroup', foreign: 'foreignGroup' },
  'GET /api/mentors/mentees': { roles: ['mentor'] },
  'GET /api/announcements': { roles: ['admin', 'mentor', 'mentee'] },
  'POST /api/announcements': { roles: ['mentor'] },
  'PATCH /api/announcements/:id': {
    roles: ['admin', 'mentor'],
    own: 'ownAnnouncement',
    foreign: 'foreignAnnouncement',
  },
  'DELETE /api/announcements/:id': {
    roles: ['admin', 'mentor'],
    own: 'spareAnnouncement',
    foreign: 'foreignAnnouncement',
  },
  'GET /api/announcements/:id/comments': {
    roles: ['admin', 'mentor', 'mentee'],
    own: 'ownAnnouncement',
    foreign: 'staffAnnouncement',
  },
  'POST /api/announcements/:id/comments': {
    roles: ['admin', 'mentor', 'mentee'],
    own: 'ownAnnouncement',
    foreign: 'staffAnnouncement',
    body: { content: 'x' },
  },
  'POST /api/announcements/:id/likes': {
    roles: ['admin', 'mentor', 'mentee'],
    own: 'ownAnnouncement',
    foreign: 'staffAnnouncement',
  },
  'GET /api/followup/queue': { roles: ['mentor'] },
  'GET /api/followup/contacts': { roles: ['mentor'] },
  'GET /api/followup/me': { roles: ['mentee'] },
  'GET /api/followup/mentees/:id': { roles: ['admin', 'mentor'], own: 'ownMentee', foreign: 'foreignMentee' },
  'POST /api/followup/mentees/:id/log': {
    roles: ['mentor'],
    own: 'ownMentee',
    foreign: 'foreignMentee',
    body: { date: '2026-01-05', mode: 'call', summary: 'Checked in' },
  },
  // Own mentee without a waiting signal: 409 (nothing to dismiss), past the ownership check.
  'POST /api/followup/mentees/:id/dismiss': {
    roles: ['mentor'],
    own: 'ownMentee',
    foreign: 'foreignMentee',
    body: { reason: 'Known: family trip' },
  },
  // An action item of someone else's mentee is 404 to a mentee (not revealed), 403 to another mentor (followup e2e).
  'PUT /api/followup/action-items/:id': { roles: ['mentor', 'mentee'], body: { done: true } },
  'GET /api/admin/followup/settings': { roles: ['admin'] },
  'PUT /api/admin/followup/settings': { roles: ['admin'], body: { noContactDays: 30 } },
  'GET /api/admin/followup/overview': { roles: ['admin'] },
  'GET /api/admin/followup/outcomes': { roles: ['admin'] },
  'GET /api/admin/followup/outcomes/export': { roles: ['admin'] },
  'GET /api/messages/conversations': { roles: ['admin', 'mentor', 'mentee'] },
  'GET /api/messages/group/:id': { roles: ['admin', 'mentor', 'mentee'], own: 'ownGroup', foreign: 'foreignGroup' },
  'GET /api/messages/individual/:id': { roles: ['admin', 'mentor', 'mentee'], own: 'partner', foreign: 'stranger' },
  'POST /api/messages': { roles: ['admin', 'mentor', 'mentee'] },
  // Mentees pass the role check but may not delete a conversation for everyone (403 from the service).
  'DELETE /api/messages/conversation/:type/:id': {
    roles: ['admin', 'mentor', 'mentee'],
    own: 'staffPartner',
    foreign: 'stranger',
    type: 'individual',
  },
  'POST /api/messages/attachments': { roles: ['admin', 'mentor', 'mentee'] },
  'GET /api/messages/attachments/:id': {
    roles: ['admin', 'mentor', 'mentee'],
    own: 'ownAttachment',
    foreign: 'foreignAttachment',
  },
};
