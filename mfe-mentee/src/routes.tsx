import { Route, Routes } from '@portal/kit';
import { ComingSoon } from '@portal/kit/workflows';
import { MenteeDashboard } from './dashboard/MenteeDashboard';
import { GrievancesPage } from './grievances/GrievancesPage';
import { LeavesPage } from './leaves/LeavesPage';
import { MenteeProfilePage } from './profile/MenteeProfilePage';

/** Student screens, mounted by the shell under "/" (paths are relative). */
export default function MenteeRoutes() {
  return (
    <Routes>
      <Route path="dashboard" element={<MenteeDashboard />} />
      <Route path="profile" element={<MenteeProfilePage />} />
      <Route path="leaves" element={<LeavesPage />} />
      <Route path="grievances" element={<GrievancesPage />} />
      <Route path="*" element={<ComingSoon title="This page" />} />
    </Routes>
  );
}
