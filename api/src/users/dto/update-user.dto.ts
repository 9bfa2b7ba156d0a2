import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';
import { EMAIL_PATTERN, MSG, type UpdateUserRequest } from '@portal/contracts';
import { normalizeEmail } from '../../common/transforms';

/** The role is not among the fields: it never changes. */
export class UpdateUserDto implements UpdateUserRequest {
  @Matches(EMAIL_PATTERN, { message: MSG.emailInvalid })
  @MaxLength(254, { message: MSG.emailInvalid })
  @IsNotEmpty({ message: MSG.emailRequired })
  @IsString({ message: MSG.emailRequired })
  @Transform(normalizeEmail)
  email: string;
}
