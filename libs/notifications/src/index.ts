// @portal/notifications: the in-app inbox (endpoints with live updates over the socket), the header's bell, the
// notifications page with the e-mail preferences, and the admin's delivery-log and guardian-notice endpoints.
export * from './notificationsApi';
export * from './NotificationItem';
export * from './NotificationBell';
export * from './EmailPreferences';
export * from './NotificationsPage';
