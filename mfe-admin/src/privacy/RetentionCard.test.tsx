import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { RETENTION_DEFAULTS, type RetentionPeriods, type RetentionSettingsResponse } from '@portal/contracts';
import { mockApi, renderWithPortal } from '../testing/renderWithPortal';
import { RetentionCard } from './RetentionCard';

describe('keeping records (retention periods)', () => {
  it('shows the periods, saves a change, refuses a period under the minimum, and counts what would go', async () => {
    let settings: RetentionSettingsResponse = { periods: { ...RETENTION_DEFAULTS }, lastPurgeAt: null };
    const calls = mockApi({
      'GET /admin/retention': () => settings,
      'PUT /admin/retention': (_u: URL, body: { periods: RetentionPeriods }) => {
        settings = { ...settings, periods: body.periods };
        return settings;
      },
      'GET /admin/retention/dry-run': () => ({
        counts: { ...Object.fromEntries(Object.keys(RETENTION_DEFAULTS).map((k) => [k, 0])), notifications: 42 },
      }),
    });
    renderWithPortal(<RetentionCard />);
    const days = await screen.findByLabelText('Days to keep Notifications');
    await waitFor(() => expect(days).toHaveValue('180'));
    // Chat messages are kept: the days are off.
    expect(screen.getByLabelText('Keep Chat messages for good')).toBeChecked();
    expect(screen.getByLabelText('Days to keep Chat messages').closest('.ant-form-item-hidden')).not.toBeNull();
    expect(screen.getByText('No purge has run yet.', { exact: false })).toBeInTheDocument();

    fireEvent.change(days, { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save periods' }));
    expect(await screen.findByText('Between 30 and 36500 days')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);

    fireEvent.change(days, { target: { value: '90' } });
    fireEvent.click(screen.getByLabelText('Keep Audit log entries for good'));
    fireEvent.click(screen.getByRole('button', { name: 'Save periods' }));
    expect(await screen.findByText('Enter a number of days, or turn on Keep')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Days to keep Audit log entries'), { target: { value: '3650' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save periods' }));
    expect(await screen.findByText('Retention periods saved.')).toBeInTheDocument();
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    const sent = calls.find((c) => c.method === 'PUT')!.body as { periods: RetentionPeriods };
    expect(sent.periods.notifications).toBe(90);
    expect(sent.periods.chatMessages).toBeNull();
    expect(sent.periods.auditEntries).toBe(3650);

    fireEvent.click(screen.getByRole('button', { name: 'What would go now?' }));
    const table = await screen.findByRole('table');
    expect(within(table).getByText('Notifications').closest('tr')).toHaveTextContent('42');
  });
});
