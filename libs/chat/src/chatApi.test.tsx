import { act, render, waitFor } from '@testing-library/react';
import type { ChatMessage, Conversation } from '@portal/contracts';
import { createStore, getSocket, SocketProvider } from '@portal/web-core';
import { mockApi } from '@portal/web-core/testing';
import type { FakeSocket } from '../../web-core/testing/fakeSocket';
import { chatApi, loadOlderMessages, reconcile } from './chatApi';

jest.mock('socket.io-client', () => jest.requireActual('../../web-core/testing/fakeSocket').fakeSocketModule);

const conversation = (over: Partial<Conversation>): Conversation => ({
  _id: 'g1',
  type: 'group',
  displayName: 'Group',
  subtitle: '',
  color: '#000',
  lastMessage: null,
  unreadCount: 0,
  ...over,
});
const message = (over: Partial<ChatMessage>): ChatMessage => ({
  _id: 'm1',
  conversationType: 'individual',
  conversationId: 'individual_u2',
  senderId: 'u2',
  sender: { _id: 'u2', fullName: 'B', role: 'mentee' },
  content: 'Hi',
  attachment: null,
  createdAt: '2026-11-23T10:00:00.000Z',
  ...over,
});
/** The page's connection, once the provider has opened it (it loads the client first). */
const liveSocket = () =>
  waitFor(() => {
    expect(getSocket()).not.toBeNull();
    return getSocket() as unknown as FakeSocket;
  });

describe('chat endpoints follow the live connection', () => {
  beforeEach(() => {
    localStorage.setItem('token', 'tok');
    mockApi({
      'GET /messages/conversations': [
        conversation({ _id: 'g1' }),
        conversation({ _id: 'individual_u2', type: 'individual', displayName: 'B' }),
      ],
      'GET /messages/*': { messages: [], hasMore: false },
    });
  });

  it('updates messages, unread counts and typing from socket events, and joins a group room only while it is open', async () => {
    const store = createStore();
    render(<SocketProvider token="tok">x</SocketProvider>);
    const socket = await liveSocket();
    // (Lists cached by another test's store stay live on every connection too.)
    const listening = socket.count('newMessage');

    const list = store.dispatch(chatApi.endpoints.conversations.initiate());
    const open = store.dispatch(chatApi.endpoints.messages.initiate('individual_u2'));
    const group = store.dispatch(chatApi.endpoints.messages.initiate('g1'));
    const typing = store.dispatch(chatApi.endpoints.typing.initiate('individual_u2'));
    // Each loaded and listening: the list and both threads to messages, typing to typing.
    await waitFor(() => {
      expect(socket.count('newMessage')).toBe(listening + 3);
      expect(socket.count('typing')).toBe(1);
    });
    expect(socket.emitted).toContainEqual(['joinGroup', 'g1']);

    act(() => socket.deliver('newMessage', message({ _id: 'm1', conversationId: 'individual_u2', content: 'Hello' })));
    expect(
      chatApi.endpoints.messages
        .select('individual_u2')(store.getState())
        .data?.messages.map((m) => m.content),
    ).toEqual(['Hello']);
    const convs = () => chatApi.endpoints.conversations.select()(store.getState()).data ?? [];
    // The open conversation gets no unread count; it moves to the top with its last message.
    expect(convs()[0]).toMatchObject({ _id: 'individual_u2', unreadCount: 0, lastMessage: { content: 'Hello' } });

    group.unsubscribe();
    await waitFor(() => expect(socket.emitted).toContainEqual(['leaveGroup', 'g1']));
    act(() =>
      socket.deliver(
        'newMessage',
        message({
          _id: 'm2',
          conversationType: 'group',
          conversationId: 'g1',
          content: 'To the group',
          createdAt: '2026-11-23T11:00:00.000Z',
        }),
      ),
    );
    expect(convs().find((c) => c._id === 'g1')).toMatchObject({
      unreadCount: 1,
      lastMessage: { content: 'To the group' },
    });
    // A duplicate delivery changes nothing in the list.
    act(() => socket.deliver('newMessage', message({ _id: 'm1', conversationId: 'individual_u2', content: 'Hello' })));
    expect(chatApi.endpoints.messages.select('individual_u2')(store.getState()).data?.messages).toHaveLength(1);

    act(() =>
      socket.deliver('typing', { conversationId: 'individual_u2', userId: 'u2', fullName: 'B', isTyping: true }),
    );
    expect(chatApi.endpoints.typing.select('individual_u2')(store.getState()).data).toEqual({ u2: 'B' });
    act(() =>
      socket.deliver('typing', { conversationId: 'individual_u2', userId: 'u2', fullName: 'B', isTyping: false }),
    );
    expect(chatApi.endpoints.typing.select('individual_u2')(store.getState()).data).toEqual({});

    for (const sub of [list, open, typing]) sub.unsubscribe();
    // Open conversations and typing let go at once; the conversation list is kept (RTK Query's 60 s) and stays live.
    await waitFor(() => {
      expect(socket.count('newMessage')).toBe(listening + 1);
      expect(socket.count('typing')).toBe(0);
    });
  });

  it('an older page joins the open conversation above what is shown; live messages still join at the end', async () => {
    const m = (n: number) => message({ _id: `m${n}`, content: `M${n}`, createdAt: `2026-11-23T10:0${n}:00.000Z` });
    const calls = mockApi({
      'GET /messages/*': (url: URL) =>
        url.searchParams.get('before') === 'm3'
          ? { messages: [m(1), m(2)], hasMore: false }
          : { messages: [m(3), m(4)], hasMore: true },
    });
    const asked = () => calls.map((c) => c.url.searchParams.get('before'));
    const store = createStore();
    render(<SocketProvider token="tok">x</SocketProvider>);
    const socket = await liveSocket();
    const listening = socket.count('newMessage');
    const open = store.dispatch(chatApi.endpoints.messages.initiate('individual_u2'));
    const thread = () => chatApi.endpoints.messages.select('individual_u2')(store.getState()).data;
    // Loaded, and the thread listens for live messages.
    await waitFor(() => {
      expect(thread()).toMatchObject({ hasMore: true });
      expect(socket.count('newMessage')).toBe(listening + 1);
    });

    await act(async () => {
      expect(await store.dispatch(loadOlderMessages('individual_u2'))).toBe(true);
    });
    expect(asked()).toEqual([null, 'm3']);
    expect(thread()?.messages.map((x) => x._id)).toEqual(['m1', 'm2', 'm3', 'm4']);
    expect(thread()?.hasMore).toBe(false);
    // Nothing older: no further call.
    await act(async () => {
      await store.dispatch(loadOlderMessages('individual_u2'));
    });
    expect(asked()).toHaveLength(2);

    act(() => socket.deliver('newMessage', m(5)));
    expect(thread()?.messages.map((x) => x._id)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
    open.unsubscribe();
  });
});

describe('deleted messages and conversations leave the open lists', () => {
  it('a message deleted by its sender goes from the open conversation and the sidebar is read again; a deleted conversation empties it', async () => {
    const calls = mockApi({
      'GET /messages/conversations': [conversation({ _id: 'individual_u2', type: 'individual', displayName: 'B' })],
      'GET /messages/*': {
        messages: [message({ _id: 'm1', content: 'One' }), message({ _id: 'm2', content: 'Two' })],
        hasMore: true,
      },
    });
    const store = createStore();
    render(<SocketProvider token="tok">x</SocketProvider>);
    const socket = await liveSocket();
    const listening = socket.count('messageDeleted');
    const list = store.dispatch(chatApi.endpoints.conversations.initiate());
    const open = store.dispatch(chatApi.endpoints.messages.initiate('individual_u2'));
    const ids = () =>
      chatApi.endpoints.messages
        .select('individual_u2')(store.getState())
        .data?.messages.map((m) => m._id);
    await waitFor(() => {
      expect(ids()).toEqual(['m1', 'm2']);
      expect(socket.count('messageDeleted')).toBe(listening + 2);
    });
    const sidebarReads = () => calls.filter((c) => c.path === '/messages/conversations').length;
    const before = sidebarReads();

    // Another conversation's deletion changes nothing here.
    act(() => socket.deliver('messageDeleted', { conversationId: 'g1', messageId: 'm1' }));
    expect(ids()).toEqual(['m1', 'm2']);
    act(() => socket.deliver('messageDeleted', { conversationId: 'individual_u2', messageId: 'm1' }));
    expect(ids()).toEqual(['m2']);
    await waitFor(() => expect(sidebarReads()).toBeGreaterThan(before));

    act(() => socket.deliver('conversationDeleted', { conversationId: 'individual_u2' }));
    expect(chatApi.endpoints.messages.select('individual_u2')(store.getState()).data).toEqual({
      messages: [],
      hasMore: false,
    });
    open.unsubscribe();
    list.unsubscribe();
  });

  it("deleting one's own message asks the API and drops it from the open conversation", async () => {
    const calls = mockApi({
      'GET /messages/conversations': [],
      'GET /messages/*': { messages: [message({ _id: 'm1', senderId: 'u1' })], hasMore: false },
      'DELETE /messages/:id': { message: 'Message deleted.' },
    });
    const store = createStore();
    const open = store.dispatch(chatApi.endpoints.messages.initiate('individual_u2'));
    await open.unwrap();
    await store.dispatch(
      chatApi.endpoints.deleteMessage.initiate({ conversationId: 'individual_u2', messageId: 'm1' }),
    );
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/messages/m1']);
    expect(chatApi.endpoints.messages.select('individual_u2')(store.getState()).data?.messages).toEqual([]);
    open.unsubscribe();
  });
});

describe('a message held over quiet hours', () => {
  const held: ChatMessage = {
    _id: 'h1',
    conversationType: 'group',
    conversationId: 'g1',
    senderId: 'u1',
    sender: { _id: 'u1', fullName: 'Asha Rao', role: 'mentor' },
    content: 'Held',
    attachment: null,
    createdAt: '2026-11-28T17:00:00Z',
    heldUntil: '2026-11-29T01:30:00Z',
  };
  const other: ChatMessage = {
    ...held,
    _id: 'm2',
    content: 'Later',
    heldUntil: undefined,
    createdAt: '2026-11-28T18:00:00Z',
  };

  it('is replaced, at the end, by its delivered copy; a repeat of a delivered message is still ignored', () => {
    const delivered: ChatMessage = {
      ...held,
      heldUntil: undefined,
      createdAt: '2026-11-29T01:30:00Z',
      sentAt: '2026-11-28T17:00:00Z',
    };
    const after = reconcile([held, other], delivered, 'g1');
    expect(after.map((m) => [m._id, m.heldUntil])).toEqual([
      ['m2', undefined],
      ['h1', undefined],
    ]);
    expect(reconcile(after, delivered, 'g1')).toBe(after);
  });
});
