import { Body, Controller, Delete, Get, Param, Post, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ChatAttachment, ChatMessage, Conversation, ConversationRef, MessagePage } from '@portal/contracts';
import { AttachmentsService, MAX_ATTACHMENT_BYTES } from './attachments.service';
import type { AuthUser } from '../common/auth-user';
import { CurrentUser } from '../common/decorators';
import { IdParam } from '../common/id-param';
import { ConversationParamPipe, TypedConversationParamsPipe } from './conversation-param.pipe';
import { MessagesQueryDto, SendMessageDto } from './dto/send-message.dto';
import { MessagesService } from './messages.service';
import { changesNoKeptRead } from '../read-cache/read-scopes';

@Controller('messages')
export class MessagesController {
  constructor(
    private readonly messages: MessagesService,
    private readonly attachments: AttachmentsService,
  ) {}

  /** multipart/form-data: conversationType, conversationId, then the file. */
  @Post('attachments')
  async upload(@CurrentUser() me: AuthUser, @Req() req: FastifyRequest): Promise<ChatAttachment> {
    changesNoKeptRead();
    const file = req.isMultipart()
      ? await req.file({ limits: { fileSize: MAX_ATTACHMENT_BYTES, files: 1, fields: 5 } })
      : undefined;
    return this.attachments.upload(me, file);
  }

  @Get('attachments/:id')
  async download(@CurrentUser() me: AuthUser, @IdParam() id: string, @Res() reply: FastifyReply): Promise<void> {
    const { attachment, stream } = await this.attachments.open(me, id);
    const disposition = attachment.kind === 'image' ? 'inline' : 'attachment';
    await reply
      .header('content-type', attachment.mimeType)
      .header('content-disposition', `${disposition}; filename*=UTF-8''${encodeURIComponent(attachment.fileName)}`)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, max-age=3600')
      .send(stream);
  }

  @Get('conversations')
  conversations(@CurrentUser() me: AuthUser): Promise<Conversation[]> {
    return this.messages.conversations(me);
  }

  @Get('group/:id')
  group(
    @CurrentUser() me: AuthUser,
    @Param('id', new ConversationParamPipe('group')) ref: ConversationRef,
    @Query() q: MessagesQueryDto,
  ): Promise<MessagePage> {
    return this.messages.list(me, ref, q);
  }

  @Get('individual/:id')
  individual(
    @CurrentUser() me: AuthUser,
    @Param('id', new ConversationParamPipe('individual')) ref: ConversationRef,
    @Query() q: MessagesQueryDto,
  ): Promise<MessagePage> {
    return this.messages.list(me, ref, q);
  }

  @Post()
  send(@CurrentUser() me: AuthUser, @Body() dto: SendMessageDto): Promise<ChatMessage> {
    changesNoKeptRead();
    return this.messages.send(me, dto);
  }

  @Delete('conversation/:type/:id')
  remove(
    @CurrentUser() me: AuthUser,
    @Param(TypedConversationParamsPipe) ref: ConversationRef,
  ): Promise<{ message: string; deleted: number }> {
    changesNoKeptRead();
    return this.messages.deleteConversation(me, ref);
  }
}
