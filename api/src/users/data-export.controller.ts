import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ErrorCode, type StudentDataExport } from '@portal/contracts';
import type { AuthUser } from '../common/auth-user';
import { CurrentUser, Roles } from '../common/decorators';
import { IdParam } from '../common/id-param';
import { ApiAnswer, ApiErrors } from '../openapi/api-doc.decorators';
import { changesNoKeptRead } from '../read-cache/read-scopes';
import { exportPdf } from './data-export.pdf';
import { DataExportService } from './data-export.service';
import { DataExportQueryDto } from './dto/data-export.query.dto';

/** A student's data, handed over as a JSON download. */
@Controller()
export class DataExportController {
  constructor(private readonly exports: DataExportService) {}

  @Get('me/data-export')
  @Roles('mentee')
  @ApiOperation({ summary: 'Download all my data (JSON)' })
  @ApiAnswer('StudentDataExport')
  async mine(@CurrentUser() me: AuthUser, @Res({ passthrough: true }) reply: FastifyReply): Promise<StudentDataExport> {
    return download(reply, await this.exports.forStudent(me));
  }

  @Get('me/data-export/pdf')
  @Roles('mentee')
  @ApiOperation({ summary: 'Download all my data as a readable PDF' })
  @ApiAnswer({ file: 'application/pdf' })
  async minePdf(@CurrentUser() me: AuthUser, @Res({ passthrough: true }) reply: FastifyReply): Promise<Buffer> {
    return pdf(reply, await this.exports.forStudent(me));
  }

  @Get('admin/mentees/:id/data-export/pdf')
  @Roles('admin')
  @ApiOperation({ summary: "A student's data as a readable PDF, on their or a guardian's request (audited)" })
  @ApiAnswer({ file: 'application/pdf' })
  @ApiErrors(ErrorCode.MenteeNotFound)
  async ofStudentPdf(
    @CurrentUser() me: AuthUser,
    @IdParam() id: string,
    @Query() q: DataExportQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    changesNoKeptRead();
    return pdf(reply, await this.exports.forAdmin(me, id, q.requestedBy));
  }

  @Get('admin/mentees/:id/data-export')
  @Roles('admin')
  @ApiOperation({ summary: "Download a student's data on their or a guardian's request (JSON; audited)" })
  @ApiAnswer('StudentDataExport')
  @ApiErrors(ErrorCode.MenteeNotFound)
  async ofStudent(
    @CurrentUser() me: AuthUser,
    @IdParam() id: string,
    @Query() q: DataExportQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StudentDataExport> {
    changesNoKeptRead();
    return download(reply, await this.exports.forAdmin(me, id, q.requestedBy));
  }
}

/** The same export as a readable PDF, as a file to save. */
async function pdf(reply: FastifyReply, data: StudentDataExport): Promise<Buffer> {
  const profile = data.sections.profile as { user?: { fullName?: string } } | undefined;
  const bytes = await exportPdf(data, profile?.user?.fullName ?? data.studentId);
  void reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="student-data-${data.studentId}.pdf"`);
  return bytes;
}

/** Answered as a file to save. */
function download(reply: FastifyReply, data: StudentDataExport): StudentDataExport {
  void reply.header('content-disposition', `attachment; filename="student-data-${data.studentId}.json"`);
  return data;
}
