import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import type { MfaEnrolmentRequest, MfaVerifyRequest } from '@portal/contracts';

const CHALLENGE = 'The sign-in step has expired. Please sign in again.';

export class MfaEnrolmentDto implements MfaEnrolmentRequest {
  @MaxLength(2000, { message: CHALLENGE })
  @IsNotEmpty({ message: CHALLENGE })
  @IsString({ message: CHALLENGE })
  challenge: string;
}

export class MfaVerifyDto extends MfaEnrolmentDto implements MfaVerifyRequest {
  @MaxLength(20, { message: 'Enter the 6-digit code from your authenticator app, or a recovery code' })
  @IsNotEmpty({ message: 'Enter the 6-digit code from your authenticator app, or a recovery code' })
  @IsString({ message: 'Enter the 6-digit code from your authenticator app, or a recovery code' })
  code: string;
}
