import { Suspense } from 'react';
import { FullPageSpinner, lazyPage, Route, Routes } from '@portal/kit';

// Each screen downloads on its first visit.
const ComingSoon = lazyPage(() => import(/* webpackExports: ["ComingSoon"] */ '@portal/kit/workflows'), 'ComingSoon');
const MentorDashboard = lazyPage(() => import('./dashboard/MentorDashboard'), 'MentorDashboard');
const AttendanceOverviewPage = lazyPage(() => import('./attendance/AttendanceOverviewPage'), 'AttendanceOverviewPage');
const GrievancesPage = lazyPage(() => import('./grievances/GrievancesPage'), 'GrievancesPage');
const GroupsPage = lazyPage(() => import('./groups/GroupsPage'), 'GroupsPage');
const LeavesPage = lazyPage(() => import('./leaves/LeavesPage'), 'LeavesPage');
const MentorProfilePage = lazyPage(() => import('./profile/MentorProfilePage'), 'MentorProfilePage');

/** Mentor screens, mounted by the shell under "/" (paths are relative). */
export default function MentorRoutes() {
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <Routes>
        <Route path="dashboard" element={<MentorDashboard />} />
        <Route path="profile" element={<MentorProfilePage />} />
        <Route path="groups" element={<GroupsPage />} />
        <Route path="attendance" element={<AttendanceOverviewPage />} />
        <Route path="leaves" element={<LeavesPage />} />
        <Route path="grievances" element={<GrievancesPage />} />
        <Route path="*" element={<ComingSoon title="This page" />} />
      </Routes>
    </Suspense>
  );
}
