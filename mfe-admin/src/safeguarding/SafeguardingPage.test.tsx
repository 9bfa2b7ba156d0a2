import { fireEvent, screen, within } from '@testing-library/react';
import type { KeptChatSummary } from '@portal/contracts';
import { mockApi, renderWithPortal } from '../testing/renderWithPortal';
import { SafeguardingPage } from './SafeguardingPage';

const kept = (n: number, over: Partial<KeptChatSummary> = {}): KeptChatSummary => ({
  _id: `k${n}`,
  conversationType: 'group',
  scope: 'conversation',
  label: `Group chat Team ${n}`,
  participants: [
    { _id: 't1', fullName: 'Dr. Helen Carter', role: 'mentor' },
    { _id: 's1', fullName: 'Jordan Rivera', role: 'mentee' },
  ],
  messageCount: n,
  deletedBy: { _id: 't1', fullName: 'Dr. Helen Carter', role: 'mentor' },
  deletedAt: '2026-11-20T05:00:00.000Z',
  purgeAt: '2027-11-20T05:00:00.000Z',
  ...over,
});

/** The page, on its Deleted chats tab. */
function renderChatsTab() {
  renderWithPortal(<SafeguardingPage />);
  fireEvent.click(screen.getByRole('tab', { name: 'Deleted chats' }));
}

describe('the Safeguarding page', () => {
  it('lists the kept chats newest first, a page at a time, each with who deleted it, its size and its purge date', async () => {
    const calls = mockApi({
      'GET /safeguarding/reports': { reports: [], total: 0, page: 1, noLeadDesignated: false },
      'GET /safeguarding/kept-chats': (url: URL) =>
        url.searchParams.get('before') === 'k2'
          ? {
              items: [kept(3, { scope: 'message', label: 'Chat between Dr. Helen Carter and Jordan Rivera' })],
              hasMore: false,
            }
          : { items: [kept(1), kept(2)], hasMore: true },
    });
    renderChatsTab();
    expect(screen.getByRole('heading', { level: 1, name: 'Safeguarding' })).toBeInTheDocument();
    const cards = await screen.findAllByTestId('kept-chat');
    expect(cards).toHaveLength(2);
    const first = cards[0];
    expect(within(first).getByText('Group chat Team 1')).toBeInTheDocument();
    expect(within(first).getByText('Whole chat')).toBeInTheDocument();
    expect(within(first).getByText('1 message')).toBeInTheDocument();
    expect(
      within(first).getByText('Participants: Dr. Helen Carter (Mentor), Jordan Rivera (Student)'),
    ).toBeInTheDocument();
    expect(within(first).getByText('Deleted by Dr. Helen Carter on 20 Nov 2026')).toBeInTheDocument();
    expect(within(first).getByText('Purged on 20 Nov 2027')).toBeInTheDocument();
    expect(within(cards[1]).getByText('2 messages')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('One message')).toBeInTheDocument();
    expect(screen.getAllByTestId('kept-chat')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(
      calls.filter((c) => c.path.startsWith('/safeguarding/kept-chats')).map((c) => c.url.searchParams.get('before')),
    ).toEqual([null, 'k2']);
  });

  it('opens a chat for reading after asking why', async () => {
    mockApi({ 'GET /safeguarding/kept-chats': { items: [kept(1)], hasMore: false } });
    renderChatsTab();
    fireEvent.click(await screen.findByRole('button', { name: 'Read Group chat Team 1' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Why do you need to read this chat?')).toBeInTheDocument();
  });

  it('says when no deleted chat is kept', async () => {
    mockApi({ 'GET /safeguarding/kept-chats': { items: [], hasMore: false } });
    renderChatsTab();
    expect(await screen.findByText('No deleted chats are kept.')).toBeInTheDocument();
  });

  it('tells an admin who is not a lead who can read them, and where leads are designated', async () => {
    mockApi({
      'GET /safeguarding/reports': { reports: [], total: 0, page: 1, noLeadDesignated: false },
      'GET /safeguarding/kept-chats': [
        403,
        { statusCode: 403, code: 'NOT_SAFEGUARDING_LEAD', message: 'Forbidden', error: 'Forbidden' },
      ],
    });
    renderChatsTab();
    const alert = await screen.findByTestId('not-lead');
    expect(alert).toHaveTextContent(
      "Only the school's safeguarding leads can read kept chats. An admin can designate leads in User Management.",
    );
    expect(within(alert).getByRole('link', { name: 'User Management' })).toHaveAttribute('href', '/admin/users');
    expect(screen.queryByTestId('kept-chat')).not.toBeInTheDocument();
  });
});
