import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminUserDetail, AdminUserListItem } from '@portal/contracts';
import { mockApi, renderWithPortal } from '../testing/renderWithPortal';
import { EditUserPage } from './EditUserPage';
import { UsersPage } from './UsersPage';

const admin = (safeguardingLead: boolean): AdminUserDetail => ({
  user: {
    _id: 'a2',
    email: 'priya@example.edu',
    fullName: 'Priya Shah',
    phone: '555-0109',
    role: 'admin',
    isActive: true,
    pendingApproval: false,
    safeguardingLead,
    createdAt: '2026-01-05T10:00:00Z',
    lastLogin: null,
  },
  profile: {
    _id: 'a2',
    fullName: 'Priya Shah',
    phone: '555-0109',
    employeeId: 'ADM-2',
    department: 'Administration',
    position: 'Deputy Head',
  } as AdminUserDetail['profile'],
});

const open = () => renderWithPortal(<EditUserPage />, { at: '/admin/edit-user/a2', route: '/admin/edit-user/:userId' });

describe("the safeguarding lead switch on an admin's edit screen", () => {
  it('designates the admin a lead, with a notice, and the switch shows the answer', async () => {
    // The server's answer, and what it answers afterwards (the list and the detail are read again).
    let lead = false;
    const calls = mockApi({
      'GET /admin/users/a2': () => admin(lead),
      'PUT /admin/users/a2/safeguarding-lead': (_url: URL, body: { lead: boolean }) => admin((lead = body.lead)),
    });
    open();
    const section = await screen.findByTestId('safeguarding-lead');
    const toggle = within(section).getByRole('switch', { name: 'Safeguarding lead' });
    expect(toggle).not.toBeChecked();
    expect(within(section).getByText(/kept for 365 days/)).toBeInTheDocument();

    fireEvent.click(toggle);
    expect(await screen.findByText('Priya Shah is now a safeguarding lead')).toBeInTheDocument();
    await waitFor(() => expect(toggle).toBeChecked());
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([
      { method: 'PUT', path: '/admin/users/a2/safeguarding-lead', body: { lead: true } },
    ]);
  });

  it('shows a refused change as an error and keeps the switch as it was', async () => {
    mockApi({
      'GET /admin/users/a2': admin(true),
      'PUT /admin/users/a2/safeguarding-lead': [
        400,
        { statusCode: 400, code: 'LEAD_MUST_BE_ADMIN', message: 'Only an admin can be a safeguarding lead.' },
      ],
    });
    open();
    const toggle = await within(await screen.findByTestId('safeguarding-lead')).findByRole('switch', {
      name: 'Safeguarding lead',
    });
    expect(toggle).toBeChecked();
    fireEvent.click(toggle);
    expect(await screen.findByText('Only an admin can be a safeguarding lead.')).toBeInTheDocument();
    expect(toggle).toBeChecked();
  });

  it('is not there for a mentor', async () => {
    const detail = admin(false);
    mockApi({ 'GET /admin/users/a2': { ...detail, user: { ...detail.user, role: 'mentor' }, profile: null } });
    open();
    await screen.findByRole('button', { name: 'Save Changes' });
    expect(screen.queryByTestId('safeguarding-lead')).not.toBeInTheDocument();
  });
});

describe('User Management', () => {
  it('tags the admins who are safeguarding leads', async () => {
    const item = (id: string, fullName: string, safeguardingLead: boolean): AdminUserListItem => ({
      ...admin(safeguardingLead).user,
      _id: id,
      fullName,
      profile: null,
    });
    mockApi({
      'GET /admin/users': {
        users: [item('a1', 'Alex Morgan', false), item('a2', 'Priya Shah', true)],
        total: 2,
        page: 1,
        limit: 20,
      },
      'GET /admin/password-resets': [],
    });
    renderWithPortal(<UsersPage />);
    const cards = await screen.findAllByTestId('user-card');
    expect(within(cards[0]).queryByText('Safeguarding lead')).not.toBeInTheDocument();
    expect(within(cards[1]).getByText('Safeguarding lead')).toBeInTheDocument();
  });
});
