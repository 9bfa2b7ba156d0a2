import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminUserDetail, MenteeProfile } from '@portal/contracts';
import { mockApi, renderWithPortal } from '../testing/renderWithPortal';
import { EditUserPage } from './EditUserPage';

const mentee = (parentEmail?: string): AdminUserDetail => ({
  user: {
    _id: 'u2',
    email: 'asha@example.edu',
    fullName: 'Asha Singh',
    phone: '555-0102',
    role: 'mentee',
    isActive: true,
    pendingApproval: false,
    safeguardingLead: false,
    createdAt: '2026-01-05T10:00:00Z',
    lastLogin: null,
  },
  profile: {
    _id: 'u2',
    fullName: 'Asha Singh',
    phone: '555-0102',
    studentId: 'STU-1',
    class: '10',
    section: 'A',
    academicYear: '2025-26',
    dateOfBirth: null,
    address: '',
    bloodGroup: null,
    medicalConditions: '',
    hobbies: [],
    mentorId: null,
    parentInfo: parentEmail ? { email: parentEmail } : {},
    attendance: {
      totalDays: 0,
      presentDays: 0,
      lateDays: 0,
      absentDays: 0,
      leaveDays: 0,
      percentage: 0,
      percentageExcludingLeave: null,
    },
    attendanceHistory: [],
  } as MenteeProfile,
});

const open = () => renderWithPortal(<EditUserPage />, { at: '/admin/edit-user/u2', route: '/admin/edit-user/:userId' });

describe("the guardian notices switch on a student's edit screen", () => {
  it('shows the setting, switches it off with a notice, and names where the notices go', async () => {
    const calls = mockApi({
      'GET /admin/users/u2': mentee('parent@example.com'),
      'GET /admin/users/u2/guardian-notifications': { enabled: true },
      'PUT /admin/users/u2/guardian-notifications': { enabled: false },
    });
    open();
    const section = await screen.findByTestId('guardian-notices');
    const toggle = await within(section).findByRole('switch', { name: 'Send absence notices to the guardian' });
    expect(toggle).toBeChecked();
    expect(within(section).getByText('parent@example.com')).toBeInTheDocument();
    expect(within(section).queryByText('No guardian e-mail on file')).not.toBeInTheDocument();

    fireEvent.click(toggle);
    expect(await screen.findByText('Absence notices to the guardian turned off')).toBeInTheDocument();
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([
      { method: 'PUT', path: '/admin/users/u2/guardian-notifications', body: { enabled: false } },
    ]);
  });

  it('says when the student has no guardian e-mail, and shows a refused change as an error', async () => {
    mockApi({
      'GET /admin/users/u2': mentee(),
      'GET /admin/users/u2/guardian-notifications': { enabled: true },
      'PUT /admin/users/u2/guardian-notifications': [403, { statusCode: 403, message: 'Admins only' }],
    });
    open();
    const section = await screen.findByTestId('guardian-notices');
    expect(await within(section).findByText('No guardian e-mail on file')).toBeInTheDocument();
    const toggle = within(section).getByRole('switch', { name: 'Send absence notices to the guardian' });
    fireEvent.click(toggle);
    expect(await screen.findByText('Admins only')).toBeInTheDocument();
    expect(toggle).toBeChecked();
  });

  it('is not there for a mentor', async () => {
    const detail = mentee();
    mockApi({ 'GET /admin/users/u2': { ...detail, user: { ...detail.user, role: 'mentor' }, profile: null } });
    open();
    await screen.findByRole('button', { name: 'Save Changes' });
    expect(screen.queryByTestId('guardian-notices')).not.toBeInTheDocument();
  });
});
