import { Controller, Delete, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ErrorCode, type PasswordResetRequestItem, type ResetLinkResponse } from '@portal/contracts';
import type { AuthUser } from '../common/auth-user';
import { CurrentUser, Roles } from '../common/decorators';
import { IdParam } from '../common/id-param';
import { AnswersArrayPage, type ArrayPage } from '../common/array-page';
import { ListQueryDto } from '../common/pagination.dto';
import { AuthService } from './auth.service';
import { PasswordResetService } from './password-reset.service';
import { changesNoKeptRead } from '../read-cache/read-scopes';
import { ApiOperation } from '@nestjs/swagger';
import { ApiAnswer, ApiErrors } from '../openapi/api-doc.decorators';

@Controller('admin')
@Roles('admin')
export class AdminPasswordResetsController {
  constructor(
    private readonly resets: PasswordResetService,
    private readonly auth: AuthService,
  ) {}

  @Get('password-resets')
  @ApiOperation({ summary: 'List pending password-reset requests' })
  @ApiAnswer(['PasswordResetRequestItem'])
  @AnswersArrayPage()
  requests(@Query() q: ListQueryDto): Promise<ArrayPage<PasswordResetRequestItem>> {
    return this.resets.openRequests(q);
  }

  @Post('users/:id/reset-link')
  @ApiOperation({ summary: 'Issue a password-reset link for a user' })
  @ApiAnswer('ResetLinkResponse')
  @ApiErrors(ErrorCode.UserNotFound)
  issue(@IdParam() id: string, @CurrentUser() me: AuthUser): Promise<ResetLinkResponse> {
    changesNoKeptRead();
    return this.resets.issue(id, me);
  }

  @Delete('users/:id/mfa')
  @HttpCode(204)
  @ApiOperation({ summary: "Reset another admin's lost second factor (audited; that admin's sessions end)" })
  @ApiAnswer(null)
  @ApiErrors(ErrorCode.MfaNotEnrolled, ErrorCode.OwnAccount)
  resetMfa(@IdParam() id: string, @CurrentUser() me: AuthUser): Promise<void> {
    changesNoKeptRead();
    return this.auth.resetMfa(me, id);
  }
}
