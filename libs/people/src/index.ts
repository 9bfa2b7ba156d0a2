// @portal/people: mentees and their details.
export * from './peopleApi';
