import { Suspense } from 'react';
import { FullPageSpinner, lazyPage, Route, Routes } from '@portal/kit';

// Each screen downloads on its first visit.
const ComingSoon = lazyPage(() => import(/* webpackExports: ["ComingSoon"] */ '@portal/kit/workflows'), 'ComingSoon');
const MenteeDashboard = lazyPage(() => import('./dashboard/MenteeDashboard'), 'MenteeDashboard');
const GrievancesPage = lazyPage(() => import('./grievances/GrievancesPage'), 'GrievancesPage');
const LeavesPage = lazyPage(() => import('./leaves/LeavesPage'), 'LeavesPage');
const MenteeProfilePage = lazyPage(() => import('./profile/MenteeProfilePage'), 'MenteeProfilePage');

/** Student screens, mounted by the shell under "/" (paths are relative). */
export default function MenteeRoutes() {
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <Routes>
        <Route path="dashboard" element={<MenteeDashboard />} />
        <Route path="profile" element={<MenteeProfilePage />} />
        <Route path="leaves" element={<LeavesPage />} />
        <Route path="grievances" element={<GrievancesPage />} />
        <Route path="*" element={<ComingSoon title="This page" />} />
      </Routes>
    </Suspense>
  );
}
