import { Controller, Get, Post } from '@nestjs/common';
import type { PasswordResetRequestItem, ResetLinkResponse } from '@portal/contracts';
import type { AuthUser } from '../common/auth-user';
import { CurrentUser, Roles } from '../common/decorators';
import { IdParam } from '../common/id-param';
import { PasswordResetService } from './password-reset.service';
import { changesNoKeptRead } from '../read-cache/read-scopes';

@Controller('admin')
@Roles('admin')
export class AdminPasswordResetsController {
  constructor(private readonly resets: PasswordResetService) {}

  @Get('password-resets')
  requests(): Promise<PasswordResetRequestItem[]> {
    return this.resets.openRequests();
  }

  @Post('users/:id/reset-link')
  issue(@IdParam() id: string, @CurrentUser() me: AuthUser): Promise<ResetLinkResponse> {
    changesNoKeptRead();
    return this.resets.issue(id, me);
  }
}
