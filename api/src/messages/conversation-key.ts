import { parseConversationId, type ConversationRef, type ConversationType } from '@portal/contracts';
import { isRecordId } from '../common/record-id';

/**
 * The stored name of a conversation (messages.conversationKey): the group id, or for two people their two ids in
 * sorted order, "a:b", the same whoever writes first. The one place that knows this format.
 */
export const individualKey = (a: string, b: string): string => [a, b].sort().join(':');

/** The two people of an individual conversation's key. */
export function parseIndividualKey(key: string): [string, string] {
  const [a, b] = key.split(':');
  return [a, b];
}

/**
 * The columns that place a stored message in its conversation: its type and key and, for an individual chat, the
 * key's two people in its order (null for a group). Every path that writes a message spreads this.
 */
export function conversationColumns(
  type: ConversationType,
  key: string,
): {
  conversationType: ConversationType;
  conversationKey: string;
  participantA: string | null;
  participantB: string | null;
} {
  if (type === 'group') return { conversationType: type, conversationKey: key, participantA: null, participantB: null };
  const [participantA, participantB] = parseIndividualKey(key);
  return { conversationType: type, conversationKey: key, participantA, participantB };
}

/**
 * LIKE patterns matching every individual conversation key of one person: only for the read marks and uploads of a
 * deleted account (messages are found by their participant columns).
 */
export const individualKeysOf = (userId: string): [string, string] => [`${userId}:%`, `%:${userId}`];

/**
 * A conversation named by the caller (a path parameter, a message or an upload): the wire id of SPEC.md (a group id,
 * or a user id with or without the individual_ prefix) for a conversation of `type`. Null when it names nothing valid.
 */
export function toConversationRef(type: ConversationType, value: unknown): ConversationRef | null {
  const ref = typeof value === 'string' ? parseConversationId(value) : null;
  if (!ref || !isRecordId(ref.id) || (ref.type === 'individual' && type === 'group')) return null;
  return { type, id: ref.id };
}

/**
 * A stored conversation as `userId` names it (the group, or the other person); null when the user is not one of an
 * individual chat's two people.
 */
export function refSeenBy(type: ConversationType, key: string, userId: string): ConversationRef | null {
  if (type === 'group') return { type, id: key };
  const [a, b] = parseIndividualKey(key);
  if (userId !== a && userId !== b) return null;
  return { type, id: userId === a ? b : a };
}
