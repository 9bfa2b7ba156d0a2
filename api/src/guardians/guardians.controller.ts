import { Body, Controller, Delete, Get, Ip, Post, Put, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { ApiOperation } from '@nestjs/swagger';
import {
  ErrorCode,
  type AbsenceAnswerSummary,
  type GuardianChild,
  type GuardianChildAttendance,
  type ConsentRecordResponse,
  type GuardianConsentOverview,
  type GuardianConsentState,
  type GuardianLinkResponse,
  type LeaveImpact,
  type PrivacyNoticeResponse,
  type LeaveResponse,
  type MessageResponse,
} from '@portal/contracts';
import { CreateLeaveDto } from '../leaves/dto/create-leave.dto';
import { LeaveImpactQueryDto } from '../leaves/dto/leave-impact.query.dto';
import { ListLeavesQueryDto } from '../leaves/dto/list-leaves.query.dto';
import { LEAVE_DOCUMENT_MEDIA_TYPES } from '../leaves/leave-documents.service';
import { sendFile } from '../common/send-file';
import type { AuthUser } from '../common/auth-user';
import { CurrentUser, Roles } from '../common/decorators';
import { IdParam } from '../common/id-param';
import { AnswersArrayPage, pageOf, type ArrayPage } from '../common/array-page';
import { ListQueryDto } from '../common/pagination.dto';
import { ApiAnswer, ApiErrors } from '../openapi/api-doc.decorators';
import { GuardianAttendanceQueryDto } from './dto/guardian-attendance.query.dto';
import { GuardianAbsenceAnswerDto } from '../attendance/dto/absence-answer.dto';
import { InviteGuardianDto } from './dto/invite-guardian.dto';
import { GuardiansService } from './guardians.service';
import { ConsentService } from './consent.service';
import { PublishPrivacyNoticeDto, RecordConsentDto } from './dto/consent.dto';
import { Discloses, rowsOf } from '../disclosures/discloses.decorator';

/** What a guardian sees of their own children. */
@Controller('guardian')
@Roles('guardian')
export class GuardianController {
  constructor(
    private readonly guardians: GuardiansService,
    private readonly consent: ConsentService,
  ) {}

  @Get('consent')
  @ApiOperation({ summary: "The school's privacy notice and the guardian's consent for each child" })
  @ApiAnswer('GuardianConsentOverview')
  consentOverview(@CurrentUser() me: AuthUser): Promise<GuardianConsentOverview> {
    return this.consent.overview(me);
  }

  @Put('children/:id/consent')
  @ApiOperation({ summary: 'Give, refuse or withdraw consent for one child, for the notice version read' })
  @ApiAnswer('GuardianConsentState')
  @ApiErrors(ErrorCode.NotOwner, ErrorCode.PrivacyNoticeChanged)
  recordConsent(
    @CurrentUser() me: AuthUser,
    @IdParam() id: string,
    @Body() dto: RecordConsentDto,
    @Ip() ip: string,
  ): Promise<GuardianConsentState> {
    return this.consent.record(me, id, dto, ip ?? null);
  }

  @Get('children')
  @ApiOperation({ summary: "The guardian's children, by name" })
  @ApiAnswer(['GuardianChild'])
  @AnswersArrayPage()
  async children(@CurrentUser() me: AuthUser, @Query() q: ListQueryDto): Promise<ArrayPage<GuardianChild>> {
    return pageOf(await this.guardians.children(me), q);
  }

  @Get('children/:id/attendance')
  @ApiOperation({ summary: "One child's attendance: today, a month's days, the year's figures" })
  @ApiAnswer('GuardianChildAttendance')
  @ApiErrors(ErrorCode.NotOwner)
  attendance(
    @CurrentUser() me: AuthUser,
    @IdParam() id: string,
    @Query() q: GuardianAttendanceQueryDto,
  ): Promise<GuardianChildAttendance> {
    return this.guardians.childAttendance(me, id, q.month);
  }

  @Post('children/:id/absence-answers')
  @ApiOperation({ summary: "Answer one of the child's absences: sick, another reason, or the mark is wrong" })
  @ApiAnswer('AbsenceAnswerSummary')
  @ApiErrors(ErrorCode.NotOwner, ErrorCode.NotAbsent, ErrorCode.AbsenceAlreadyAnswered)
  answerAbsence(
    @CurrentUser() me: AuthUser,
    @IdParam() id: string,
    @Body() dto: GuardianAbsenceAnswerDto,
  ): Promise<AbsenceAnswerSummary> {
    return this.guardians.answerAbsence(me, id, dto);
  }

  @Get('children/:id/leaves')
  @ApiOperation({ summary: "One child's leave requests and decisions" })
  @ApiAnswer(['LeaveResponse'])
  @AnswersArrayPage()
  @ApiErrors(ErrorCode.NotOwner)
  leaves(
    @CurrentUser() me: AuthUser,
    @IdParam() id: string,
    @Query() q: ListLeavesQueryDto,
  ): Promise<ArrayPage<LeaveResponse>> {
    return this.guardians.childLeaves(me, id, { status: q.status, page: q.page, limit: q.limit });
  }

  @Get('children/:id/leave-impact')
  @ApiOperation({ summary: "What a planned leave would do to the child's attendance" })
  @ApiAnswer('LeaveImpact')
  @ApiErrors(ErrorCode.NotOwner, ErrorCode.InvalidDateRange, ErrorCode.LeaveTooLong)
  impact(@CurrentUser() me: AuthUser, @IdParam() id: string, @Query() q: LeaveImpactQueryDto): Promise<LeaveImpact> {
    return this.guardians.childLeaveImpact(me, id, q.startDate, q.endDate);
  }

  @Post('children/:id/leaves')
  @ApiOperation({ summary: 'File a leave or absence note for the child' })
  @ApiAnswer('LeaveResponse')
  @ApiErrors(
    ErrorCode.NotOwner,
    ErrorCode.InvalidDateRange,
    ErrorCode.LeaveBackdatedTooFar,
    ErrorCode.LeaveOverlap,
    ErrorCode.LeaveTooLong,
  )
  fileLeave(@CurrentUser() me: AuthUser, @IdParam() id: string, @Body() dto: CreateLeaveDto): Promise<LeaveResponse> {
    return this.guardians.fileLeave(me, id, dto);
  }

  @Put('leaves/:id/cancel')
  @ApiOperation({ summary: 'Cancel a leave request the guardian filed, while it is pending' })
  @ApiAnswer('LeaveResponse')
  @ApiErrors(ErrorCode.ChangedConcurrently, ErrorCode.LeaveNotCancellable, ErrorCode.LeaveNotFound, ErrorCode.NotOwner)
  cancelLeave(@CurrentUser() me: AuthUser, @IdParam() id: string): Promise<LeaveResponse> {
    return this.guardians.cancelLeave(me, id);
  }

  @Get('leaves/:id/document')
  @ApiOperation({ summary: "The document filed with a leave request of the guardian's child" })
  @ApiAnswer({ file: LEAVE_DOCUMENT_MEDIA_TYPES })
  @ApiErrors(ErrorCode.LeaveDocumentNotFound, ErrorCode.LeaveNotFound, ErrorCode.NotOwner)
  async leaveDocument(@CurrentUser() me: AuthUser, @IdParam() id: string, @Res() reply: FastifyReply): Promise<void> {
    const { document, bytes } = await this.guardians.leaveDocument(me, id);
    await sendFile(reply, document, bytes, { cache: 'private, no-store' });
  }
}

/** Admins invite, re-invite and remove a student's guardians. */
@Controller('admin')
@Roles('admin')
export class AdminGuardiansController {
  constructor(
    private readonly guardians: GuardiansService,
    private readonly consent: ConsentService,
  ) {}

  @Get('privacy-notice')
  @ApiOperation({ summary: "The school's current privacy notice for guardians" })
  @ApiAnswer('PrivacyNoticeResponse')
  privacyNotice(): Promise<PrivacyNoticeResponse> {
    return this.consent.notice();
  }

  @Put('privacy-notice')
  @ApiOperation({ summary: 'Publish a new version of the privacy notice (guardians are asked again)' })
  @ApiAnswer('PrivacyNoticeResponse')
  publishPrivacyNotice(
    @Body() dto: PublishPrivacyNoticeDto,
    @CurrentUser() me: AuthUser,
  ): Promise<PrivacyNoticeResponse> {
    return this.consent.publish(dto.text, me);
  }

  @Get('mentees/:id/consents')
  @ApiOperation({ summary: 'Every consent answer given for a student, newest first' })
  @ApiAnswer(['ConsentRecordResponse'])
  @AnswersArrayPage()
  @ApiErrors(ErrorCode.MenteeNotFound)
  async consents(@IdParam() id: string, @Query() q: ListQueryDto): Promise<ArrayPage<ConsentRecordResponse>> {
    await this.guardians.linksOf(id); // 404 for a student who does not exist
    return pageOf(await this.consent.recordsOf(id), q);
  }

  @Discloses((body, req) =>
    rowsOf(body).length
      ? [{ menteeId: (req.params as { id: string }).id, record: 'guardians', fields: ['guardians'] }]
      : [],
  )
  @Get('mentees/:id/guardians')
  @ApiOperation({ summary: "A student's guardians" })
  @ApiAnswer(['GuardianLinkResponse'])
  @AnswersArrayPage()
  @ApiErrors(ErrorCode.MenteeNotFound)
  async list(@IdParam() id: string, @Query() q: ListQueryDto): Promise<ArrayPage<GuardianLinkResponse>> {
    return pageOf(await this.guardians.linksOf(id), q);
  }

  @Post('mentees/:id/guardians')
  @ApiOperation({ summary: 'Invite a guardian of a student' })
  @ApiAnswer('GuardianLinkResponse')
  @ApiErrors(ErrorCode.MenteeNotFound, ErrorCode.GuardianAlreadyLinked, ErrorCode.GuardianLimit, ErrorCode.EmailTaken)
  invite(
    @IdParam() id: string,
    @Body() dto: InviteGuardianDto,
    @CurrentUser() me: AuthUser,
  ): Promise<GuardianLinkResponse> {
    return this.guardians.invite(id, dto, me);
  }

  @Post('guardian-links/:id/resend')
  @ApiOperation({ summary: 'Send a guardian a new invitation link' })
  @ApiAnswer('MessageResponse')
  @ApiErrors(ErrorCode.GuardianLinkNotFound, ErrorCode.Conflict)
  resend(@IdParam() id: string, @CurrentUser() me: AuthUser): Promise<MessageResponse> {
    return this.guardians.resend(id, me);
  }

  @Delete('guardian-links/:id')
  @ApiOperation({ summary: 'Remove a guardian from a student' })
  @ApiAnswer('MessageResponse')
  @ApiErrors(ErrorCode.GuardianLinkNotFound)
  unlink(@IdParam() id: string, @CurrentUser() me: AuthUser): Promise<MessageResponse> {
    return this.guardians.unlink(id, me);
  }
}
