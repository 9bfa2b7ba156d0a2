import { Controller, Get, Header, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode, MAX_IMPORT_BYTES, type ImportResponse } from '@portal/contracts';
import type { AuthUser } from '../common/auth-user';
import { CurrentUser, Roles } from '../common/decorators';
import { ImportKindParamsDto, ImportQueryDto } from './dto/import.params.dto';
import { ImportException } from './import.exception';
import { ImportsService } from './imports.service';
import { ApiBody, ApiConsumes, ApiOperation } from '@nestjs/swagger';
import { ApiAnswer, ApiErrors } from '../openapi/api-doc.decorators';

@Controller('admin/imports')
@Roles('admin')
export class ImportsController {
  constructor(private readonly imports: ImportsService) {}

  @Get(':kind/template')
  @Header('content-type', 'text/csv; charset=utf-8')
  @ApiOperation({ summary: 'Download the CSV template for an import' })
  @ApiAnswer({ file: 'text/csv' })
  template(@Param() p: ImportKindParamsDto, @Res({ passthrough: true }) reply: FastifyReply): string {
    void reply.header('content-disposition', `attachment; filename="${p.kind}-template.csv"`);
    return this.imports.template(p.kind);
  }

  /** The CSV as a JSON body { csv } or a multipart upload of one file (more are refused), at most 1 MB. */
  @Post(':kind')
  // Read from the request itself (either form), not through a DTO: described here by hand.
  @ApiConsumes('application/json', 'multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      description: `The CSV (at most ${MAX_IMPORT_BYTES} bytes): as { csv } in JSON, or as one file in multipart/form-data`,
      properties: { csv: { type: 'string' }, file: { type: 'string', format: 'binary' } },
    },
  })
  @HttpCode(200)
  @ApiOperation({ summary: 'Import students or mentors from CSV (a dry run unless dryRun=false)' })
  @ApiAnswer('ImportResponse')
  @ApiErrors(ErrorCode.IdTaken, ErrorCode.ImportInvalid, ErrorCode.PayloadTooLarge)
  async run(
    @Param() p: ImportKindParamsDto,
    @Query() q: ImportQueryDto,
    @Req() req: FastifyRequest,
    @CurrentUser() me: AuthUser,
  ): Promise<ImportResponse> {
    return this.imports.run(p.kind, await csvOf(req), q.dryRun !== 'false', me);
  }
}

/** A multipart body's parts are read to the end: past the second file the parser stops with FST_FILES_LIMIT. */
const FILES_LIMIT = 'FST_FILES_LIMIT';

async function csvOf(req: FastifyRequest): Promise<string> {
  if (req.isMultipart()) {
    // Every part is read (a later one may be a second file: refused, nothing imported), the first file kept.
    let csv: Buffer | null = null;
    let files = 0;
    try {
      for await (const part of req.parts({ limits: { fileSize: MAX_IMPORT_BYTES, files: 2, fields: 5 } })) {
        if (part.type !== 'file') continue;
        files++;
        const buf = await part.toBuffer();
        if (part.file.truncated) throw ImportException.tooLarge(MAX_IMPORT_BYTES);
        if (files === 1) csv = buf;
      }
    } catch (e) {
      if ((e as { code?: string }).code === FILES_LIMIT) throw ImportException.oneFileOnly();
      throw e;
    }
    if (files > 1) throw ImportException.oneFileOnly();
    if (!csv) throw ImportException.noFile();
    return csv.toString('utf8');
  }
  const csv = (req.body as { csv?: unknown } | undefined)?.csv;
  if (typeof csv !== 'string' || !csv.trim()) throw ImportException.noFile();
  if (Buffer.byteLength(csv, 'utf8') > MAX_IMPORT_BYTES) throw ImportException.tooLarge(MAX_IMPORT_BYTES);
  return csv;
}
