import { Injectable, type PipeTransform } from '@nestjs/common';
import { CONVERSATION_TYPES, type ConversationRef, type ConversationType } from '@portal/contracts';
import { toConversationRef } from './conversation-key';
import { MessageException } from './message.exception';

/** A conversation named in a path: a group id, or a user id (individual_ prefix optional), of the route's type. */
@Injectable()
export class ConversationParamPipe implements PipeTransform<string, ConversationRef> {
  constructor(private readonly type: ConversationType) {}

  transform(value: string): ConversationRef {
    const ref = toConversationRef(this.type, value);
    if (!ref) throw MessageException.invalidConversationId();
    return ref;
  }
}

/** The `:type/:id` pair of a path: a conversation type, then a conversation of that type. */
@Injectable()
export class TypedConversationParamsPipe implements PipeTransform<{ type: string; id: string }, ConversationRef> {
  transform({ type, id }: { type: string; id: string }): ConversationRef {
    if (!(CONVERSATION_TYPES as readonly string[]).includes(type)) throw MessageException.invalidConversationType();
    return new ConversationParamPipe(type as ConversationType).transform(id);
  }
}
