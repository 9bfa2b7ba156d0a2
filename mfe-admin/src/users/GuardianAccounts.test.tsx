import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { GuardianLinkResponse } from '@portal/contracts';
import { mockApi, renderWithPortal } from '../testing/renderWithPortal';
import { GuardianAccounts } from './GuardianAccounts';

const link = (over: Partial<GuardianLinkResponse>): GuardianLinkResponse => ({
  _id: 'l1',
  menteeId: 'u2',
  guardianId: 'g1',
  email: 'maria@example.com',
  fullName: 'Maria Singh',
  status: 'active',
  createdAt: '2026-11-01T10:00:00Z',
  ...over,
});
const open = () => renderWithPortal(<GuardianAccounts menteeId="u2" parentInfo={{ email: 'Parent@Example.com ' }} />);

describe("a student's guardian accounts", () => {
  it('invites the parent on file by default, and the new guardian shows as invited', async () => {
    let linked: GuardianLinkResponse[] = [];
    const calls = mockApi({
      'GET /admin/mentees/u2/guardians': () => linked,
      'POST /admin/mentees/u2/guardians': (_url: URL, body: unknown) => {
        linked = [link({ ...(body as object), status: 'invited' })];
        return [201, linked[0]];
      },
    });
    open();
    const card = await screen.findByTestId('guardian-accounts');
    expect(await within(card).findByText('No guardian has a portal account for this student yet.')).toBeInTheDocument();
    expect(within(card).getByLabelText("Guardian's e-mail")).toHaveValue('Parent@Example.com');
    fireEvent.click(within(card).getByRole('button', { name: 'Invite guardian' }));
    expect(await within(card).findByText("Please enter the guardian's full name")).toBeInTheDocument();
    fireEvent.change(within(card).getByLabelText("Guardian's full name"), { target: { value: ' Ravi Singh ' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Invite guardian' }));
    expect(await within(card).findByText('Invited')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { fullName: 'Ravi Singh', email: 'Parent@Example.com' },
    ]);
    expect(within(card).getByRole('button', { name: 'Send again' })).toBeInTheDocument();
  });

  it('removes a guardian after confirming; with two guardians no third can be invited', async () => {
    let linked = [link({}), link({ _id: 'l2', guardianId: 'g2', email: 'dev@example.com', fullName: 'Dev Singh' })];
    const calls = mockApi({
      'GET /admin/mentees/u2/guardians': () => linked,
      'DELETE /admin/guardian-links/l2': () => {
        linked = linked.slice(0, 1);
        return { message: 'ok' };
      },
    });
    open();
    const card = await screen.findByTestId('guardian-accounts');
    expect(
      await within(card).findByText('This student has 2 guardians: remove one to invite another.'),
    ).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Send again' })).not.toBeInTheDocument();
    fireEvent.click(within(card).getAllByRole('button', { name: 'Remove' })[1]);
    fireEvent.click(within(await screen.findByRole('tooltip')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(within(card).queryByText('Dev Singh')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/admin/guardian-links/l2']);
    expect(within(card).getByRole('button', { name: 'Invite guardian' })).toBeInTheDocument();
  });
});
