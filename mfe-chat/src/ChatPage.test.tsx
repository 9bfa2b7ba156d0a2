import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { Conversation, UserResponse } from '@portal/contracts';
import { createStore, sessionActions, ThemeProvider } from '@portal/web-core';
import { mockApi } from '@portal/web-core/testing';
import { ChatPage } from './ChatPage';

const conversations: Conversation[] = [
  {
    _id: 'individual_u2',
    type: 'individual',
    displayName: 'Dr. Helen Carter',
    subtitle: 'Your mentor',
    color: '#3B82F6',
    lastMessage: null,
    unreadCount: 2,
  },
  {
    _id: 'g1',
    type: 'group',
    displayName: 'Math Olympiad Team',
    subtitle: '4 members',
    color: '#10B981',
    groupId: 'g1',
    lastMessage: null,
    unreadCount: 0,
  },
];

/** The screen is `width` px wide: antd's breakpoints (min-width / max-width media queries) answer accordingly. */
function screenWidth(width: number) {
  window.matchMedia = ((query: string) => {
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const matches = (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
    return {
      matches,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    };
  }) as unknown as typeof window.matchMedia;
}

const mockChat = () =>
  mockApi({
    'GET /messages/conversations': conversations,
    'GET /messages/*': { messages: [], hasMore: false },
  });

function Where() {
  return <div data-testid="where">{useLocation().pathname}</div>;
}

function renderChat(at = '/chat', role: 'mentee' | 'mentor' = 'mentee') {
  const store = createStore();
  store.dispatch(
    sessionActions.profileLoaded({
      user: { _id: 'u1', fullName: 'Asha Rao', role, email: `${role}@example.edu` } as UserResponse,
      profile: null,
      language: 'en',
    }),
  );
  return render(
    <Provider store={store}>
      <ThemeProvider>
        <MemoryRouter initialEntries={[at]}>
          <Routes>
            <Route path="/chat/:id?" element={<ChatPage />} />
          </Routes>
          <Where />
        </MemoryRouter>
      </ThemeProvider>
    </Provider>,
  );
}

const openButton = (name: RegExp) => screen.findByRole('button', { name });

describe('chat on a phone (below md): list, then conversation', () => {
  beforeEach(() => {
    screenWidth(390);
    mockChat();
  });

  it('shows only the list at first, with a level-one heading and unread counts in words', async () => {
    renderChat();
    expect(screen.getByRole('heading', { level: 1, name: 'Chat' })).toBeInTheDocument();
    const helen = await openButton(/Open Dr\. Helen Carter/);
    expect(helen).toHaveAccessibleName(/^Open Dr\. Helen Carter ?, 2 unread messages/);
    expect(screen.getByRole('button', { name: /^Open Math Olympiad Team/ })).toBeInTheDocument();
    // No conversation pane squeezed beside the list.
    expect(screen.queryByText('Welcome to Chat!')).not.toBeInTheDocument();
    expect(screen.queryByRole('log')).not.toBeInTheDocument();
  });

  it('opens a conversation on its own screen with Back; Back returns to the list and to the conversation left', async () => {
    renderChat();
    fireEvent.click(await openButton(/Open Dr\. Helen Carter/));
    expect(screen.getByTestId('where')).toHaveTextContent('/chat/individual_u2');
    // The list is gone; the conversation has the screen, its name has focus, and its messages are a polite log.
    expect(screen.queryByRole('button', { name: /Open Math Olympiad Team/ })).not.toBeInTheDocument();
    const title = await screen.findByRole('heading', { level: 2, name: 'Dr. Helen Carter' });
    expect(title).toHaveFocus();
    const log = screen.getByRole('log', { name: 'Messages' });
    expect(log).toHaveAttribute('aria-live', 'polite');
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Back to conversations' }));
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/chat$/);
    expect(screen.queryByRole('log')).not.toBeInTheDocument();
    const helen = await openButton(/Open Dr\. Helen Carter/);
    expect(helen).toHaveFocus();
    expect(screen.getByRole('button', { name: /^Open Math Olympiad Team/ })).toBeInTheDocument();
  });

  it('opened from a link (no list before it), Back still leads to the list', async () => {
    renderChat('/chat/g1');
    expect(await screen.findByRole('heading', { level: 2, name: 'Math Olympiad Team' })).toBeInTheDocument();
    // The page heading stays for screen readers while the conversation fills the screen.
    expect(screen.getByRole('heading', { level: 1, name: 'Chat' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Back to conversations' }));
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/chat$/);
    expect(await openButton(/Open Math Olympiad Team/)).toHaveFocus();
  });

  it('moves between conversations with the arrow keys', async () => {
    renderChat();
    const helen = await openButton(/Open Dr\. Helen Carter/);
    act(() => helen.focus());
    fireEvent.keyDown(helen, { key: 'ArrowDown' });
    expect(screen.getByRole('button', { name: /^Open Math Olympiad Team/ })).toHaveFocus();
    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    expect(helen).toHaveFocus();
  });
});

describe('chat on a wide screen (md and up)', () => {
  beforeEach(() => {
    screenWidth(1366);
    mockChat();
  });

  it('keeps the list beside the conversation, without a Back button', async () => {
    renderChat();
    fireEvent.click(await openButton(/Open Dr\. Helen Carter/));
    expect(await screen.findByRole('heading', { level: 2, name: 'Dr. Helen Carter' })).toBeInTheDocument();
    const list = screen.getByRole('navigation', { name: 'Conversations' });
    expect(within(list).getByRole('button', { name: /^Open Math Olympiad Team/ })).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: /Open Dr\. Helen Carter/ })).toHaveAttribute(
      'aria-current',
      'true',
    );
    expect(screen.queryByRole('button', { name: 'Back to conversations' })).not.toBeInTheDocument();
  });
});

describe('sending a photo', () => {
  const photo = new File([new Uint8Array([137, 80, 78, 71])], 'lab.png', { type: 'image/png' });
  const attachment = { _id: 'a1', kind: 'image', fileName: 'lab.png', mimeType: 'image/png', size: 4 };
  beforeEach(() => {
    screenWidth(1366);
    URL.createObjectURL = jest.fn(() => 'blob:lab');
    URL.revokeObjectURL = jest.fn();
  });

  it('shows it with a caption before anything is sent; Cancel sends nothing, Send sends it with the caption', async () => {
    const calls = mockApi({
      'GET /messages/conversations': conversations,
      'GET /messages/*': { messages: [], hasMore: false },
      'POST /messages/attachments': [201, attachment],
      'POST /messages': [
        201,
        {
          _id: 'm1',
          conversationType: 'individual',
          conversationId: 'individual_u2',
          senderId: 'u1',
          sender: { _id: 'u1', fullName: 'Asha Rao', role: 'mentee' },
          content: 'Lab results',
          attachment: { ...attachment, url: '/api/messages/attachments/a1' },
          createdAt: '2030-01-01T10:00:00.000Z',
        },
      ],
    });
    renderChat('/chat/individual_u2');
    const box = await screen.findByRole('textbox', { name: 'Message' });
    fireEvent.change(box, { target: { value: 'Lab results' } });
    fireEvent.change(screen.getByTestId('file-input'), { target: { files: [photo] } });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Send this photo?')).toBeInTheDocument();
    expect(within(dialog).getByRole('img', { name: 'The photo to send: lab.png' })).toHaveAttribute('src', 'blob:lab');
    expect(within(dialog).getByRole('textbox', { name: 'Caption' })).toHaveValue('Lab results');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    expect(box).toHaveValue('Lab results');

    fireEvent.change(screen.getByTestId('file-input'), { target: { files: [photo] } });
    const again = await screen.findByRole('dialog');
    fireEvent.click(within(again).getByRole('button', { name: 'Send' }));
    await screen.findByText('Lab results', { selector: '[data-testid="message"] *' });
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/messages/attachments', '/messages']);
    expect(calls.find((c) => c.path === '/messages')!.body).toMatchObject({
      content: 'Lab results',
      attachmentId: 'a1',
    });
    expect(box).toHaveValue('');
  });
});

describe("deleting one's own message", () => {
  beforeEach(() => screenWidth(1366));
  const mine = {
    _id: 'm1',
    conversationType: 'individual',
    conversationId: 'individual_u2',
    senderId: 'u1',
    sender: { _id: 'u1', fullName: 'Asha Rao', role: 'mentee' },
    content: 'I will be late tomorrow',
    attachment: null,
    createdAt: '2030-01-01T10:00:00.000Z',
  };
  const theirs = {
    ...mine,
    _id: 'm2',
    senderId: 'u2',
    sender: { _id: 'u2', fullName: 'Dr. Helen Carter', role: 'mentor' },
    content: 'Thanks for telling me',
  };

  it('is offered on own messages only, says the leads keep a copy, and removes it after confirming', async () => {
    const calls = mockApi({
      'GET /messages/conversations': conversations,
      // The school keeps deleted chats for 30 days: the confirmation says so.
      'GET /messages/quiet-hours': { quietUntil: null, deletedKeptDays: 30 },
      'GET /messages/*': { messages: [mine, theirs], hasMore: false },
      'DELETE /messages/:id': { message: 'Message deleted.' },
    });
    renderChat('/chat/individual_u2');
    await screen.findByText('I will be late tomorrow');
    const buttons = screen.getAllByRole('button', { name: 'Delete message' });
    expect(buttons).toHaveLength(1);
    expect(buttons[0]).toHaveAccessibleDescription(/I will be late tomorrow/);

    fireEvent.click(buttons[0]);
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent(
      "Delete this message? It will be removed for everyone in this chat. The school's safeguarding leads keep a copy for 30 days.",
    );
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Message deleted.')).toBeInTheDocument();
    expect(screen.queryByText('I will be late tomorrow')).not.toBeInTheDocument();
    expect(screen.getByText('Thanks for telling me')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/messages/m1']);
  });
});

describe('reporting a message', () => {
  beforeEach(() => screenWidth(1366));

  it("is offered on others' messages; asks why, sends the report and shows it as reported", async () => {
    const calls = mockApi({
      'GET /messages/conversations': conversations,
      'GET /messages/*': {
        messages: [
          {
            _id: 'm2',
            conversationType: 'individual',
            conversationId: 'individual_u2',
            senderId: 'u2',
            sender: { _id: 'u2', fullName: 'Dr. Helen Carter', role: 'mentor' },
            content: 'A message to report',
            attachment: null,
            createdAt: '2026-11-28T10:00:00Z',
          },
        ],
        hasMore: false,
      },
      'POST /safeguarding/reports': {
        _id: 'r1',
        createdAt: '2026-11-28T10:01:00Z',
        message: "Thank you. Your report was received and will be looked at by the school's safeguarding team.",
      },
    });
    renderChat('/chat/individual_u2');
    await screen.findByText('A message to report');
    fireEvent.click(screen.getByRole('button', { name: 'Report message' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('The person you report is not told who reported it.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText('Choose a reason')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Bullying' }));
    fireEvent.change(within(dialog).getByLabelText('Anything else the team should know (optional)'), {
      target: { value: 'It keeps happening' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText(/Your report was received/)).toBeInTheDocument();
    expect(await screen.findByTestId('reported')).toHaveTextContent('Reported');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { messageId: 'm2', reason: 'bullying', note: 'It keeps happening' },
    ]);
  });
});

describe('quiet hours', () => {
  beforeEach(() => screenWidth(1366));

  it('tell staff when what they send reaches students, and show a held message as held', async () => {
    mockApi({
      'GET /messages/conversations': conversations,
      'GET /messages/quiet-hours': { quietUntil: '2026-11-29T01:30:00Z', deletedKeptDays: 365 },
      'GET /messages/*': {
        messages: [
          {
            _id: 'h1',
            conversationType: 'group',
            conversationId: 'g1',
            senderId: 'u1',
            sender: { _id: 'u1', fullName: 'Asha Rao', role: 'mentor' },
            content: 'Held for the morning',
            attachment: null,
            createdAt: '2026-11-28T17:00:00Z',
            heldUntil: '2026-11-29T01:30:00Z',
          },
        ],
        hasMore: false,
      },
    });
    renderChat('/chat/g1', 'mentor');
    expect(await screen.findByTestId('quiet-hours')).toHaveTextContent('Quiet hours until');
    expect(await screen.findByTestId('held')).toHaveTextContent('Goes at');
  });
});

describe('deleting a conversation', () => {
  beforeEach(() => screenWidth(1366));

  it('says it goes for everyone in it and that the safeguarding leads keep a copy (no period set: kept)', async () => {
    const calls = mockApi({
      'GET /messages/conversations': conversations,
      'GET /messages/quiet-hours': { quietUntil: null, deletedKeptDays: null },
      'GET /messages/*': { messages: [], hasMore: false },
      'DELETE /messages/conversation/:type/:id': { message: 'Conversation deleted successfully.', deleted: 0 },
    });
    renderChat('/chat/g1', 'mentor');
    fireEvent.click(await screen.findByRole('button', { name: 'Conversation menu' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete Conversation' }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent(
      "Delete this conversation? It will be removed for everyone in it. The school's safeguarding leads keep a copy.",
    );
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Conversation deleted successfully.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/messages/conversation/group/g1']);
  });
});
