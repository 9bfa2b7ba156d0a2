import { Transform, Type } from 'class-transformer';
import {
  IsIn,
  IsInt,
  IsISO8601,
  IsNotEmpty,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
  registerDecorator,
  ValidateIf,
  type ValidationOptions,
} from 'class-validator';
import {
  CONVERSATION_TYPES,
  MAX_MESSAGE_LENGTH,
  MESSAGE_MAX_PAGE_SIZE,
  type ConversationType,
  type MessagePageQuery,
  type SendMessageRequest,
} from '@portal/contracts';
import { RECORD_ID } from '../../common/record-id';
import { NotBlank } from '../../common/not-blank';
import { trim } from '../../common/transforms';
import { toConversationRef } from '../conversation-key';
import { MayOmit } from '../../common/may-omit';

/** The conversationId names a conversation of the body's conversationType (a group id, or a user id). */
function IsConversationId(options: ValidationOptions) {
  return (object: object, propertyName: string) =>
    registerDecorator({
      name: 'isConversationId',
      target: object.constructor,
      propertyName,
      options,
      validator: {
        validate: (value: unknown, args) =>
          !!toConversationRef((args?.object as SendMessageDto).conversationType, value),
      },
    });
}

export class SendMessageDto implements SendMessageRequest {
  @IsIn(CONVERSATION_TYPES, { message: 'conversationType must be group or individual' })
  conversationType: ConversationType;

  @IsConversationId({ message: 'conversationId must be a group id or individual_<user id>' })
  conversationId: string;

  // Without an attachment the text is required: a message with neither is refused, not pushed.
  @MaxLength(MAX_MESSAGE_LENGTH, { message: `A message can be at most ${MAX_MESSAGE_LENGTH} characters` })
  @NotBlank({ message: 'A message needs text or an attachment' })
  @IsString({ message: 'A message must be text' })
  @IsNotEmpty({ message: 'A message needs text or an attachment' })
  @ValidateIf((o: SendMessageDto) => !o.attachmentId || (o.content !== undefined && o.content !== ''))
  @Transform(trim)
  content: string;

  @IsUUID('4', { message: 'attachmentId must be an attachment id' })
  @MayOmit()
  attachmentId?: string;
}

export class MessagesQueryDto implements MessagePageQuery {
  /** The cursor of an older page: the id of the oldest message the client has; the page ends just before it. */
  @Matches(RECORD_ID, { message: 'before must be the id of a message' })
  @MayOmit()
  before?: string;

  /** Messages created strictly after this time (catching up after a reconnect). */
  @IsISO8601({}, { message: 'after must be an ISO date-time' })
  @MayOmit()
  after?: string;

  @Max(MESSAGE_MAX_PAGE_SIZE, { message: `limit must be at most ${MESSAGE_MAX_PAGE_SIZE}` })
  @Min(1, { message: 'limit must be 1 or more' })
  @IsInt({ message: 'limit must be a whole number' })
  @Type(() => Number)
  @MayOmit()
  limit?: number;
}
