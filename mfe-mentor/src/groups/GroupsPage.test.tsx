import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import type { GroupResponse } from '@portal/contracts';
import { createStore, ThemeProvider } from '@portal/web-core';
import { GroupsPage } from './GroupsPage';

const group = (over: Partial<GroupResponse>): GroupResponse => ({
  _id: 'g1',
  name: 'Robotics Club',
  description: '',
  color: '#3B82F6',
  mentorId: { _id: 'mentor1', fullName: 'Dr. Carter', department: 'Science' },
  menteeIds: ['m1'],
  mentees: [{ _id: 'm1', fullName: 'Asha Rao', studentId: 'STU-1', class: '10', section: 'A' }],
  averageAttendance: 90,
  archivedAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...over,
});
const active = group({});
const old = group({ _id: 'g2', name: 'Chess Club', archivedAt: '2026-02-01T10:00:00.000Z' });

function mockApi() {
  const calls: string[] = [];
  let archived = [old];
  global.fetch = jest.fn(async (req: Request) => {
    const path = new URL(req.url).pathname.replace(/^\/api/, '');
    calls.push(`${req.method} ${path}`);
    const json = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (path === '/groups') return json(archived.length ? [active] : [active, { ...old, archivedAt: null }]);
    if (path === '/groups/archived') return json(archived);
    if (path === '/groups/g2/details')
      return json({
        group: old,
        members: old.mentees,
        mentor: { _id: 'mentor1', fullName: 'Dr. Carter', department: 'Science', email: 'c@x.edu', phone: '' },
      });
    if (path === '/messages/group/g2')
      return json({
        messages: [
          {
            _id: 'msg1',
            conversationType: 'group',
            conversationId: 'g2',
            senderId: 'mentor1',
            sender: { _id: 'mentor1', fullName: 'Dr. Carter', role: 'mentor' },
            content: 'Final meeting notes',
            attachment: null,
            createdAt: '2026-01-30T10:00:00.000Z',
          },
        ],
        hasMore: false,
      });
    if (req.method === 'POST' && path === '/groups/g2/restore') {
      archived = [];
      return json({ ...old, archivedAt: null });
    }
    return json({ statusCode: 404, message: 'Not found' }, 404);
  }) as unknown as typeof fetch;
  return calls;
}

const renderPage = () =>
  render(
    <Provider store={createStore()}>
      <ThemeProvider>
        <MemoryRouter>
          <GroupsPage />
        </MemoryRouter>
      </ThemeProvider>
    </Provider>,
  );

describe('mentor groups', () => {
  it('group cards say "View Details" and "Open Group Chat", and "1 member"', async () => {
    mockApi();
    renderPage();
    const card = await screen.findByTestId('group-card');
    expect(within(card).getByRole('button', { name: /View Details/ })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: /Open Group Chat/ })).toBeInTheDocument();
    expect(within(card).getByText(/^1 member ·/)).toBeInTheDocument();
  });

  it('archived groups: details with the read-only history, and Restore brings the group back', async () => {
    const calls = mockApi();
    renderPage();
    await screen.findByTestId('group-card');
    fireEvent.click(screen.getByText('Archived'));
    const card = await screen.findByTestId('archived-group-card');
    expect(within(card).getByText('Chess Club')).toBeInTheDocument();

    fireEvent.click(within(card).getByRole('button', { name: /View Details/ }));
    const note = await screen.findByText('Final meeting notes');
    const dialog = note.closest('.ant-modal') as HTMLElement;
    expect(within(dialog).getByText('Chess Club')).toBeInTheDocument();
    expect(within(dialog).getByText('Chat history (read-only)')).toBeInTheDocument();
    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);

    fireEvent.click(within(card).getByRole('button', { name: /Restore/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(calls).toContain('POST /groups/g2/restore'));
    expect(await screen.findByText('No archived groups')).toBeInTheDocument();
    fireEvent.click(screen.getByText('Active'));
    await waitFor(() => expect(screen.getAllByTestId('group-card')).toHaveLength(2));
  });
});
