import { Body, Controller, Get, HttpCode, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { ApiOperation } from '@nestjs/swagger';
import { ErrorCode, type KeptChatDetail, type KeptChatPage } from '@portal/contracts';
import type { AuthUser } from '../common/auth-user';
import { CurrentUser, Roles } from '../common/decorators';
import { IdParam } from '../common/id-param';
import { ApiAnswer, ApiErrors } from '../openapi/api-doc.decorators';
import { changesNoKeptRead } from '../read-cache/read-scopes';
import { KeptChatsQueryDto, ReadKeptChatDto } from './dto/kept-chat.dto';
import { KeptChatsService } from './kept-chats.service';
import { ATTACHMENT_MEDIA_TYPES } from './attachments.service';
import { sendFile } from '../common/send-file';
import { Discloses } from '../disclosures/discloses.decorator';

/** Deleted chats, kept for the school's safeguarding leads (admins; the service checks the designation). */
@Roles('admin')
@Controller('safeguarding/kept-chats')
export class KeptChatsController {
  constructor(private readonly kept: KeptChatsService) {}

  @Get()
  @ApiOperation({ summary: 'Deleted chats kept for safeguarding, newest deletion first (leads only)' })
  @ApiAnswer('KeptChatPage')
  @ApiErrors(ErrorCode.KeptChatNotFound, ErrorCode.NotSafeguardingLead)
  list(@CurrentUser() me: AuthUser, @Query() q: KeptChatsQueryDto): Promise<KeptChatPage> {
    return this.kept.list(me, q);
  }

  @Discloses((body) => {
    const { chat } = body as KeptChatDetail;
    // A safeguarding read: shown to admins in each student's log, not to the student.
    return chat.participants
      .filter((p) => p.role === 'mentee' && p._id)
      .map((p) => ({
        menteeId: p._id,
        record: 'kept-chat',
        recordId: chat._id,
        fields: ['messages'],
        safeguarding: true,
      }));
  })
  @Post(':id/read')
  @HttpCode(200)
  @ApiOperation({ summary: "Read a kept chat's messages, saying why (audited; leads only)" })
  @ApiAnswer('KeptChatDetail')
  @ApiErrors(ErrorCode.KeptChatNotFound, ErrorCode.NotSafeguardingLead)
  read(@CurrentUser() me: AuthUser, @IdParam() id: string, @Body() dto: ReadKeptChatDto): Promise<KeptChatDetail> {
    changesNoKeptRead();
    return this.kept.read(me, id, dto.reason);
  }

  @Get(':id/attachments/:attachmentId')
  @ApiOperation({ summary: "Download a kept chat's file (audited; leads only)" })
  @ApiAnswer({ file: ATTACHMENT_MEDIA_TYPES })
  @ApiErrors(ErrorCode.KeptChatNotFound, ErrorCode.NotSafeguardingLead, ErrorCode.AttachmentNotFound)
  async attachment(
    @CurrentUser() me: AuthUser,
    @IdParam() id: string,
    @IdParam('attachmentId') attachmentId: string,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const { attachment, stream } = await this.kept.openAttachment(me, id, attachmentId);
    await sendFile(reply, attachment, stream);
  }
}
