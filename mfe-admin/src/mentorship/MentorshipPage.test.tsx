import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminUserDetail, MenteeRecord, MentorRecord } from '@portal/contracts';
import { mockApi, renderWithPortal } from '../testing/renderWithPortal';
import { MentorshipPage } from './MentorshipPage';

const mentorRecord: MentorRecord = {
  _id: 'm1',
  fullName: 'Ravi Kumar',
  employeeId: 'EMP-1',
  department: 'Mathematics',
  phone: '555-0101',
  experience: 7,
  officeHours: '9-5',
  subjects: ['Algebra', 'Geometry', 'Calculus', 'Statistics', 'Logic'],
  qualifications: '',
  citations: '',
  userId: { _id: 'm1', email: 'ravi@example.edu', isActive: true },
  stats: { menteeCount: 1, groupCount: 2 },
};
const menteeRecord: MenteeRecord = {
  _id: 's1',
  fullName: 'Asha Singh',
  studentId: 'STU-1',
  class: '10',
  section: 'A',
  phone: '',
  address: '',
  academicYear: '2025-2026',
  dateOfBirth: null,
  bloodGroup: null,
  hobbies: [],
  userId: { _id: 's1', email: 'asha@example.edu', lastLogin: null, isActive: true },
  mentorId: null,
  attendance: {
    totalDays: 20,
    presentDays: 19,
    lateDays: 0,
    absentDays: 1,
    leaveDays: 0,
    percentage: 95,
    percentageExcludingLeave: null,
  },
};
const mentorDetail: AdminUserDetail = {
  user: {
    _id: 'm1',
    email: 'ravi@example.edu',
    fullName: 'Ravi Kumar',
    phone: '555-0101',
    role: 'mentor',
    isActive: true,
    pendingApproval: false,
    safeguardingLead: false,
    createdAt: '2026-01-05T10:00:00Z',
    lastLogin: null,
  },
  profile: {
    _id: 'm1',
    fullName: 'Ravi Kumar',
    phone: '555-0101',
    employeeId: 'EMP-1',
    department: 'Mathematics',
    subjects: mentorRecord.subjects,
    qualifications: '',
    citations: '',
    experience: 7,
    officeHours: '9-5',
  },
};

const routes = {
  'GET /admin/mentors': [mentorRecord],
  'GET /admin/mentees': (url: URL) => (url.searchParams.get('mentorId') === 'm1' ? [] : [menteeRecord]),
  'GET /admin/users/m1': mentorDetail,
};

describe('MentorshipPage', () => {
  it('shows mentor cards with the subject overflow, and the edit dialog requires the full name', async () => {
    const calls = mockApi(routes);
    renderWithPortal(<MentorshipPage />, { at: '/admin/mentorship', route: '/admin/mentorship' });
    const card = await screen.findByTestId('mentor-card');
    expect(within(card).getByText('+2')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Mentors (1)' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Mentees (1)' })).toBeInTheDocument();

    fireEvent.click(within(card).getByRole('button', { name: /Edit/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Edit Mentor: Ravi Kumar')).toBeInTheDocument();
    const name = await within(dialog).findByLabelText('Full name');
    await waitFor(() => expect(name).toHaveValue('Ravi Kumar'));
    fireEvent.change(name, { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update Mentor' }));
    expect(await within(dialog).findByText('Full name is required')).toBeInTheDocument();
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('opens the mentees tab from ?tab=mentees, and View Mentees filters by that mentor', async () => {
    const calls = mockApi(routes);
    renderWithPortal(<MentorshipPage />, { at: '/admin/mentorship?tab=mentees', route: '/admin/mentorship' });
    const card = await screen.findByTestId('mentee-card');
    expect(within(card).getByText('No mentor assigned')).toBeInTheDocument();
    expect(within(card).getByText('19/20 days')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('tab', { name: 'Mentors (1)' }));
    fireEvent.click(within(await screen.findByTestId('mentor-card')).getByRole('button', { name: /View Mentees/ }));
    expect(await screen.findByText('Mentees of Ravi Kumar')).toBeInTheDocument();
    expect(await screen.findByText('This mentor has no mentees yet')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/admin/mentees' && c.method === 'GET')).toBe(true);
  });

  it('pages the mentee cards by 12, and a search starts again at page 1', async () => {
    const forty = Array.from({ length: 40 }, (_, i) => ({
      ...menteeRecord,
      _id: `s${i + 1}`,
      fullName: `Student ${String(i + 1).padStart(2, '0')}`,
    }));
    mockApi({
      ...routes,
      'GET /admin/mentees': (url: URL) =>
        url.searchParams.get('search') ? forty.filter((m) => m.fullName.endsWith('7')) : forty,
    });
    renderWithPortal(<MentorshipPage />, { at: '/admin/mentorship?tab=mentees', route: '/admin/mentorship' });
    expect(await screen.findAllByTestId('mentee-card')).toHaveLength(12);
    expect(screen.getByText('Student 01')).toBeInTheDocument();
    expect(screen.getByText('1–12 of 40')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('listitem', { name: '4' }));
    expect(await screen.findByText('Student 40')).toBeInTheDocument();
    expect(screen.getAllByTestId('mentee-card')).toHaveLength(4);
    expect(screen.queryByText('Student 01')).not.toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Search'), { target: { value: '7' } });
    expect(await screen.findByText('Student 07')).toBeInTheDocument();
    expect(screen.getAllByTestId('mentee-card')).toHaveLength(4);
    expect(screen.queryByText(/of 40/)).not.toBeInTheDocument();
  });
});
