// @portal/people: mentees and their details.
export * from './peopleApi';
export * from './followupApi';
export * from './RiskSignalChips';
export * from './FollowUpDialogs';
export * from './MentoringLog';
export { usePeopleT } from './i18n';
export * from './disclosuresApi';
export * from './DisclosureLog';
