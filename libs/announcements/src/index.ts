// @portal/announcements: announcements with their live updates, and the students' feed.
export * from './announcementsApi';
export * from './AnnouncementsFeed';
export * from './AudiencePicker';
export * from './useAudienceLabel';
