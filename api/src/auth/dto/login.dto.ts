import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';
import {
  MAX_EMAIL_LENGTH,
  MAX_PASSWORD_LENGTH,
  MSG,
  SIGN_IN_EMAIL_PATTERN,
  type LoginRequest,
} from '@portal/contracts';
import { normalizeEmail } from '../../common/transforms';

// Decorators run bottom-up and validation stops at the first failure, so "required" checks sit nearest the property.
// Signing in keeps the spec's loose pattern: accounts stored before the strict rule (isEmailAddress) keep signing in.
export class LoginDto implements LoginRequest {
  @Matches(SIGN_IN_EMAIL_PATTERN, { message: MSG.emailInvalid })
  @MaxLength(MAX_EMAIL_LENGTH, { message: MSG.emailInvalid })
  @IsNotEmpty({ message: MSG.emailRequired })
  @IsString({ message: MSG.emailRequired })
  @Transform(normalizeEmail)
  email: string;

  @MaxLength(MAX_PASSWORD_LENGTH, { message: `Password must be at most ${MAX_PASSWORD_LENGTH} characters` })
  @IsNotEmpty({ message: MSG.passwordRequired })
  @IsString({ message: MSG.passwordRequired })
  password: string;
}
