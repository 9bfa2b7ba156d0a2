import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { MAX_EMAIL_LENGTH, MSG, type UpdateUserRequest } from '@portal/contracts';
import { IsEmailAddress } from '../../common/is-email-address';
import { normalizeEmail } from '../../common/transforms';

/** The role is not among the fields: it never changes. */
export class UpdateUserDto implements UpdateUserRequest {
  @IsEmailAddress({ message: MSG.emailInvalid })
  @MaxLength(MAX_EMAIL_LENGTH, { message: MSG.emailInvalid })
  @IsNotEmpty({ message: MSG.emailRequired })
  @IsString({ message: MSG.emailRequired })
  @Transform(normalizeEmail)
  email: string;
}
