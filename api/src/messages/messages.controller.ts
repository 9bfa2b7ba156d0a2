import { Body, Controller, Delete, Get, Param, Post, Query } from '@nestjs/common';
import type { ChatMessage, Conversation } from '@portal/contracts';
import type { AuthUser } from '../auth/auth-user';
import { CurrentUser } from '../auth/decorators';
import { ConversationParamPipe } from './conversation-param.pipe';
import { MessagesQueryDto, SendMessageDto } from './dto/send-message.dto';
import type { ConversationType } from './entities/message.entity';
import { MessagesService } from './messages.service';

@Controller('messages')
export class MessagesController {
  constructor(private readonly messages: MessagesService) {}

  @Get('conversations')
  conversations(@CurrentUser() me: AuthUser): Promise<Conversation[]> {
    return this.messages.conversations(me);
  }

  @Get('group/:id')
  group(@CurrentUser() me: AuthUser, @Param('id', ConversationParamPipe) id: string, @Query() q: MessagesQueryDto): Promise<ChatMessage[]> {
    return this.messages.list(me, 'group', id, q);
  }

  @Get('individual/:id')
  individual(@CurrentUser() me: AuthUser, @Param('id', ConversationParamPipe) id: string, @Query() q: MessagesQueryDto): Promise<ChatMessage[]> {
    return this.messages.list(me, 'individual', id, q);
  }

  @Post()
  send(@CurrentUser() me: AuthUser, @Body() dto: SendMessageDto): Promise<ChatMessage> {
    return this.messages.send(me, dto);
  }

  @Delete('conversation/:type/:id')
  remove(@CurrentUser() me: AuthUser, @Param('type', ConversationParamPipe.type) type: ConversationType, @Param('id', ConversationParamPipe) id: string) {
    return this.messages.deleteConversation(me, type, id);
  }
}
