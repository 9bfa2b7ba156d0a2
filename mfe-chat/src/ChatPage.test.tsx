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

function renderChat(at = '/chat') {
  const store = createStore();
  store.dispatch(
    sessionActions.profileLoaded({
      user: { _id: 'u1', fullName: 'Asha Rao', role: 'mentee', email: 'mentee@example.edu' } as UserResponse,
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
