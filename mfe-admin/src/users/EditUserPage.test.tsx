import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { AdminUserDetail } from '@portal/contracts';
import { mockApi, renderWithPortal } from '../testing/renderWithPortal';
import { EditUserPage } from './EditUserPage';

const mentor: AdminUserDetail = {
  user: {
    _id: 'u1',
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
    _id: 'u1',
    fullName: 'Ravi Kumar',
    phone: '555-0101',
    employeeId: 'EMP-1',
    department: 'Mathematics',
    subjects: ['Algebra', 'Geometry'],
    qualifications: 'M.Sc.',
    citations: '',
    experience: 7,
    officeHours: '9:00 AM - 5:00 PM',
  },
};

const open = (id = 'u1') =>
  renderWithPortal(<EditUserPage />, { at: `/admin/edit-user/${id}`, route: '/admin/edit-user/:userId' });

describe('EditUserPage', () => {
  it('loads the user, then refuses an empty full name, a bad e-mail and negative experience without saving', async () => {
    const calls = mockApi({ 'GET /admin/users/u1': mentor });
    open();
    const name = await screen.findByLabelText('Full name');
    await waitFor(() => expect(name).toHaveValue('Ravi Kumar'));
    expect(screen.getByLabelText('Subjects')).toHaveValue('Algebra, Geometry');

    fireEvent.change(name, { target: { value: '  ' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'not an email' } });
    fireEvent.change(screen.getByLabelText('Experience (years)'), { target: { value: '-2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Full name is required')).toBeInTheDocument();
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
    expect(await screen.findByText('Experience must be 0 or more')).toBeInTheDocument();
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('saves the profile with lists split from comma-separated text', async () => {
    const calls = mockApi({ 'GET /admin/users/u1': mentor, 'PUT /admin/users/u1/profile': mentor });
    open();
    const subjects = await screen.findByLabelText('Subjects');
    await waitFor(() => expect(subjects).toHaveValue('Algebra, Geometry'));
    fireEvent.change(subjects, { target: { value: ' Algebra ,, Calculus,  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('elsewhere')).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.path).toBe('/admin/users/u1/profile');
    expect(put?.body).toMatchObject({ fullName: 'Ravi Kumar', subjects: ['Algebra', 'Calculus'], experience: 7 });
    expect(calls.some((c) => c.path === '/admin/users/u1' && c.method === 'PUT')).toBe(false);
  });

  it('saves a mentee recorded without class and section when the admin leaves them empty, but not a cleared class', async () => {
    const mentee: AdminUserDetail = {
      user: { ...mentor.user, _id: 'u2', email: 'asha@example.edu', fullName: 'Asha Singh', role: 'mentee' },
      profile: {
        _id: 'u2',
        fullName: 'Asha Singh',
        phone: '555-0102',
        studentId: 'STU-1',
        class: '',
        section: '',
        academicYear: '',
        dateOfBirth: null,
        address: '',
        bloodGroup: null,
        medicalConditions: '',
        hobbies: [],
        mentorId: null,
        parentInfo: {},
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
      },
    };
    const calls = mockApi({ 'GET /admin/users/u2': mentee, 'PUT /admin/users/u2/profile': mentee });
    open('u2');
    const phone = await screen.findByLabelText('Phone');
    await waitFor(() => expect(phone).toHaveValue('555-0102'));
    fireEvent.change(phone, { target: { value: '555-0199' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toMatchObject({ fullName: 'Asha Singh', phone: '555-0199' });
    expect(put?.body).not.toHaveProperty('class');
    expect(put?.body).not.toHaveProperty('section');
    expect(screen.queryByText('Class is required')).not.toBeInTheDocument();
  });

  it('refuses to empty a class that is set', async () => {
    const mentee = {
      user: { ...mentor.user, _id: 'u3', role: 'mentee' as const },
      profile: { _id: 'u3', fullName: 'Ravi Kumar', phone: '', studentId: 'S', class: '10', section: 'A', hobbies: [] },
    } as unknown as AdminUserDetail;
    const calls = mockApi({ 'GET /admin/users/u3': mentee });
    open('u3');
    const cls = await screen.findByLabelText('Class');
    await waitFor(() => expect(cls).toHaveValue('10'));
    fireEvent.change(cls, { target: { value: ' ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Class is required')).toBeInTheDocument();
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('says "User Not Found" for an unknown id, with a way back to the dashboard', async () => {
    mockApi({ 'GET /admin/users/nope': [404, { statusCode: 404, message: 'User not found' }] });
    open('nope');
    expect(await screen.findByText('User Not Found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /dashboard/i })).toHaveAttribute('href', '/dashboard');
  });
});
