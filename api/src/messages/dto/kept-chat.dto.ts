import { Transform, Type } from 'class-transformer';
import { IsInt, IsNotEmpty, IsString, IsUUID, Length, Max, Min } from 'class-validator';
import {
  KEPT_CHAT_REASON_MAX,
  KEPT_CHAT_REASON_MIN,
  KEPT_CHATS_PAGE_SIZE,
  MAX_PAGE_SIZE,
  type CursorQuery,
  type ReadKeptChatRequest,
} from '@portal/contracts';
import { MayOmit } from '../../common/may-omit';
import { trim } from '../../common/transforms';

/** GET /api/safeguarding/kept-chats */
export class KeptChatsQueryDto implements CursorQuery {
  @IsUUID('4', { message: 'before must be a kept chat id' })
  @MayOmit()
  before?: string;

  @Max(MAX_PAGE_SIZE, { message: `limit must be at most ${MAX_PAGE_SIZE}` })
  @Min(1, { message: 'limit must be 1 or more' })
  @IsInt({ message: 'limit must be a whole number' })
  @Type(() => Number)
  @MayOmit()
  limit?: number = KEPT_CHATS_PAGE_SIZE;
}

/** POST /api/safeguarding/kept-chats/:id/read */
export class ReadKeptChatDto implements ReadKeptChatRequest {
  @Length(KEPT_CHAT_REASON_MIN, KEPT_CHAT_REASON_MAX, {
    message: `The reason must be ${KEPT_CHAT_REASON_MIN} to ${KEPT_CHAT_REASON_MAX} characters`,
  })
  @IsNotEmpty({ message: 'Say why you need to read this chat' })
  @IsString({ message: 'The reason must be text' })
  @Transform(trim)
  reason: string;
}
