import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import type { GroupResponse } from '@portal/contracts';
import { createStore, ThemeProvider } from '@portal/web-core';
import { mockApi } from '@portal/web-core/testing';
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

function mockGroups() {
  let archived = [old];
  const calls = mockApi({
    'GET /groups': () => (archived.length ? [active] : [active, { ...old, archivedAt: null }]),
    'GET /groups/archived': () => archived,
    'GET /groups/g2/details': {
      group: old,
      members: old.mentees,
      mentor: { _id: 'mentor1', fullName: 'Dr. Carter', department: 'Science', email: 'c@x.edu', phone: '' },
    },
    'GET /messages/group/g2': {
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
    },
    'POST /groups/g2/restore': () => {
      archived = [];
      return { ...old, archivedAt: null };
    },
  });
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
    mockGroups();
    renderPage();
    const card = await screen.findByTestId('group-card');
    expect(within(card).getByRole('button', { name: /View Details/ })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: /Open Group Chat/ })).toBeInTheDocument();
    expect(within(card).getByText(/^1 member ·/)).toBeInTheDocument();
  });

  it('archived groups: details with the read-only history, and Restore brings the group back', async () => {
    const calls = mockGroups();
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

    fireEvent.click(within(card).getByRole('button', { name: 'Restore' }));
    // The confirmation's own Restore (the card's button is named the same: its icon is not read out).
    const confirm = await waitFor(() => {
      const buttons = document.querySelector<HTMLElement>('.ant-popconfirm-buttons');
      expect(buttons).not.toBeNull();
      return buttons!;
    });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(calls.map((c) => `${c.method} ${c.path}`)).toContain('POST /groups/g2/restore'));
    expect(await screen.findByText('No archived groups')).toBeInTheDocument();
    fireEvent.click(screen.getByText('Active'));
    await waitFor(() => expect(screen.getAllByTestId('group-card')).toHaveLength(2));
  });
});
