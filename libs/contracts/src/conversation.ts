import type { ConversationType } from './realtime';

/** A conversation as the code handles it; on the wire it is the id string of SPEC.md (`<groupId>` or `individual_<userId>`). */
export interface ConversationRef {
  type: ConversationType;
  /** The group id, or the other participant's user id. */
  id: string;
}

const INDIVIDUAL = 'individual_';

/** The one parser of a conversation id; null for anything that is not `<id>` or `individual_<id>`. */
export function parseConversationId(value: string): ConversationRef | null {
  if (typeof value !== 'string' || !value) return null;
  if (value.startsWith(INDIVIDUAL)) {
    const id = value.slice(INDIVIDUAL.length);
    return id ? { type: 'individual', id } : null;
  }
  return { type: 'group', id: value };
}

/** The one formatter: the inverse of parseConversationId. */
export const formatConversationId = (ref: ConversationRef): string =>
  ref.type === 'individual' ? `${INDIVIDUAL}${ref.id}` : ref.id;

/** DELETE /api/messages/conversation/:type/:id */
export interface DeleteConversationResponse {
  message: string;
  /** How many messages were deleted. */
  deleted: number;
}
