import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ImportResponse, ImportRowResult } from '@portal/contracts';
import { mockApi, renderWithPortal } from '../testing/renderWithPortal';
import { ImportPage } from './ImportPage';

const row = (over: Partial<ImportRowResult>): ImportRowResult => ({
  row: 2,
  action: 'create',
  email: 'asha@example.edu',
  fullName: 'Asha Rao',
  changes: {},
  guardians: [],
  errors: [],
  ...over,
});
const response = (rows: ImportRowResult[], over: Partial<ImportResponse> = {}): ImportResponse => ({
  kind: 'mentees',
  dryRun: true,
  imported: false,
  counts: {
    rows: rows.length,
    create: rows.filter((r) => r.action === 'create').length,
    update: rows.filter((r) => r.action === 'update').length,
    unchanged: rows.filter((r) => r.action === 'unchanged').length,
    error: rows.filter((r) => r.action === 'error').length,
  },
  rows,
  errors: rows.flatMap((r) => r.errors),
  welcomeEmails: 0,
  guardianInvitations: 0,
  ...over,
});

const CSV = 'email,fullName,phone,class,section\r\nasha@example.edu,Asha Rao,+91 1,10,A\r\n';
const pick = (text = CSV) =>
  fireEvent.change(screen.getByLabelText('Choose a .csv file of students'), {
    // jsdom's File has no text(): the browser's does.
    target: {
      files: [Object.assign(new File([text], 'students.csv', { type: 'text/csv' }), { text: async () => text })],
    },
  });

describe('ImportPage', () => {
  it('shows each error with its row and column and keeps the import disabled', async () => {
    const calls = mockApi({
      'POST /admin/imports/mentees': response([
        row({ row: 2 }),
        row({
          row: 3,
          action: 'error',
          email: 'not-an-email',
          fullName: 'Bad Mail',
          errors: [{ row: 3, column: 'email', message: 'Invalid email address' }],
        }),
      ]),
    });
    renderWithPortal(<ImportPage />);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    pick();
    const region = await screen.findByRole('region', { name: 'Dry run result' });
    expect(within(region).getByText('1 row with errors')).toBeInTheDocument();
    expect(within(region).getByText('Invalid email address')).toBeInTheDocument();
    expect(within(region).getByText('email:')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Import/ })).toBeDisabled();
    expect(calls).toEqual([{ method: 'POST', path: '/admin/imports/mentees', body: { csv: CSV } }]);
  });

  it('lists what changes, imports the file and sums up what was done', async () => {
    const rows = [
      row({ row: 2, guardians: ['ravi.rao@example.com'] }),
      row({
        row: 3,
        action: 'update',
        email: 'jordan@example.edu',
        fullName: 'Jordan Lee',
        changes: { class: { from: '9', to: '10' } },
      }),
    ];
    const asked: string[] = [];
    mockApi({
      'POST /admin/imports/mentees': (url: URL) => {
        asked.push(url.search);
        return url.searchParams.get('dryRun') === 'false'
          ? response(rows, { dryRun: false, imported: true, welcomeEmails: 1, guardianInvitations: 1 })
          : response(rows);
      },
    });
    renderWithPortal(<ImportPage />);
    pick();
    const region = await screen.findByRole('region', { name: 'Dry run result' });
    expect(within(region).getByText('New account')).toBeInTheDocument();
    expect(within(region).getByText(/9 → 10/)).toBeInTheDocument();
    expect(within(region).getByText('Guardians linked: ravi.rao@example.com')).toBeInTheDocument();

    const importButton = screen.getByRole('button', { name: 'Import 2 accounts' });
    expect(importButton).toBeEnabled();
    fireEvent.click(importButton);
    const summary = await screen.findByTestId('import-summary');
    expect(summary).toHaveTextContent('Students imported');
    expect(summary).toHaveTextContent('1 account created, 1 account updated');
    expect(summary).toHaveTextContent('1 welcome e-mail');
    expect(summary).toHaveTextContent(
      '1 guardian linked to their student (invited by e-mail until they choose a password).',
    );
    await waitFor(() => expect(asked).toEqual(['?dryRun=true', '?dryRun=false']));
    expect(screen.queryByRole('region', { name: 'Dry run result' })).not.toBeInTheDocument();
  });
});
