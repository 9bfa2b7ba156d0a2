import { BadRequestException, Injectable, type PipeTransform } from '@nestjs/common';
import { CONVERSATION_ID } from './dto/send-message.dto';
import { CONVERSATION_TYPES, type ConversationType } from './entities/message.entity';

/** A conversation id in a path: a group id or individual_<user id>. */
@Injectable()
export class ConversationParamPipe implements PipeTransform<string, string> {
  transform(value: string): string {
    if (!CONVERSATION_ID.test(value)) throw new BadRequestException('The conversation id must be a group id or individual_<user id>');
    return value;
  }

  static type: PipeTransform<string, ConversationType> = {
    transform(value: string): ConversationType {
      if (!(CONVERSATION_TYPES as readonly string[]).includes(value)) throw new BadRequestException('The conversation type must be group or individual');
      return value as ConversationType;
    },
  };
}
