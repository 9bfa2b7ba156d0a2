import {
  type ChatAttachment,
  type ChatMessage,
  type ChatQuietHoursResponse,
  type Conversation,
  type DeleteMessageResponse,
  type MessagePage,
  type MessageReportReceipt,
  type ReportMessageRequest,
  type SendMessageRequest,
  parseConversationId,
} from '@portal/contracts';
import { api, getSocket, LIST_ID, onSocket, type AppDispatch, type RootState } from '@portal/web-core';

/** A message shown before the server confirmed it. */
export type DisplayMessage = ChatMessage & { isOptimistic?: boolean };
export const OPTIMISTIC_MATCH_MS = 5000;
/** An open conversation: the messages loaded so far (oldest first) and whether older ones exist on the server. */
export interface MessageThread {
  messages: DisplayMessage[];
  hasMore: boolean;
}
/** Catch-up pages fetched at most after one reconnect; beyond that the conversation reloads when reopened. */
const MAX_CATCH_UP_PAGES = 20;

/**
 * Adds a live or confirmed message to a conversation's list (SPEC.md section 4): messages of other conversations and
 * duplicates by id are ignored; a message replaces the optimistic one with the same sender and content created within
 * 5000 ms of it.
 */
export function reconcile(list: DisplayMessage[], incoming: ChatMessage, conversationId: string): DisplayMessage[] {
  if (incoming.conversationId !== conversationId) return list;
  const same = list.findIndex((m) => m._id === incoming._id);
  // A message held over quiet hours comes again when delivered: it replaces its held copy, at the end.
  if (same >= 0 && list[same].heldUntil && !incoming.heldUntil)
    return [...list.slice(0, same), ...list.slice(same + 1), incoming];
  if (same >= 0) return list;
  const at = new Date(incoming.createdAt).getTime();
  const i = list.findIndex(
    (m) =>
      m.isOptimistic &&
      m.senderId === incoming.senderId &&
      m.content === incoming.content &&
      Math.abs(new Date(m.createdAt).getTime() - at) <= OPTIMISTIC_MATCH_MS,
  );
  if (i >= 0) return [...list.slice(0, i), incoming, ...list.slice(i + 1)];
  return [...list, incoming];
}

/** The API's path for a conversation id as the client names it (group id, or individual_<userId>). */
export function conversationPath(conversationId: string): string {
  const ref = parseConversationId(conversationId);
  if (!ref) throw new Error(`Not a conversation id: ${conversationId}`);
  return `${ref.type}/${ref.id}`;
}

export const conversationType = (conversationId: string): SendMessageRequest['conversationType'] =>
  parseConversationId(conversationId)?.type ?? 'group';

/** Removes one message from a conversation's list (deleted by its sender, here or elsewhere). */
export const withoutMessage = (list: DisplayMessage[], messageId: string): DisplayMessage[] =>
  list.filter((m) => m._id !== messageId);

/** Who is typing in one conversation: user id → name. */
export type TypingState = Record<string, string>;

/** Runs until the cache entry goes away (a lifecycle's first answer may never come: the entry can be dropped first). */
const loaded = (p: Promise<unknown>) =>
  p.then(
    () => true,
    () => false,
  );

export const chatApi = api.injectEndpoints({
  overrideExisting: true, // domain libraries are bundled into each remote that uses them: the copies are identical
  endpoints: (build) => ({
    conversations: build.query<Conversation[], void>({
      query: () => '/messages/conversations',
      providesTags: [{ type: 'Message', id: LIST_ID }],
      // Last message, order and unread counts follow the live messages; an unknown conversation reloads the list.
      async onCacheEntryAdded(_arg, { updateCachedData, cacheDataLoaded, cacheEntryRemoved, dispatch, getState }) {
        if (!(await loaded(cacheDataLoaded))) return;
        const stop = onSocket((socket) => {
          const onMessage = (m: ChatMessage) => {
            const me = (getState() as RootState).session.user?._id;
            const open = chatApi.util.selectCachedArgsForQuery(getState() as RootState, 'messages');
            let known = false;
            updateCachedData((list) => {
              const c = list.find((x) => x._id === m.conversationId);
              if (!c) return;
              known = true;
              c.lastMessage = { content: m.content, senderId: m.senderId, createdAt: m.createdAt };
              if (!open.includes(m.conversationId) && m.senderId !== me) c.unreadCount += 1;
              list.sort((a, b) => (b.lastMessage?.createdAt ?? '').localeCompare(a.lastMessage?.createdAt ?? ''));
            });
            if (!known) dispatch(chatApi.util.invalidateTags(['Message']));
          };
          // A deleted conversation or message can change any entry's last message: the list is read again.
          const onDeleted = () => dispatch(chatApi.util.invalidateTags(['Message']));
          socket.on('newMessage', onMessage);
          socket.on('conversationDeleted', onDeleted);
          socket.on('messageDeleted', onDeleted);
          return () => {
            socket.off('newMessage', onMessage);
            socket.off('conversationDeleted', onDeleted);
            socket.off('messageDeleted', onDeleted);
          };
        });
        await cacheEntryRemoved;
        stop();
      },
    }),
    /** The newest page of a conversation; older pages join it through useOlderMessages. */
    messages: build.query<MessageThread, string>({
      query: (id) => `/messages/${conversationPath(id)}`,
      // Only open conversations keep a list (the sidebar counts unread messages of the others).
      keepUnusedDataFor: 0,
      // Live messages join the list and deleted ones leave it (a whole conversation deleted empties it); a group's room
      // is joined while it is open; after a reconnect, what arrived while offline is fetched, page by page.
      async onCacheEntryAdded(id, { updateCachedData, cacheDataLoaded, cacheEntryRemoved, dispatch, getCacheEntry }) {
        if (!(await loaded(cacheDataLoaded))) return;
        const group = parseConversationId(id)?.type === 'group';
        const stop = onSocket((socket) => {
          const onMessage = (m: ChatMessage) =>
            updateCachedData((t) => {
              t.messages = reconcile(t.messages, m, id);
            });
          const onMessageDeleted = (p: { conversationId: string; messageId: string }) => {
            if (p.conversationId !== id) return;
            updateCachedData((t) => {
              t.messages = withoutMessage(t.messages, p.messageId);
            });
          };
          const onConversationDeleted = (p: { conversationId: string }) => {
            if (p.conversationId !== id) return;
            updateCachedData((t) => {
              t.messages = [];
              t.hasMore = false;
            });
          };
          const onReconnect = async () => {
            if (group) socket.emit('joinGroup', id);
            try {
              for (let i = 0; i < MAX_CATCH_UP_PAGES; i++) {
                const last = [...(getCacheEntry().data?.messages ?? [])].reverse().find((m) => !m.isOptimistic);
                const missed = await dispatch(
                  chatApi.endpoints.messagesSince.initiate({ id, after: last?.createdAt }),
                ).unwrap();
                updateCachedData((t) => {
                  t.messages = missed.messages.reduce((acc, m) => reconcile(acc, m, id), t.messages);
                });
                if (!missed.hasMore || !last) break;
              }
            } catch {
              /* the list stays as it is; the next reconnect tries again */
            }
          };
          if (group) socket.emit('joinGroup', id);
          socket.on('newMessage', onMessage);
          socket.on('messageDeleted', onMessageDeleted);
          socket.on('conversationDeleted', onConversationDeleted);
          socket.io.on('reconnect', onReconnect);
          return () => {
            if (group) socket.emit('leaveGroup', id);
            socket.off('newMessage', onMessage);
            socket.off('messageDeleted', onMessageDeleted);
            socket.off('conversationDeleted', onConversationDeleted);
            socket.io.off('reconnect', onReconnect);
          };
        });
        await cacheEntryRemoved;
        stop();
      },
    }),
    messagesSince: build.mutation<MessagePage, { id: string; after?: string }>({
      query: ({ id, after }) => ({ url: `/messages/${conversationPath(id)}`, params: after ? { after } : undefined }),
    }),
    /** The page just older than message `before` (useOlderMessages merges it into the open conversation). */
    olderMessages: build.mutation<MessagePage, { id: string; before: string }>({
      query: ({ id, before }) => ({ url: `/messages/${conversationPath(id)}`, params: { before } }),
    }),
    /** Who is typing in a conversation; filled by live events only. */
    typing: build.query<TypingState, string>({
      queryFn: () => ({ data: {} }),
      keepUnusedDataFor: 0,
      async onCacheEntryAdded(id, { updateCachedData, cacheDataLoaded, cacheEntryRemoved }) {
        if (!(await loaded(cacheDataLoaded))) return;
        const stop = onSocket((socket) => {
          const onTyping = (p: { conversationId: string; userId: string; fullName: string; isTyping: boolean }) => {
            if (p.conversationId !== id) return;
            updateCachedData((t) => {
              if (p.isTyping) t[p.userId] = p.fullName;
              else delete t[p.userId];
            });
          };
          socket.on('typing', onTyping);
          return () => socket.off('typing', onTyping);
        });
        await cacheEntryRemoved;
        stop();
      },
    }),
    sendMessage: build.mutation<ChatMessage, SendMessageRequest>({
      query: (body) => ({ url: '/messages', method: 'POST', body }),
    }),
    uploadAttachment: build.mutation<ChatAttachment, { conversationId: string; file: File }>({
      query: ({ conversationId, file }) => {
        // Fields first, then the file, as the API reads them.
        const form = new FormData();
        form.append('conversationType', conversationType(conversationId));
        form.append('conversationId', conversationId);
        form.append('file', file);
        return { url: '/messages/attachments', method: 'POST', body: form };
      },
    }),
    deleteConversation: build.mutation<{ message: string }, string>({
      query: (id) => ({ url: `/messages/conversation/${conversationPath(id)}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'Message', id: LIST_ID }],
    }),
    /** Reports a message of the conversation to the school's safeguarding leads. */
    reportMessage: build.mutation<MessageReportReceipt, ReportMessageRequest>({
      query: (body) => ({ url: '/safeguarding/reports', method: 'POST', body }),
    }),
    /** While quiet hours last, what staff write to students is held until they end. */
    chatQuietHours: build.query<ChatQuietHoursResponse, void>({ query: () => '/messages/quiet-hours' }),
    /** One's own message, gone for everyone in the conversation (the others' lists drop it on messageDeleted). */
    deleteMessage: build.mutation<DeleteMessageResponse, { conversationId: string; messageId: string }>({
      query: ({ messageId }) => ({ url: `/messages/${encodeURIComponent(messageId)}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'Message', id: LIST_ID }],
      async onQueryStarted({ conversationId, messageId }, { dispatch, queryFulfilled }) {
        if (!(await loaded(queryFulfilled))) return;
        dispatch(
          chatApi.util.updateQueryData('messages', conversationId, (t) => {
            t.messages = withoutMessage(t.messages, messageId);
          }),
        );
      },
    }),
  }),
});

export const {
  useConversationsQuery,
  useMessagesQuery,
  useTypingQuery,
  useSendMessageMutation,
  useUploadAttachmentMutation,
  useDeleteConversationMutation,
  useDeleteMessageMutation,
  useReportMessageMutation,
  useChatQuietHoursQuery,
} = chatApi;

/** The id of the oldest confirmed message of an open conversation: the cursor of the page before it. */
export const oldestMessageId = (thread: MessageThread | undefined): string | undefined =>
  thread?.messages.find((m) => !m.isOptimistic)?._id;

/**
 * Loads the page before the oldest message shown into the open conversation `id`; resolves to false when the call
 * failed. A page fetched while the list was reloaded is dropped (it could leave a gap); the next scroll to the top asks
 * again.
 */
export const loadOlderMessages =
  (id: string) =>
  async (dispatch: AppDispatch, getState: () => RootState): Promise<boolean> => {
    const thread = chatApi.endpoints.messages.select(id)(getState()).data;
    const before = oldestMessageId(thread);
    if (!thread?.hasMore || !before) return true;
    const call = dispatch(chatApi.endpoints.olderMessages.initiate({ id, before }));
    try {
      const page = await call.unwrap();
      dispatch(
        chatApi.util.updateQueryData('messages', id, (t) => {
          if (oldestMessageId(t) !== before) return;
          const known = new Set(t.messages.map((m) => m._id));
          t.messages.unshift(...page.messages.filter((m) => !known.has(m._id)));
          t.hasMore = page.hasMore;
        }),
      );
      return true;
    } catch {
      return false;
    } finally {
      call.reset();
    }
  };

/** Tells the others in a conversation whether this user is typing (the server relays it to members only). */
export const emitTyping = (conversationId: string, isTyping: boolean) =>
  getSocket()?.emit('typing', { conversationId, isTyping });
