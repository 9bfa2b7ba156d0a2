import { screen, within } from '@testing-library/react';
import { mockApi, renderWithPortal } from '../testing/renderWithPortal';
import { GrievanceTrustCard } from './GrievanceTrustCard';

const month = (m: string, resolved = 0, inTime = 0, reopened = 0) => ({
  month: m,
  resolved,
  resolvedWithinDeadline: inTime,
  reopened,
  pctResolvedWithinDeadline: resolved ? Math.round((inTime / resolved) * 1000) / 10 : 0,
  pctReopened: resolved ? Math.round((reopened / resolved) * 1000) / 10 : 0,
});

describe('grievance figures on the analytics page', () => {
  it('shows % resolved within the deadline and % reopened per month, newest first', async () => {
    mockApi({
      'GET /admin/grievances/analytics': {
        months: [month('2031-04'), month('2031-05', 3, 2, 1)],
        escalatedOpen: 4,
      },
    });
    renderWithPortal(<GrievanceTrustCard />);
    const may = (await screen.findByText('May 2031')).closest('tr') as HTMLElement;
    expect(within(may).getByText('66.7%')).toBeInTheDocument();
    expect(within(may).getByText('33.3%')).toBeInTheDocument();
    const april = screen.getByText('Apr 2031').closest('tr') as HTMLElement;
    expect(within(april).getAllByText('—')).toHaveLength(2);
    expect(screen.getByText('4 open grievances escalated')).toBeInTheDocument();
    const rows = screen.getAllByRole('row').map((r) => r.textContent);
    expect(rows.findIndex((t) => t?.includes('May 2031'))).toBeLessThan(rows.findIndex((t) => t?.includes('Apr 2031')));
  });
});
