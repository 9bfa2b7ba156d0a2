import type { ChatMessage, Conversation, SendMessageRequest } from '@portal/contracts';
import { api } from '@portal/kit';

/** A message shown before the server confirmed it. */
export type DisplayMessage = ChatMessage & { isOptimistic?: boolean };
export const OPTIMISTIC_MATCH_MS = 5000;

/**
 * Adds a live or confirmed message to a conversation's list (SPEC.md section 4): messages of other conversations and
 * duplicates by id are ignored; a message replaces the optimistic one with the same sender and content created within
 * 5000 ms of it.
 */
export function reconcile(list: DisplayMessage[], incoming: ChatMessage, conversationId: string): DisplayMessage[] {
  if (incoming.conversationId !== conversationId) return list;
  if (list.some((m) => m._id === incoming._id)) return list;
  const at = new Date(incoming.createdAt).getTime();
  const i = list.findIndex((m) => m.isOptimistic && m.senderId === incoming.senderId && m.content === incoming.content
    && Math.abs(new Date(m.createdAt).getTime() - at) <= OPTIMISTIC_MATCH_MS);
  if (i >= 0) return [...list.slice(0, i), incoming, ...list.slice(i + 1)];
  return [...list, incoming];
}

/** The API's path for a conversation id as the client names it (group id, or individual_<userId>). */
export const conversationPath = (id: string) => (id.startsWith('individual_') ? `individual/${id.slice('individual_'.length)}` : `group/${id}`);
export const conversationType = (id: string): SendMessageRequest['conversationType'] => (id.startsWith('individual_') ? 'individual' : 'group');

export const chatApi = api.injectEndpoints({
  overrideExisting: true, // each remote bundles its own copy of these (identical) endpoints; the last one loaded wins
  endpoints: (build) => ({
    conversations: build.query<Conversation[], void>({ query: () => '/messages/conversations', providesTags: ['Message'] }),
    messages: build.query<DisplayMessage[], string>({ query: (id) => `/messages/${conversationPath(id)}` }),
    sendMessage: build.mutation<ChatMessage, SendMessageRequest>({ query: (body) => ({ url: '/messages', method: 'POST', body }) }),
    deleteConversation: build.mutation<{ message: string }, string>({
      query: (id) => ({ url: `/messages/conversation/${conversationType(id)}/${id.replace(/^individual_/, '')}`, method: 'DELETE' }), invalidatesTags: ['Message'],
    }),
  }),
});

export const { useConversationsQuery, useMessagesQuery, useSendMessageMutation, useDeleteConversationMutation } = chatApi;
