import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';
import { EMAIL_PATTERN, MAX_PASSWORD_LENGTH, MSG, type LoginRequest } from '@portal/contracts';
import { normalizeEmail } from '../../common/transforms';

// Decorators run bottom-up and validation stops at the first failure, so "required" checks sit nearest the property.
export class LoginDto implements LoginRequest {
  @Matches(EMAIL_PATTERN, { message: MSG.emailInvalid })
  @MaxLength(254, { message: MSG.emailInvalid })
  @IsNotEmpty({ message: MSG.emailRequired })
  @IsString({ message: MSG.emailRequired })
  @Transform(normalizeEmail)
  email: string;

  @MaxLength(MAX_PASSWORD_LENGTH, { message: `Password must be at most ${MAX_PASSWORD_LENGTH} characters` })
  @IsNotEmpty({ message: MSG.passwordRequired })
  @IsString({ message: MSG.passwordRequired })
  password: string;
}
