import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { ErrorCode, type SessionResponse } from '@portal/contracts';
import { createStore, ThemeProvider } from '@portal/web-core';
import { mockApi } from '@portal/web-core/testing';
import { SessionsDialog } from './SessionsDialog';

const session = (over: Partial<SessionResponse>): SessionResponse => ({
  id: 'a',
  browser: 'Chrome',
  os: 'Android',
  platform: 'mobile',
  address: '203.0.113.7',
  signedInAt: '2026-11-27T08:00:00.000Z',
  lastUsedAt: '2026-11-27T09:30:00.000Z',
  expiresAt: '2026-11-27T16:00:00.000Z',
  current: false,
  ...over,
});

function renderDialog() {
  render(
    <Provider store={createStore()}>
      <ThemeProvider>
        <SessionsDialog open onClose={() => undefined} />
      </ThemeProvider>
    </Provider>,
  );
}

const noBody = () => new Response(null, { status: 204 });

describe('signed-in devices', () => {
  it('lists each device, this one marked and first; signing one out removes it; the rest go together', async () => {
    let sessions = [
      session({ id: 'this', browser: 'Firefox', os: 'Windows', platform: 'desktop', current: true }),
      session({ id: 'phone' }),
      session({ id: 'odd', browser: null, os: null, platform: 'unknown', address: null }),
    ];
    const calls = mockApi({
      'GET /auth/sessions': () => ({ sessions }),
      'DELETE /auth/sessions/phone': () => {
        sessions = sessions.filter((s) => s.id !== 'phone');
        return noBody();
      },
      'DELETE /auth/sessions': () => {
        sessions = sessions.filter((s) => s.current);
        return noBody();
      },
    });
    renderDialog();
    const list = await screen.findByRole('list', { name: 'Your signed-in devices' });
    const rows = await within(list).findAllByTestId('session');
    expect(rows.map((r) => r.querySelector('strong')?.textContent)).toEqual([
      'Firefox on Windows',
      'Chrome on Android',
      'Unknown device',
    ]);
    expect(within(rows[0]).getByText('This device')).toBeInTheDocument();
    // Nothing to sign out on this device from here: that is the account menu's Sign out.
    expect(within(rows[0]).queryByRole('button')).toBeNull();
    expect(rows[1]).toHaveTextContent('from 203.0.113.7');
    expect(rows[2]).not.toHaveTextContent('from');

    fireEvent.click(within(rows[1]).getByRole('button', { name: 'Sign out Chrome on Android' }));
    expect(await screen.findByText('That device has been signed out.')).toBeInTheDocument();
    await waitFor(() => expect(within(list).getAllByTestId('session')).toHaveLength(2));
    expect(list).not.toHaveTextContent('Chrome on Android');

    fireEvent.click(screen.getByRole('button', { name: 'Sign out all other devices' }));
    expect(await screen.findByText('All your other devices have been signed out.')).toBeInTheDocument();
    await waitFor(() => expect(within(list).getAllByTestId('session')).toHaveLength(1));
    // Only this device is left: the button for the others goes.
    expect(screen.queryByRole('button', { name: 'Sign out all other devices' })).toBeNull();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([
      '/auth/sessions/phone',
      '/auth/sessions',
    ]);
  });

  it('says so when a device was already signed out elsewhere, and shows the list as it is now', async () => {
    let sessions = [session({ id: 'this', current: true }), session({ id: 'gone', browser: 'Safari', os: 'iOS' })];
    mockApi({
      'GET /auth/sessions': () => ({ sessions }),
      'DELETE /auth/sessions/gone': () => {
        sessions = sessions.filter((s) => s.id !== 'gone');
        return [
          404,
          {
            statusCode: 404,
            code: ErrorCode.SessionNotFound,
            message: 'This session has already ended, or is not yours. Refresh the list.',
          },
        ];
      },
    });
    renderDialog();
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out Safari on iOS' }));
    expect(
      await screen.findByText('This session has already ended, or is not yours. Refresh the list.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('session')).toHaveLength(1));
  });

  it('offers to retry when the list cannot be loaded', async () => {
    let fail = true;
    mockApi({
      'GET /auth/sessions': () =>
        fail
          ? [500, { statusCode: 500, code: ErrorCode.Internal, message: 'Internal server error' }]
          : { sessions: [] },
    });
    renderDialog();
    expect(await screen.findByText('Internal server error')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByText('Internal server error')).toBeNull());
  });
});
