import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminUserListItem, ErasurePreview } from '@portal/contracts';
import { mockApi, renderWithPortal } from '../testing/renderWithPortal';
import { UsersPage } from './UsersPage';

const student: AdminUserListItem = {
  _id: 's1',
  email: 'zara@example.edu',
  fullName: 'Zara Khan',
  phone: '555-0101',
  role: 'mentee',
  isActive: true,
  pendingApproval: false,
  safeguardingLead: false,
  createdAt: '2026-01-05T10:00:00Z',
  lastLogin: null,
  profile: null,
};

const preview = (over: Partial<ErasurePreview> = {}): ErasurePreview => ({
  student: { _id: 's1', fullName: 'Zara Khan', studentId: 'STU-1' },
  holds: { openGrievances: 2, withheldGrievances: 1, safeguardingReports: 0, keptChats: 1 },
  mentions: [
    {
      kind: 'followUp',
      id: 'e1',
      excerpt: 'Argued with Zara Khan at lunch',
      createdAt: '2026-11-20T09:00:00Z',
    },
  ],
  mentionsTotal: 1,
  ...over,
});

const list = { users: [student], total: 1, page: 1, limit: 20 };

async function openDialog() {
  renderWithPortal(<UsersPage />);
  const card = await screen.findByTestId('user-card');
  fireEvent.click(within(card).getByRole('button', { name: 'Delete Zara Khan' }));
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText('Erase Zara Khan?')).toBeInTheDocument();
  return dialog;
}

describe('erasing a student from User Management', () => {
  it('lists what legal holds keep and what names the student, then erases and says what was kept', async () => {
    const calls = mockApi({
      'GET /admin/users': list,
      'GET /admin/password-resets': [],
      'GET /admin/users/s1/erasure': preview(),
      'DELETE /admin/users/s1': {
        message: 'Student erased',
        removed: { attendanceRecords: 3 },
        held: { openGrievances: 2, withheldGrievances: 1, safeguardingReports: 0, keptChats: 1 },
      },
    });
    const dialog = await openDialog();
    const holds = await within(dialog).findByTestId('erasure-holds');
    expect(
      within(holds)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      '2 open grievances, with the name as filed, until they are closed',
      '1 open grievance filed with the name withheld',
      '1 deleted chat kept for the safeguarding leads',
    ]);
    const mention = within(dialog).getByTestId('erasure-mention');
    expect(mention).toHaveTextContent('Follow-up note');
    expect(mention).toHaveTextContent('Argued with Zara Khan at lunch');
    // Nothing was erased by opening the dialog.
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([]);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Erase student' }));
    expect(
      await screen.findByText(
        'Zara Khan erased. Kept under a legal hold: 2 open grievances, with the name as filed, until they are closed, 1 open grievance filed with the name withheld, 1 deleted chat kept for the safeguarding leads',
      ),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([{ method: 'DELETE', path: '/admin/users/s1' }]);
    await waitFor(() => expect(screen.queryByText('Erase Zara Khan?')).not.toBeInTheDocument());
  });

  it('says when nothing is held and nothing names the student', async () => {
    mockApi({
      'GET /admin/users': list,
      'GET /admin/password-resets': [],
      'GET /admin/users/s1/erasure': preview({
        holds: { openGrievances: 0, withheldGrievances: 0, safeguardingReports: 0, keptChats: 0 },
        mentions: [],
        mentionsTotal: 0,
      }),
    });
    const dialog = await openDialog();
    expect(await within(dialog).findByText("Nothing of this student's is under a legal hold.")).toBeInTheDocument();
    expect(within(dialog).getByText("No one else's writing names this student.")).toBeInTheDocument();
  });

  it('keeps the dialog open and changes nothing when the check fails, with a way to try again', async () => {
    mockApi({
      'GET /admin/users': list,
      'GET /admin/password-resets': [],
      'GET /admin/users/s1/erasure': [404, { statusCode: 404, code: 'MENTEE_NOT_FOUND', message: 'Student not found' }],
    });
    const dialog = await openDialog();
    expect(await within(dialog).findByText('Student not found')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Erase student' })).toBeDisabled();
  });

  it('tells the admin when the erasure is refused, and keeps the dialog', async () => {
    mockApi({
      'GET /admin/users': list,
      'GET /admin/password-resets': [],
      'GET /admin/users/s1/erasure': preview(),
      'DELETE /admin/users/s1': [404, { statusCode: 404, code: 'USER_NOT_FOUND', message: 'User not found' }],
    });
    const dialog = await openDialog();
    await within(dialog).findByTestId('erasure-holds');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Erase student' }));
    expect(await screen.findByText('User not found')).toBeInTheDocument();
    expect(within(dialog).getByText('Erase Zara Khan?')).toBeVisible();
  });
});
