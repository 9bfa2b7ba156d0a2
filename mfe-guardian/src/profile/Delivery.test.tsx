import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { mockApi } from '@portal/web-core/testing';
import { renderGuardianArea } from '../testing/renderGuardianArea';

describe("the guardian's e-mail choice", () => {
  it('offers at once, a daily summary at the school time, or none, says safety notices always come, and saves a change', async () => {
    const calls = mockApi({
      'GET /guardian/consent': { notice: { version: 0, text: '', publishedAt: null }, children: [] },
      'GET /notifications/delivery': { delivery: 'now', digestAt: '18:30' },
      'PUT /notifications/delivery': (_u: URL, body: { delivery: string }) => ({ ...body, digestAt: '18:30' }),
    });
    renderGuardianArea('/profile');
    const panel = await screen.findByRole('region', { name: 'E-mails from the school' });
    const choices = await within(panel).findAllByRole('radio');
    expect(choices.map((c) => c.closest('label')?.textContent)).toEqual([
      "Each at once (but not during the school's quiet hours)",
      'One summary a day, at 18:30',
      'None: I read them in the portal',
    ]);
    expect(within(panel).getByRole('radio', { name: /^Each at once/ })).toBeChecked();
    expect(panel).toHaveTextContent(
      'Absence notices and urgent announcements always come at once, whatever you choose.',
    );
    fireEvent.click(within(panel).getByRole('radio', { name: 'One summary a day, at 18:30' }));
    await waitFor(() =>
      expect(within(panel).getByRole('radio', { name: 'One summary a day, at 18:30' })).toBeChecked(),
    );
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([
      { method: 'PUT', path: '/notifications/delivery', body: { delivery: 'digest' } },
    ]);
    expect(await screen.findByText('Your choice is saved.')).toBeInTheDocument();
  });
});
