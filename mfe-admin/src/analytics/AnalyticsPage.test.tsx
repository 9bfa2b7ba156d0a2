import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReportsOverviewResponse } from '@portal/contracts';
import { SocketProvider } from '@portal/web-core';
import { mockApi, renderWithPortal } from '../testing/renderWithPortal';
import { AnalyticsPage } from './AnalyticsPage';
import { LeaveStatsCard } from './LeaveStatsCard';
import { fillTrend } from './fillTrend';

const overview = (period: ReportsOverviewResponse['period']): ReportsOverviewResponse => ({
  period,
  from: '2026-03-01T12:00:00.000Z',
  to: '2026-03-31T12:00:00.000Z',
  previousFrom: '2026-01-30T12:00:00.000Z',
  stats: { totalUsers: 45, signedInUsers: 12, mentorMenteePairs: 40, avgAttendance: 82.7 },
  changeFromPreviousPeriod: { totalUsers: 12.5, signedInUsers: null, mentorMenteePairs: 0, avgAttendance: -3.6 },
  attendanceStats: { avgAttendance: 82.7, totalStudents: 40, recordedDays: 20 },
  userTrends: [
    { _id: '2026-03-02', count: 3 },
    { _id: '2026-03-20', count: 1 },
  ],
  leaveStats: [
    { _id: 'approved', count: 3 },
    { _id: 'pending', count: 1 },
  ],
  recentUsers: [
    { _id: 'u1', email: 'asha@example.edu', role: 'mentee', fullName: 'Asha Singh', createdAt: '2026-03-20T09:00:00Z' },
  ],
  quickStats: { totalGroups: 3, pendingLeaves: 1, totalStudents: 40, avgPerformance: 81.4, studentsRated: 38 },
  engagement: { activityRate: 27, activeMentors: 2, activeMentees: 10, signedInUsers: 12, avgAttendance: 82.7 },
});

const renderPage = () =>
  renderWithPortal(
    <SocketProvider token={null}>
      <AnalyticsPage />
    </SocketProvider>,
  );

describe('AnalyticsPage', () => {
  it('sends the chosen period, shows computed changes and the live system health', async () => {
    const periods: (string | null)[] = [];
    mockApi({
      'GET /admin/reports/overview': (url: URL) => {
        periods.push(url.searchParams.get('period'));
        return overview((url.searchParams.get('period') ?? '30d') as ReportsOverviewResponse['period']);
      },
      'GET /health': { status: 'ok', database: { type: 'mysql', status: 'up' } },
    });
    renderWithPortal(
      <SocketProvider token={null}>
        <AnalyticsPage />
      </SocketProvider>,
    );
    expect(await screen.findByText('Mentor-Mentee Pairs')).toBeInTheDocument();
    expect(periods).toEqual(['30d']);
    expect(screen.getByText(/\+12.5% vs previous 30 days/)).toBeInTheDocument();
    expect(screen.getByText(/-3.6 pts vs previous 30 days/)).toBeInTheDocument();
    expect(screen.getByText('— vs previous 30 days')).toBeInTheDocument();
    expect(screen.queryByText(/from last month/)).not.toBeInTheDocument();
    expect(await screen.findByText('Connected (mysql)')).toBeInTheDocument();
    expect(screen.getByText('Disconnected')).toBeInTheDocument();
    expect(screen.getByText('3 (75%)')).toBeInTheDocument();

    fireEvent.mouseDown(screen.getByLabelText('Period'));
    fireEvent.click(await screen.findByTitle('Last year'));
    await waitFor(() => expect(periods).toEqual(['30d', '1y']));
    expect(await screen.findByText(/\+12.5% vs previous year/)).toBeInTheDocument();
  });

  it('tells sign-ins from accounts, counts registrations for the whole window, and brings back Avg Performance', async () => {
    mockApi({
      'GET /admin/reports/overview': overview('90d'),
      'GET /health': { status: 'ok', database: { type: 'sqlite', status: 'up' } },
    });
    renderPage();
    fireEvent.mouseDown(await screen.findByLabelText('Period'));
    fireEvent.click(await screen.findByTitle('Last 90 days'));
    expect(await screen.findByText('Signed in (last 90 days)')).toBeInTheDocument();
    expect(screen.queryByText('Active Users')).not.toBeInTheDocument();
    expect(screen.getByText('Mentors signed in')).toBeInTheDocument();
    // Every progress bar is named for screen readers (axe aria-progressbar-name).
    expect(screen.getByRole('progressbar', { name: 'Share of approved leave requests' })).toHaveAttribute(
      'aria-valuenow',
      '75',
    );
    expect(screen.getByRole('progressbar', { name: 'Signed-in rate (last 90 days)' })).toHaveAttribute(
      'aria-valuenow',
      '27',
    );
    for (const bar of screen.getAllByRole('progressbar')) expect(bar).toHaveAccessibleName();
    // 4 sign-ups over the window, never "per day".
    expect(screen.getByTestId('trend-summary')).toHaveTextContent('4 new accounts in the last 90 days, shown per day');
    expect(screen.queryByText(/new accounts? per day/)).not.toBeInTheDocument();
    expect(screen.getAllByText(/vs previous 90 days/).length).toBeGreaterThanOrEqual(4);

    const perf = screen.getByText('Avg Performance').closest('.ant-card') as HTMLElement;
    expect(within(perf).getByText('81.4%')).toBeInTheDocument();
    expect(within(perf).getByText('Mean attendance rate of 38 students')).toBeInTheDocument();
    expect(within(perf).getByLabelText('What Avg Performance means')).toBeInTheDocument();
  });

  it('gives the trend chart a scale, axis names and its figures as a table', async () => {
    mockApi({
      'GET /admin/reports/overview': overview('30d'),
      'GET /health': { status: 'ok', database: { type: 'sqlite', status: 'up' } },
    });
    renderPage();
    const table = await screen.findByRole('table', { name: 'New accounts per day, last 30 days' });
    expect(within(table).getByRole('columnheader', { name: 'New accounts' })).toBeInTheDocument();
    const row = within(table).getByRole('row', { name: '2 Mar 3' });
    expect(within(row).getByRole('cell')).toHaveTextContent('3');
    expect(within(table).getByRole('row', { name: '3 Mar 0' })).toBeInTheDocument();
    expect(screen.getByText('↑ New accounts')).toBeInTheDocument();
    expect(screen.getByText('Day →')).toBeInTheDocument();
    expect(screen.getByTitle('2 Mar: 3 new accounts')).toBeInTheDocument();
  });

  it('says so when the database is down and the server answers 503', async () => {
    mockApi({
      'GET /admin/reports/overview': overview('30d'),
      'GET /health': [503, { statusCode: 503, message: 'The database is unavailable right now.' }],
    });
    renderWithPortal(
      <SocketProvider token={null}>
        <AnalyticsPage />
      </SocketProvider>,
    );
    const card = (await screen.findByText('System Health')).closest('.ant-card') as HTMLElement;
    await waitFor(() => expect(within(card).getAllByText('Disconnected')).toHaveLength(2));
    expect(within(card).getByText('Online')).toBeInTheDocument();
  });
});

describe('fillTrend', () => {
  it('adds the days without sign-ups, in order', () => {
    const days = fillTrend([{ _id: '2026-03-03', count: 2 }], '2026-03-01T23:00:00Z', '2026-03-04T01:00:00Z', false);
    expect(days).toEqual([
      { _id: '2026-03-01', count: 0 },
      { _id: '2026-03-02', count: 0 },
      { _id: '2026-03-03', count: 2 },
      { _id: '2026-03-04', count: 0 },
    ]);
  });

  it('counts months over a year', () => {
    const months = fillTrend([{ _id: '2026-01', count: 5 }], '2025-03-31T10:00:00Z', '2026-03-31T10:00:00Z', true);
    expect(months).toHaveLength(13);
    expect(months[0]).toEqual({ _id: '2025-03', count: 0 });
    expect(months.find((m) => m._id === '2026-01')?.count).toBe(5);
  });
});

describe('LeaveStatsCard', () => {
  it('names every leave status in words, cancelled ones included (no catalogue key on screen)', () => {
    renderWithPortal(
      <LeaveStatsCard
        leaveStats={[
          { _id: 'approved', count: 2 },
          { _id: 'cancelled', count: 1 },
          { _id: 'pending', count: 1 },
        ]}
      />,
    );
    expect(screen.getByText('cancelled')).toBeInTheDocument();
    expect(screen.getAllByText('1 (25%)')).toHaveLength(2);
    expect(screen.getByRole('progressbar', { name: 'Share of cancelled leave requests' })).toBeInTheDocument();
    expect(screen.queryByText(/analytics\.leaveStatus/)).not.toBeInTheDocument();
  });
});
