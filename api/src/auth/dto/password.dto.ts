import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import {
  MAX_PASSWORD_LENGTH,
  MSG,
  type ChangePasswordRequest,
  type ForgotPasswordRequest,
  type ResetPasswordRequest,
} from '@portal/contracts';
import { EmailField } from '../../common/is-email-address';
import { NewPassword } from '../../users/dto/password';

export class ChangePasswordDto implements ChangePasswordRequest {
  @MaxLength(MAX_PASSWORD_LENGTH, { message: MSG.wrongCurrentPassword })
  @IsNotEmpty({ message: 'Current password is required' })
  @IsString({ message: 'Current password is required' })
  currentPassword: string;

  @NewPassword()
  newPassword: string;
}

export class ForgotPasswordDto implements ForgotPasswordRequest {
  @EmailField()
  email: string;
}

export class ResetPasswordDto implements ResetPasswordRequest {
  @MaxLength(100, { message: MSG.resetLinkInvalid })
  @IsNotEmpty({ message: MSG.resetLinkInvalid })
  @IsString({ message: MSG.resetLinkInvalid })
  token: string;

  @NewPassword()
  newPassword: string;
}
