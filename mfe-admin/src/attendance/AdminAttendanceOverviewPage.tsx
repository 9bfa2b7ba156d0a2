import { AttendanceOverview, useAdminGroupsQuery } from '@portal/kit/workflows';

/** /attendance for admins: every group of every mentor. */
export function AdminAttendanceOverviewPage() {
  const { data, isLoading, error } = useAdminGroupsQuery();
  return <AttendanceOverview groups={data} isLoading={isLoading} error={error} />;
}
