import { useMentorGroupsQuery } from '@portal/groups';
import { GroupAttendanceOverview } from '@portal/attendance';

export function AttendanceOverviewPage() {
  const { data, isLoading, error } = useMentorGroupsQuery();
  return <GroupAttendanceOverview groups={data} isLoading={isLoading} error={error} />;
}
