import { AttendanceOverview, useMentorGroupsQuery } from '@portal/kit/workflows';

export function AttendanceOverviewPage() {
  const { data, isLoading, error } = useMentorGroupsQuery();
  return <AttendanceOverview groups={data} isLoading={isLoading} error={error} />;
}
