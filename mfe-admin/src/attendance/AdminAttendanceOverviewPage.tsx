import { useAdminGroupsQuery } from '@portal/groups';
import { GroupAttendanceOverview } from '@portal/attendance';

/** /attendance for admins: every group of every mentor. */
export function AdminAttendanceOverviewPage() {
  const { data, isLoading, error } = useAdminGroupsQuery();
  return <GroupAttendanceOverview groups={data} isLoading={isLoading} error={error} />;
}
