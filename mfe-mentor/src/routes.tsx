import { Route, Routes } from '@portal/kit';
import { ComingSoon } from '@portal/kit/workflows';
import { MentorDashboard } from './dashboard/MentorDashboard';
import { AttendanceOverviewPage } from './attendance/AttendanceOverviewPage';
import { GrievancesPage } from './grievances/GrievancesPage';
import { GroupsPage } from './groups/GroupsPage';
import { LeavesPage } from './leaves/LeavesPage';
import { MentorProfilePage } from './profile/MentorProfilePage';

/** Mentor screens, mounted by the shell under "/" (paths are relative). */
export default function MentorRoutes() {
  return (
    <Routes>
      <Route path="dashboard" element={<MentorDashboard />} />
      <Route path="profile" element={<MentorProfilePage />} />
      <Route path="groups" element={<GroupsPage />} />
      <Route path="attendance" element={<AttendanceOverviewPage />} />
      <Route path="leaves" element={<LeavesPage />} />
      <Route path="grievances" element={<GrievancesPage />} />
      <Route path="*" element={<ComingSoon title="This page" />} />
    </Routes>
  );
}
