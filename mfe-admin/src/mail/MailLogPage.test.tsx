import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MailDeliveryResponse, MailLogResponse } from '@portal/contracts';
import { mockApi, renderWithPortal } from '../testing/renderWithPortal';
import { MailLogPage } from './MailLogPage';

const delivery = (i: number, over: Partial<MailDeliveryResponse> = {}): MailDeliveryResponse => ({
  _id: `d${i}`,
  kind: 'leave.decided',
  to: `student${i}@example.edu`,
  subject: `Your leave request was approved ${i}`,
  text: `Hello,\n\nYour sick leave was approved.\n\nMentor Portal`,
  status: 'kept',
  attempts: 0,
  lastError: null,
  sendAfter: '2026-03-01T10:00:00Z',
  sentAt: null,
  createdAt: '2026-03-01T10:00:00Z',
  withheld: false,
  ...over,
});
const log = (over: Partial<MailLogResponse> = {}): MailLogResponse => ({
  deliveries: [delivery(1)],
  total: 1,
  page: 1,
  limit: 20,
  smtpConfigured: false,
  ...over,
});

/** Picks an option of an antd Select named `label`. */
async function choose(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByTitle(option));
}

describe('MailLogPage', () => {
  it('explains that e-mails are kept here while no SMTP server is set, and shows a message in a dialog', async () => {
    mockApi({ 'GET /admin/mail-log': log() });
    renderWithPortal(<MailLogPage />);
    expect(await screen.findByText('E-mails are kept here, not sent')).toBeInTheDocument();
    expect(screen.getAllByText('SMTP_URL').length).toBeGreaterThan(0);
    // The status in words, not by colour alone.
    expect(screen.getAllByText('Kept (no SMTP)').length).toBeGreaterThan(0);

    fireEvent.click(screen.getByRole('button', { name: /View e-mail: Your leave request was approved 1/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('mail-text')).toHaveTextContent('Your sick leave was approved.');
    expect(within(dialog).getByText('student1@example.edu')).toBeInTheDocument();
  });

  it('has no banner once SMTP is configured', async () => {
    mockApi({ 'GET /admin/mail-log': log({ smtpConfigured: true, deliveries: [delivery(1, { status: 'sent' })] }) });
    renderWithPortal(<MailLogPage />);
    expect((await screen.findAllByText('Sent')).length).toBeGreaterThan(0);
    expect(screen.queryByText('E-mails are kept here, not sent')).not.toBeInTheDocument();
  });

  it('filters by status and kind, from the first page, and says when nothing matches', async () => {
    const asked: string[] = [];
    mockApi({
      'GET /admin/mail-log': (url: URL) => {
        asked.push(url.search);
        return url.searchParams.get('kind') === 'guardian.absence'
          ? log({ deliveries: [], total: 0 })
          : log({ total: 45, deliveries: [delivery(1)] });
      },
    });
    renderWithPortal(<MailLogPage />);
    await screen.findByText('45 e-mails');
    fireEvent.click(screen.getByTitle('Next Page'));
    await waitFor(() => expect(asked).toContain('?page=2&limit=20'));
    await choose('Status filter', 'Failed');
    await waitFor(() => expect(asked).toContain('?status=failed&page=1&limit=20'));
    await choose('Kind filter', 'Guardian absence notice');
    expect(await screen.findByText('No e-mails match these filters')).toBeInTheDocument();
    expect(asked.at(-1)).toBe('?status=failed&kind=guardian.absence&page=1&limit=20');
  });

  it("hides a name-withheld grievance's recipient, saying why", async () => {
    mockApi({
      'GET /admin/mail-log': log({
        deliveries: [
          delivery(1, {
            kind: 'grievance.received',
            to: '',
            subject: 'Grievance e-mail (name withheld)',
            text: '',
            withheld: true,
          }),
        ],
      }),
    });
    renderWithPortal(<MailLogPage />);
    expect(await screen.findByText('Grievance e-mail (name withheld)')).toBeInTheDocument();
    expect(screen.getByText(/Recipient hidden: the student withheld their name/)).toBeInTheDocument();
  });
});
