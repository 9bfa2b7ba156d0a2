import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ConsentRecordResponse, PrivacyNoticeResponse } from '@portal/contracts';
import { mockApi, renderWithPortal } from '../testing/renderWithPortal';
import { ConsentRecords } from './ConsentRecords';
import { PrivacyPage } from './PrivacyPage';

describe('the privacy notice for guardians', () => {
  it('shows the current version and publishes a new one after confirming; the same text cannot be republished', async () => {
    let notice: PrivacyNoticeResponse = { version: 1, text: 'Version one.', publishedAt: '2026-10-01T09:00:00Z' };
    const calls = mockApi({
      'GET /admin/privacy-notice': () => notice,
      'PUT /admin/privacy-notice': (_u: URL, body: { text: string }) => {
        notice = { version: 2, text: body.text, publishedAt: '2026-11-02T09:00:00Z' };
        return notice;
      },
    });
    renderWithPortal(<PrivacyPage />);
    expect(await screen.findByTestId('notice-version')).toHaveTextContent('Version 1, published');
    const text = screen.getByLabelText('Notice text');
    expect(text).toHaveValue('Version one.');
    expect(await screen.findByText('The text is the same as the current version.')).toBeInTheDocument();
    const publish = screen.getByRole('button', { name: 'Publish new version' });
    expect(publish).toBeDisabled();

    fireEvent.change(text, { target: { value: ' Version two: we also keep leave requests. ' } });
    await waitFor(() => expect(publish).toBeEnabled());
    fireEvent.click(publish);
    const confirm = await screen.findByRole('tooltip');
    expect(confirm).toHaveTextContent('Publish version 2?');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Publish new version' }));
    expect(await screen.findByText('Version 2 of the privacy notice is published.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { text: 'Version two: we also keep leave requests.' },
    ]);
    await waitFor(() => expect(screen.getByTestId('notice-version')).toHaveTextContent('Version 2, published'));
  });

  it("a student's consent records: who answered what, for which version, when and from where", async () => {
    const record = (over: Partial<ConsentRecordResponse>): ConsentRecordResponse => ({
      _id: 'c1',
      menteeId: 'u2',
      guardianId: 'g1',
      guardianName: 'Maria Singh',
      guardianEmail: 'maria@example.com',
      decision: 'given',
      noticeVersion: 1,
      ipAddress: '203.0.113.7',
      createdAt: '2026-10-02T09:00:00Z',
      ...over,
    });
    mockApi({
      'GET /admin/mentees/u2/consents': [
        record({ _id: 'c2', decision: 'withdrawn', noticeVersion: 2, ipAddress: null }),
        record({}),
      ],
    });
    renderWithPortal(<ConsentRecords menteeId="u2" />);
    const records = await screen.findByTestId('consent-records');
    await within(records).findByText('Consent withdrawn');
    const items = within(records).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringMatching(/^Consent withdrawnby Maria Singh, notice version 2/),
      expect.stringMatching(/^Consent givenby Maria Singh, notice version 1.*from 203\.0\.113\.7$/),
    ]);
  });
});
