// @portal/groups: discussion groups.
export * from './groupsApi';
