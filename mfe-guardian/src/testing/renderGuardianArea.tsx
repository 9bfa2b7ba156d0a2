import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { GuardianAttendanceDay, GuardianChild, GuardianChildAttendance, UserResponse } from '@portal/contracts';
import { createStore, sessionActions, ThemeProvider } from '@portal/web-core';
import { ChildAttendancePage } from '../attendance/ChildAttendancePage';
import { GuardianDashboard } from '../dashboard/GuardianDashboard';
import { ChildLeavesPage } from '../leaves/ChildLeavesPage';
import { ChildAnnouncementsPage } from '../announcements/ChildAnnouncementsPage';
import { GuardianProfilePage } from '../profile/GuardianProfilePage';

export const guardian: UserResponse = {
  _id: 'g1',
  email: 'guardian@example.edu',
  fullName: 'Maria Rivera',
  phone: '555-0199',
  role: 'guardian',
  isActive: true,
  pendingApproval: false,
  safeguardingLead: false,
  createdAt: '2026-01-05T10:00:00.000Z',
  lastLogin: null,
};

export const jordan: GuardianChild = {
  _id: 'c1',
  fullName: 'Jordan Rivera',
  studentId: 'STU-0042',
  class: '10',
  section: 'A',
  mentor: { fullName: 'Dr. Helen Carter', officeHours: 'Mon–Fri 15:00–16:00' },
};

export const asha: GuardianChild = {
  _id: 'c2',
  fullName: 'Asha Rivera',
  studentId: 'STU-0077',
  class: '9',
  section: 'B',
  mentor: null,
};

/** A child's answer for a month: `days` as given, the summary of a good record unless `over` says otherwise. */
export function attendanceOf(
  child: GuardianChild,
  over: Partial<GuardianChildAttendance> & { days?: GuardianAttendanceDay[] } = {},
): GuardianChildAttendance {
  return {
    child,
    today: { date: '2026-03-10', status: 'present' },
    month: '2026-03',
    days: [],
    summary: {
      totalDays: 40,
      presentDays: 37,
      lateDays: 2,
      absentDays: 2,
      leaveDays: 1,
      percentage: 92.5,
      percentageExcludingLeave: 94.9,
    },
    leaveEligible: true,
    ...over,
  };
}

/** The guardian's pages as the shell mounts them: one store with the guardian signed in, one router. */
export function renderGuardianArea(
  at: '/dashboard' | '/children/attendance' | '/leaves' | '/profile' | '/announcements' = '/dashboard',
) {
  const store = createStore();
  store.dispatch(sessionActions.profileLoaded({ user: guardian, profile: null, language: 'en' }));
  return render(
    <Provider store={store}>
      <ThemeProvider>
        <MemoryRouter initialEntries={[at]}>
          <Routes>
            <Route path="/dashboard" element={<GuardianDashboard />} />
            <Route path="/children/attendance" element={<ChildAttendancePage />} />
            <Route path="/leaves" element={<ChildLeavesPage />} />
            <Route path="/profile" element={<GuardianProfilePage />} />
            <Route path="/announcements" element={<ChildAnnouncementsPage />} />
          </Routes>
        </MemoryRouter>
      </ThemeProvider>
    </Provider>,
  );
}
