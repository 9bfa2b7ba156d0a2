import { Route, Routes } from 'react-router-dom';
import { ComingSoon } from '@portal/kit';
import { MenteeDashboard } from './dashboard/MenteeDashboard';
import { MenteeProfilePage } from './profile/MenteeProfilePage';

/** Student screens, mounted by the shell under "/" (paths are relative). */
export default function MenteeRoutes() {
  return (
    <Routes>
      <Route path="dashboard" element={<MenteeDashboard />} />
      <Route path="profile" element={<MenteeProfilePage />} />
      <Route path="leaves" element={<ComingSoon title="Leave Requests" />} />
      <Route path="grievances" element={<ComingSoon title="Grievances" />} />
      <Route path="*" element={<ComingSoon title="This page" />} />
    </Routes>
  );
}
