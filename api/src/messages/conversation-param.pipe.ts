import { Injectable, type PipeTransform } from '@nestjs/common';
import { CONVERSATION_ID } from './dto/send-message.dto';
import { CONVERSATION_TYPES, type ConversationType } from './entities/message.entity';
import { MessageException } from './message.exception';

/** A conversation id in a path: a group id or individual_<user id>. */
@Injectable()
export class ConversationParamPipe implements PipeTransform<string, string> {
  transform(value: string): string {
    if (!CONVERSATION_ID.test(value)) throw MessageException.invalidConversationId();
    return value;
  }

  static type: PipeTransform<string, ConversationType> = {
    transform(value: string): ConversationType {
      if (!(CONVERSATION_TYPES as readonly string[]).includes(value)) throw MessageException.invalidConversationType();
      return value as ConversationType;
    },
  };
}
