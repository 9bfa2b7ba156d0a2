import { Body, Controller, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import {
  ErrorCode,
  type AbsenceAnswerResponse,
  type AbsenceLinkResponse,
  type MessageResponse,
} from '@portal/contracts';
import { AnswersArrayPage, pageOf, type ArrayPage } from '../common/array-page';
import type { AuthUser } from '../common/auth-user';
import { CurrentUser, Public, Roles } from '../common/decorators';
import { IdParam } from '../common/id-param';
import { ListQueryDto } from '../common/pagination.dto';
import { ApiAnswer, ApiErrors } from '../openapi/api-doc.decorators';
import { changesNoKeptRead } from '../read-cache/read-scopes';
import { AbsenceAnswersService } from './absence-answers.service';
import { AbsenceLinkAnswerDto, AbsenceLinkDto } from './dto/absence-answer.dto';

/** The mentor's queue of families' answers, and the admins' settling of a disputed mark. */
@Controller()
export class AbsenceAnswersController {
  constructor(private readonly answers: AbsenceAnswersService) {}

  @Get('mentor/absence-answers')
  @Roles('mentor')
  @ApiOperation({ summary: "Families' answers to their mentees' absences, not yet marked seen (oldest first)" })
  @ApiAnswer(['AbsenceAnswerResponse'])
  @AnswersArrayPage()
  async queue(@CurrentUser() me: AuthUser, @Query() q: ListQueryDto): Promise<ArrayPage<AbsenceAnswerResponse>> {
    return pageOf(await this.answers.mentorQueue(me), q);
  }

  @Put('mentor/absence-answers/:id/seen')
  @Roles('mentor')
  @ApiOperation({ summary: "Mark a family's answer as seen: it leaves the queue" })
  @ApiAnswer('AbsenceAnswerResponse')
  @ApiErrors(ErrorCode.NotFound, ErrorCode.NotOwner)
  seen(@CurrentUser() me: AuthUser, @IdParam() id: string): Promise<AbsenceAnswerResponse> {
    changesNoKeptRead();
    return this.answers.markSeen(me, id);
  }

  @Put('admin/absence-answers/:id/confirm')
  @Roles('admin')
  @ApiOperation({ summary: 'Keep a mark a family disputes as it is (correcting it is saving another status)' })
  @ApiAnswer('AbsenceAnswerResponse')
  @ApiErrors(ErrorCode.NotFound, ErrorCode.Conflict)
  confirm(@CurrentUser() me: AuthUser, @IdParam() id: string): Promise<AbsenceAnswerResponse> {
    return this.answers.confirmMark(me, id);
  }
}

/** The absence notice e-mail's link: no sign-in, the token is the right (single use, 7 days). */
@Controller('absence-link')
export class AbsenceLinkController {
  constructor(private readonly answers: AbsenceAnswersService) {}

  @Public()
  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: "What an absence notice's link is about: the child's first name and the day" })
  @ApiAnswer('AbsenceLinkResponse')
  @ApiErrors(ErrorCode.AbsenceLinkInvalid)
  lookup(@Body() dto: AbsenceLinkDto): Promise<AbsenceLinkResponse> {
    changesNoKeptRead();
    return this.answers.lookup(dto.token);
  }

  @Public()
  @Post('answer')
  @HttpCode(200)
  @ApiOperation({ summary: 'Answer the absence with the link (the link is then used up)' })
  @ApiAnswer('MessageResponse')
  @ApiErrors(ErrorCode.AbsenceLinkInvalid, ErrorCode.NotAbsent, ErrorCode.AbsenceAlreadyAnswered)
  answer(@Body() dto: AbsenceLinkAnswerDto): Promise<MessageResponse> {
    return this.answers.answerByLink(dto.token, dto);
  }
}
