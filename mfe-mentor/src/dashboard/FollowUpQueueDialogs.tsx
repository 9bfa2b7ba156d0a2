// Loaded on the first "Log follow-up" or "Dismiss": the forms are not needed to show the dashboard.
export { DismissSignalsDialog, LogFollowUpDialog } from '@portal/people';
