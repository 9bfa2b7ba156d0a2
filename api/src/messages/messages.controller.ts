import { Body, Controller, Delete, Get, Param, Post, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  ErrorCode,
  type ChatAttachment,
  type ChatMessage,
  type ChatQuietHoursResponse,
  type Conversation,
  type ConversationRef,
  type DeleteConversationResponse,
  type DeleteMessageResponse,
  type MessagePage,
} from '@portal/contracts';
import { ATTACHMENT_MEDIA_TYPES, AttachmentsService, MAX_ATTACHMENT_BYTES } from './attachments.service';
import { AnswersArrayPage, pageOf, type ArrayPage } from '../common/array-page';
import type { AuthUser } from '../common/auth-user';
import { ListQueryDto } from '../common/pagination.dto';
import { CurrentUser } from '../common/decorators';
import { IdParam } from '../common/id-param';
import { ConversationParamPipe, TypedConversationParamsPipe } from './conversation-param.pipe';
import { MessagesQueryDto, SendMessageDto } from './dto/send-message.dto';
import { MessagesService } from './messages.service';
import { RetentionService } from '../retention/retention.service';
import { CalendarService } from '../calendar/calendar.service';
import { iso } from '../dates/iso';
import { sendFile } from '../common/send-file';
import { changesNoKeptRead } from '../read-cache/read-scopes';
import { ApiBody, ApiConsumes, ApiOperation } from '@nestjs/swagger';
import { ApiAnswer, ApiErrors } from '../openapi/api-doc.decorators';

@Controller('messages')
export class MessagesController {
  constructor(
    private readonly messages: MessagesService,
    private readonly attachments: AttachmentsService,
    private readonly calendar: CalendarService,
    private readonly retention: RetentionService,
  ) {}

  /** multipart/form-data: conversationType, conversationId, then the file. */
  @Post('attachments')
  // Read from the request itself (a stream, not a DTO): described here by hand.
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      required: ['conversationType', 'conversationId', 'file'],
      properties: {
        conversationType: { type: 'string', enum: ['group', 'individual'] },
        conversationId: { type: 'string', description: "The group id, or the other participant's user id" },
        file: {
          type: 'string',
          format: 'binary',
          description: `At most ${MAX_ATTACHMENT_BYTES} bytes; before it, the fields`,
        },
      },
    },
  })
  @ApiOperation({ summary: 'Upload a chat attachment (multipart/form-data)' })
  @ApiAnswer('ChatAttachment')
  @ApiErrors(
    ErrorCode.ConversationNotFound,
    ErrorCode.FileTypeNotAllowed,
    ErrorCode.NotAMember,
    ErrorCode.PayloadTooLarge,
    ErrorCode.SelfConversation,
    ErrorCode.UploadQuotaExceeded,
    ErrorCode.UserNotFound,
  )
  async upload(@CurrentUser() me: AuthUser, @Req() req: FastifyRequest): Promise<ChatAttachment> {
    changesNoKeptRead();
    const file = req.isMultipart()
      ? await req.file({ limits: { fileSize: MAX_ATTACHMENT_BYTES, files: 1, fields: 5 } })
      : undefined;
    return this.attachments.upload(me, file);
  }

  @Get('attachments/:id')
  @ApiOperation({ summary: 'Download a chat attachment', description: 'Served in its own type; inline if an image.' })
  @ApiAnswer({ file: ATTACHMENT_MEDIA_TYPES })
  @ApiErrors(
    ErrorCode.AttachmentNotFound,
    ErrorCode.ConversationNotFound,
    ErrorCode.NotAMember,
    ErrorCode.SelfConversation,
    ErrorCode.UserNotFound,
  )
  async download(@CurrentUser() me: AuthUser, @IdParam() id: string, @Res() reply: FastifyReply): Promise<void> {
    const { attachment, stream } = await this.attachments.open(me, id);
    await sendFile(reply, attachment, stream, { inline: attachment.kind === 'image', cache: 'private, max-age=3600' });
  }

  @Get('conversations')
  @ApiOperation({ summary: "The caller's conversations" })
  @ApiAnswer(['Conversation'])
  @AnswersArrayPage()
  async conversations(@CurrentUser() me: AuthUser, @Query() q: ListQueryDto): Promise<ArrayPage<Conversation>> {
    // Put together from groups, mentees and chat partners and ranked by the last message: paged after ranking.
    return pageOf(await this.messages.conversations(me), q);
  }

  @Get('quiet-hours')
  @ApiOperation({ summary: 'Whether what staff write to students is held now, and until when' })
  @ApiAnswer('ChatQuietHoursResponse')
  async quietHours(): Promise<ChatQuietHoursResponse> {
    return {
      quietUntil: iso(await this.calendar.quietUntil()),
      deletedKeptDays: await this.retention.days('deletedChats'),
    };
  }

  @Get('group/:id')
  @ApiOperation({ summary: "A page of a group conversation's messages" })
  @ApiAnswer('MessagePage')
  @ApiErrors(ErrorCode.ConversationNotFound, ErrorCode.NotAMember, ErrorCode.SelfConversation, ErrorCode.UserNotFound)
  group(
    @CurrentUser() me: AuthUser,
    @Param('id', new ConversationParamPipe('group')) ref: ConversationRef,
    @Query() q: MessagesQueryDto,
  ): Promise<MessagePage> {
    return this.messages.list(me, ref, q);
  }

  @Get('individual/:id')
  @ApiOperation({ summary: "A page of a one-to-one conversation's messages" })
  @ApiAnswer('MessagePage')
  @ApiErrors(ErrorCode.ConversationNotFound, ErrorCode.NotAMember, ErrorCode.SelfConversation, ErrorCode.UserNotFound)
  individual(
    @CurrentUser() me: AuthUser,
    @Param('id', new ConversationParamPipe('individual')) ref: ConversationRef,
    @Query() q: MessagesQueryDto,
  ): Promise<MessagePage> {
    return this.messages.list(me, ref, q);
  }

  @Post()
  @ApiOperation({ summary: 'Send a chat message' })
  @ApiAnswer('ChatMessage')
  @ApiErrors(
    ErrorCode.AttachmentInvalid,
    ErrorCode.ConversationNotFound,
    ErrorCode.NotAMember,
    ErrorCode.SelfConversation,
    ErrorCode.UserNotFound,
  )
  send(@CurrentUser() me: AuthUser, @Body() dto: SendMessageDto): Promise<ChatMessage> {
    changesNoKeptRead();
    return this.messages.send(me, dto);
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Delete one of your own messages (gone for everyone in the conversation)' })
  @ApiAnswer('DeleteMessageResponse')
  @ApiErrors(ErrorCode.ConversationNotFound, ErrorCode.MessageNotFound, ErrorCode.NotAMember, ErrorCode.NotOwner)
  removeMessage(@CurrentUser() me: AuthUser, @IdParam() id: string): Promise<DeleteMessageResponse> {
    changesNoKeptRead();
    return this.messages.deleteMessage(me, id);
  }

  @Delete('conversation/:type/:id')
  @ApiOperation({ summary: "Delete a conversation's messages" })
  @ApiAnswer('DeleteConversationResponse')
  @ApiErrors(
    ErrorCode.ConversationNotFound,
    ErrorCode.Forbidden,
    ErrorCode.NotAMember,
    ErrorCode.NotOwner,
    ErrorCode.SelfConversation,
    ErrorCode.UserNotFound,
  )
  remove(
    @CurrentUser() me: AuthUser,
    @Param(TypedConversationParamsPipe) ref: ConversationRef,
  ): Promise<DeleteConversationResponse> {
    changesNoKeptRead();
    return this.messages.deleteConversation(me, ref);
  }
}
