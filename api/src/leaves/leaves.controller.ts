import { Body, Controller, Get, Header, Post, Put, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  ErrorCode,
  LEAVE_DOCUMENT_MAX_BYTES,
  type LeaveDocumentResponse,
  type LeaveImpact,
  type LeaveResponse,
} from '@portal/contracts';
import type { AuthUser } from '../common/auth-user';
import { CurrentUser, Roles } from '../common/decorators';
import { CreateLeaveDto } from './dto/create-leave.dto';
import { DecideLeaveDto } from './dto/decide-leave.dto';
import { LeaveImpactQueryDto } from './dto/leave-impact.query.dto';
import { LeaveFiltersDto, ListLeavesQueryDto } from './dto/list-leaves.query.dto';
import { LeavesService } from './leaves.service';
import { IdParam } from '../common/id-param';
import { AnswersArrayPage, type ArrayPage, type KeptPage } from '../common/array-page';
import { windowOf } from '../common/pagination.dto';
import { ReadCache } from '../read-cache/read-cache.service';
import { ApiBody, ApiConsumes, ApiOperation } from '@nestjs/swagger';
import { changesNoKeptRead, Scope } from '../read-cache/read-scopes';
import { LeaveDocumentsService, LEAVE_DOCUMENT_MEDIA_TYPES } from './leave-documents.service';
import { sendFile } from '../common/send-file';
import { ApiAnswer, ApiErrors } from '../openapi/api-doc.decorators';

/** What a mentor's or admin's decision (approve, reject) may be refused with. */
const DECISION_ERRORS = [
  ErrorCode.ChangedConcurrently,
  ErrorCode.LeaveAttendanceConflict,
  ErrorCode.LeaveNotFound,
  ErrorCode.LeaveNotPending,
  ErrorCode.NotOwner,
] as const;

@Controller('leaves')
export class LeavesController {
  constructor(
    private readonly leaves: LeavesService,
    private readonly documents: LeaveDocumentsService,
    private readonly cache: ReadCache,
  ) {}

  /** multipart/form-data: the file; then filed with the leave as its documentId. */
  @Post('documents')
  @Roles('mentee', 'guardian')
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      required: ['file'],
      properties: {
        file: {
          type: 'string',
          format: 'binary',
          description: `A PDF, JPG or PNG of at most ${LEAVE_DOCUMENT_MAX_BYTES} bytes`,
        },
      },
    },
  })
  @ApiOperation({ summary: 'Upload a document to file with a leave request (multipart/form-data)' })
  @ApiAnswer('LeaveDocumentResponse')
  @ApiErrors(ErrorCode.FileTypeNotAllowed, ErrorCode.PayloadTooLarge)
  async uploadDocument(@CurrentUser() me: AuthUser, @Req() req: FastifyRequest): Promise<LeaveDocumentResponse> {
    changesNoKeptRead();
    const file = req.isMultipart()
      ? await req.file({ limits: { fileSize: LEAVE_DOCUMENT_MAX_BYTES, files: 1, fields: 2 } })
      : undefined;
    return this.documents.upload(me, file);
  }

  @Get(':id/document')
  @Roles('mentee', 'mentor', 'admin')
  @ApiOperation({ summary: 'The document filed with a leave request (whoever may see the leave)' })
  @ApiAnswer({ file: LEAVE_DOCUMENT_MEDIA_TYPES })
  @ApiErrors(ErrorCode.LeaveNotFound, ErrorCode.LeaveDocumentNotFound, ErrorCode.NotOwner)
  async document(@CurrentUser() me: AuthUser, @IdParam() id: string, @Res() reply: FastifyReply): Promise<void> {
    const { document, bytes } = await this.leaves.document(me, id);
    await sendFile(reply, document, bytes, { cache: 'private, no-store' });
  }

  @Post()
  @Roles('mentee')
  @ApiOperation({ summary: 'Request a leave' })
  @ApiAnswer('LeaveResponse')
  @ApiErrors(
    ErrorCode.InvalidDateRange,
    ErrorCode.LeaveBackdatedTooFar,
    ErrorCode.LeaveOverlap,
    ErrorCode.LeaveTooLong,
    ErrorCode.ValidationFailed,
  )
  create(@CurrentUser() me: AuthUser, @Body() dto: CreateLeaveDto): Promise<LeaveResponse> {
    return this.leaves.create(me, dto);
  }

  @Get('mentee')
  @Roles('mentee')
  @ApiOperation({ summary: "The mentee's own leave requests" })
  @ApiAnswer(['LeaveResponse'])
  @AnswersArrayPage()
  mine(@CurrentUser() me: AuthUser, @Query() q: ListLeavesQueryDto): Promise<ArrayPage<LeaveResponse>> {
    return this.leaves.list({ kind: 'mentee', menteeId: me.id }, { status: q.status, page: q.page, limit: q.limit });
  }

  // Opened by every mentor every day, and each pending leave's figures cost two attendance statements: kept per page
  // until a write changes what the mentor's dashboard shows (read-scopes.ts).
  @Get('mentor')
  @Roles('mentor')
  @Header('content-type', 'application/json; charset=utf-8')
  @ApiOperation({ summary: "Leave requests of the mentor's mentees" })
  @ApiAnswer(['LeaveResponse'])
  @AnswersArrayPage()
  ofMyMentees(@CurrentUser() me: AuthUser, @Query() q: ListLeavesQueryDto): Promise<KeptPage<LeaveResponse>> {
    const { skip, limit } = windowOf(q);
    return this.cache.page(Scope.mentorLeaves(me.id), `${q.status ?? ''}:${skip}:${limit}`, () =>
      this.leaves.list({ kind: 'mentor', mentorId: me.id }, { status: q.status, page: q.page, limit: q.limit }),
    );
  }

  @Get('admin')
  @Roles('admin')
  @ApiOperation({ summary: 'All leave requests' })
  @ApiAnswer(['LeaveResponse'])
  @AnswersArrayPage()
  all(@Query() q: ListLeavesQueryDto): Promise<ArrayPage<LeaveResponse>> {
    return this.leaves.list({ kind: 'admin' }, q);
  }

  @Get('admin/export')
  @Roles('admin')
  @Header('content-type', 'text/csv; charset=utf-8')
  @Header('content-disposition', 'attachment; filename="leave-requests.csv"')
  @ApiOperation({ summary: 'Download leave requests as CSV' })
  @ApiAnswer({ file: 'text/csv' })
  export(@Query() q: LeaveFiltersDto): Promise<string> {
    return this.leaves.exportCsv(q);
  }

  @Get('impact')
  @Roles('mentee')
  @ApiOperation({ summary: 'School days and attendance a planned leave would cover' })
  @ApiAnswer('LeaveImpact')
  @ApiErrors(ErrorCode.InvalidDateRange, ErrorCode.LeaveTooLong)
  impact(@CurrentUser() me: AuthUser, @Query() q: LeaveImpactQueryDto): Promise<LeaveImpact> {
    return this.leaves.impact(me.id, q.startDate, q.endDate);
  }

  @Get(':id')
  @ApiOperation({ summary: 'One leave request' })
  @ApiAnswer('LeaveResponse')
  @ApiErrors(ErrorCode.LeaveNotFound, ErrorCode.NotOwner)
  one(@CurrentUser() me: AuthUser, @IdParam() id: string): Promise<LeaveResponse> {
    return this.leaves.get(me, id);
  }

  @Put(':id/approve')
  @Roles('mentor', 'admin')
  @ApiOperation({ summary: 'Approve a leave request' })
  @ApiAnswer('LeaveResponse')
  @ApiErrors(...DECISION_ERRORS)
  approve(@CurrentUser() me: AuthUser, @IdParam() id: string, @Body() dto: DecideLeaveDto): Promise<LeaveResponse> {
    return this.leaves.decide(me, id, 'approved', dto);
  }

  @Put(':id/cancel')
  @Roles('mentee')
  @ApiOperation({ summary: 'Cancel a leave request' })
  @ApiAnswer('LeaveResponse')
  @ApiErrors(ErrorCode.ChangedConcurrently, ErrorCode.LeaveNotCancellable, ErrorCode.LeaveNotFound, ErrorCode.NotOwner)
  cancel(@CurrentUser() me: AuthUser, @IdParam() id: string): Promise<LeaveResponse> {
    return this.leaves.cancel(me, id);
  }

  @Put(':id/reject')
  @Roles('mentor', 'admin')
  @ApiOperation({ summary: 'Reject a leave request' })
  @ApiAnswer('LeaveResponse')
  @ApiErrors(...DECISION_ERRORS)
  reject(@CurrentUser() me: AuthUser, @IdParam() id: string, @Body() dto: DecideLeaveDto): Promise<LeaveResponse> {
    return this.leaves.decide(me, id, 'rejected', dto);
  }
}
