import { fireEvent, screen, within } from '@testing-library/react';
import type { RemoteStatusResponse, RemotesOverviewResponse } from '@portal/contracts';
import { mockApi, renderWithPortal } from '../testing/renderWithPortal';
import { DeploymentsPage } from './DeploymentsPage';

const CDN = 'https://cdn.example.org/mentee/2.1.0/remoteEntry.js';
const OLD = 'https://cdn.example.org/mentee/2.0.0/remoteEntry.js';

const mentee: RemoteStatusResponse = {
  remote: 'mfe_mentee',
  entry: CDN,
  source: 'registry',
  build: { version: '2.1.0', commit: 'abc1234', builtAt: '2026-11-20T09:00:00Z', contractsVersion: '0.3.0' },
  deployments: [
    {
      entry: CDN,
      build: { version: '2.1.0', commit: 'abc1234' },
      setBy: 'deploy@ci-runner',
      createdAt: '2026-11-21T10:00:00Z',
      rolledBackAt: null,
      state: 'current',
    },
    {
      entry: OLD,
      build: null,
      setBy: 'deploy@ci-runner',
      createdAt: '2026-11-20T10:00:00Z',
      rolledBackAt: '2026-11-20T11:00:00Z',
      state: 'rolledBack',
    },
  ],
  deploymentCount: 12,
};
const admin: RemoteStatusResponse = {
  remote: 'mfe_admin',
  entry: '/remotes/mfe-admin/remoteEntry.js',
  source: 'default',
  build: { version: '0.1.0' },
  deployments: [],
  deploymentCount: 0,
};
const overview: RemotesOverviewResponse = { remotes: [admin, mentee] };

describe('DeploymentsPage', () => {
  it("shows each remote's entry, build and history, in words, and says how to deploy", async () => {
    mockApi({ 'GET /admin/remotes': overview });
    renderWithPortal(<DeploymentsPage />);
    const student = await screen.findByRole('region', { name: 'Student screens' });
    expect(within(student).getByText('Deployed separately')).toBeInTheDocument();
    expect(within(student).getAllByText(CDN)).toHaveLength(2);
    expect(within(student).getByText('History (12 deployments)')).toBeInTheDocument();
    expect(within(student).getByText('Current')).toBeInTheDocument();
    expect(within(student).getByText('Rolled back')).toBeInTheDocument();
    expect(within(student).getByText(OLD)).toBeInTheDocument();
    // The deployment whose version.json was not read says what that means.
    expect(within(student).getByText(/the portal will refuse this build/)).toBeInTheDocument();
    expect(within(student).getByText('The latest 2 of 12 are listed.')).toBeInTheDocument();

    const own = screen.getByRole('region', { name: 'Admin screens' });
    expect(within(own).getByText("Portal's own build")).toBeInTheDocument();
    expect(within(own).getByText(/Never deployed separately/)).toBeInTheDocument();
    // What the build did not say is "not known", not blank.
    expect(within(own).getAllByText('Not known')).toHaveLength(3);
    expect(screen.getAllByText(/npm run remotes -- rollback mfe_mentee/).length).toBeGreaterThan(0);
  });

  it('says when the deployments could not be read, and Retry reads them again', async () => {
    let fail = true;
    const calls = mockApi({
      'GET /admin/remotes': () =>
        fail ? [500, { statusCode: 500, code: 'INTERNAL', message: 'Internal server error' }] : overview,
    });
    renderWithPortal(<DeploymentsPage />);
    const retry = await screen.findByRole('button', { name: 'Retry' });
    expect(screen.queryByRole('region', { name: 'Student screens' })).not.toBeInTheDocument();
    fail = false;
    fireEvent.click(retry);
    expect(await screen.findByRole('region', { name: 'Student screens' })).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/admin/remotes')).toHaveLength(2);
  });
});
