import { IsIn } from 'class-validator';
import { MayOmit } from '../../common/may-omit';
import type { SignInPortal } from '@portal/contracts';

/** GET /auth/oidc/login: the sign-in page it starts from (and returns to). */
export class OidcStartQueryDto {
  @MayOmit()
  @IsIn(['main', 'admin'], { message: 'portal must be main or admin' })
  portal?: SignInPortal;
}
