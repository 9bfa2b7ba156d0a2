// @portal/grievances: grievances for every role's screens.
export * from './grievancesApi';
export * from './GrievanceStatusTag';
export * from './GrievanceThread';
export * from './GrievanceDetails';
export * from './GrievancesBoard';
export * from './GrievanceActionButtons';
export * from './GrievancePrioritySelect';
export * from './GrievanceTimeline';
export * from './GrievanceStudentAnswer';
export * from './GrievanceCategorySelect';
export * from './labels';
