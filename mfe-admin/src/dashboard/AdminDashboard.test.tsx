import { screen, within } from '@testing-library/react';
import { mockApi, renderWithPortal } from '../testing/renderWithPortal';
import { AdminDashboard } from './AdminDashboard';

const stats = {
  totalUsers: 10,
  activeUsers: 8,
  totalMentors: 2,
  totalMentees: 7,
  totalGroups: 1,
  pendingLeaves: 0,
  pendingGrievances: 0,
  escalatedGrievances: 0,
};

describe('admin dashboard', () => {
  it('shows pending mentor sign-ups with a link to them in user management', async () => {
    mockApi({
      'GET /admin/dashboard': { stats: { ...stats, pendingApprovals: 2 }, recentUsers: [], recentLeaves: [] },
    });
    renderWithPortal(<AdminDashboard />);
    expect(await screen.findByText('Pending approvals: 2 mentor sign-ups awaiting your decision')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Review in User Management' })).toHaveAttribute(
      'href',
      '/admin/users?status=pending',
    );
  });

  it('shows no approvals panel when none are pending', async () => {
    mockApi({
      'GET /admin/dashboard': { stats: { ...stats, pendingApprovals: 0 }, recentUsers: [], recentLeaves: [] },
    });
    renderWithPortal(<AdminDashboard />);
    expect(await screen.findByText('Total Users')).toBeInTheDocument();
    expect(screen.queryByTestId('pending-approvals')).not.toBeInTheDocument();
  });

  it('names the isActive count "Active Accounts" and captions Pending Leaves with leaves, not groups', async () => {
    mockApi({
      'GET /admin/dashboard': {
        stats: { ...stats, totalGroups: 3, pendingLeaves: 4, pendingApprovals: 0 },
        recentUsers: [],
        recentLeaves: [],
      },
    });
    renderWithPortal(<AdminDashboard />);
    const active = await screen.findByTestId('card-active-users');
    expect(within(active).getByText('Active Accounts')).toBeInTheDocument();
    expect(within(active).getByText('80% of all accounts, not deactivated')).toBeInTheDocument();
    expect(screen.queryByText('Active Users')).not.toBeInTheDocument();
    const leaves = screen.getByTestId('card-pending-leaves');
    expect(within(leaves).getByText('Requests awaiting a decision')).toBeInTheDocument();
    expect(screen.queryByText(/active groups?/)).not.toBeInTheDocument();
  });

  it('flags grievances escalated past their deadline, with a link to them', async () => {
    mockApi({
      'GET /admin/dashboard': {
        stats: { ...stats, pendingApprovals: 0, pendingGrievances: 1, escalatedGrievances: 2 },
        recentUsers: [],
        recentLeaves: [],
      },
    });
    renderWithPortal(<AdminDashboard />);
    expect(await screen.findByText('Escalated: 2 grievances are past the deadline')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Answer them in Grievance Management' })).toHaveAttribute(
      'href',
      '/admin/grievances',
    );
    // The escalated ones may be in progress, not pending: the tile says so rather than "1 pending · 2 escalated".
    expect(screen.getByText('2 open ones past the deadline, in progress included')).toBeInTheDocument();
  });
});
