import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminUserListItem } from '@portal/contracts';
import { mockApi, renderWithPortal } from '../testing/renderWithPortal';
import { UsersPage } from './UsersPage';

const pending: AdminUserListItem = {
  _id: 'u-pending',
  email: 'new.mentor@example.edu',
  fullName: 'New Mentor',
  phone: '555',
  role: 'mentor',
  isActive: false,
  pendingApproval: true,
  safeguardingLead: false,
  createdAt: '2026-11-20T10:00:00.000Z',
  lastLogin: null,
  profile: { fullName: 'New Mentor', phone: '555', employeeId: 'EMP-1', department: 'Physics' },
};
const active: AdminUserListItem = {
  ...pending,
  _id: 'u-active',
  email: 'jordan@example.edu',
  fullName: 'Jordan Rivera',
  role: 'mentee',
  isActive: true,
  pendingApproval: false,
  safeguardingLead: false,
};
const list = (users: AdminUserListItem[]) => ({ users, total: users.length, page: 1, totalPages: 1 });

describe('user management: approvals and reset links', () => {
  it('opens filtered on pending sign-ups from the dashboard link, and approves or declines them', async () => {
    const calls = mockApi({
      'GET /admin/users': (url: URL) =>
        list(url.searchParams.get('status') === 'pending' ? [pending] : [pending, active]),
      'GET /admin/password-resets': [],
      'PUT /admin/users/u-pending/approve': {
        user: { ...pending, isActive: true, pendingApproval: false },
        profile: null,
      },
      'PUT /admin/users/u-pending/decline': { message: 'Sign-up declined and account removed', removed: {} },
    });
    renderWithPortal(<UsersPage />, { at: '/admin/users?status=pending', route: '/admin/users' });
    const card = await screen.findByTestId('user-card');
    expect(within(card).getByText('Pending approval')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/admin/users')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Approve New Mentor' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'PUT' && c.path === '/admin/users/u-pending/approve')).toBe(true),
    );
    fireEvent.click(within(card).getByRole('button', { name: 'Decline New Mentor' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'PUT' && c.path === '/admin/users/u-pending/decline')).toBe(true),
    );
  });

  it('"Send reset link" shows the single-use link with a copy button when the portal sends no e-mail; open requests are listed', async () => {
    mockApi({
      'GET /admin/users': list([active]),
      'GET /admin/password-resets': [
        {
          _id: 'r1',
          userId: 'u-active',
          email: active.email,
          fullName: active.fullName,
          role: 'mentee',
          requestedAt: '2026-11-23T09:00:00.000Z',
        },
      ],
      'POST /admin/users/u-active/reset-link': {
        emailed: false,
        to: null,
        token: 'tok123',
        url: '/reset-password?token=tok123',
        expiresAt: '2026-11-23T10:30:00.000Z',
      },
    });
    renderWithPortal(<UsersPage />, { at: '/admin/users', route: '/admin/users' });
    expect(await screen.findByText('Password reset requests (1)')).toBeInTheDocument();
    const card = await screen.findByTestId('user-card');
    fireEvent.click(within(card).getByRole('button', { name: 'Send reset link to Jordan Rivera' }));
    const link = await screen.findByTestId('reset-link');
    expect(link).toHaveTextContent(`${window.location.origin}/reset-password?token=tok123`);
    expect(within(link).getByRole('button', { name: /copy/i })).toBeInTheDocument();
    expect(screen.getByText(/This portal sends no e-mail \(no mail server is set\)/)).toBeInTheDocument();
  });

  it('"Send reset link" says the link was e-mailed, and shows none, when the portal sends e-mail', async () => {
    mockApi({
      'GET /admin/users': list([active]),
      'GET /admin/password-resets': [],
      'POST /admin/users/u-active/reset-link': {
        emailed: true,
        to: active.email,
        token: null,
        url: null,
        expiresAt: '2026-11-23T10:30:00.000Z',
      },
    });
    renderWithPortal(<UsersPage />, { at: '/admin/users', route: '/admin/users' });
    const card = await screen.findByTestId('user-card');
    fireEvent.click(within(card).getByRole('button', { name: 'Send reset link to Jordan Rivera' }));
    expect(
      await screen.findByText(
        `A reset link was e-mailed to Jordan Rivera (${active.email}). It works once, for 30 minutes.`,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('reset-link')).not.toBeInTheDocument();
  });

  it("resets another admin's second factor after a confirmation; a mentee's card offers none", async () => {
    const otherAdmin: AdminUserListItem = {
      ...active,
      _id: 'u-admin2',
      email: 'second.admin@example.edu',
      fullName: 'Second Admin',
      role: 'admin',
    };
    const calls = mockApi({
      'GET /admin/users': list([otherAdmin, active]),
      'GET /admin/password-resets': [],
      'DELETE /admin/users/u-admin2/mfa': () => new Response(null, { status: 204 }),
    });
    renderWithPortal(<UsersPage />, { at: '/admin/users', route: '/admin/users' });
    const [adminCard, menteeCard] = await screen.findAllByTestId('user-card');
    expect(within(menteeCard).queryByRole('button', { name: /second factor/ })).not.toBeInTheDocument();
    fireEvent.click(within(adminCard).getByRole('button', { name: 'Reset the second factor of Second Admin' }));
    expect(await screen.findByText('Reset the second factor of Second Admin?')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(await screen.findByText(/The second factor of Second Admin is reset/)).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/admin/users/u-admin2/mfa']),
    );
  });
});
