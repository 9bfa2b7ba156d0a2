import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { MAX_EMAIL_LENGTH, MAX_NAME_LENGTH, MSG, type InviteGuardianRequest } from '@portal/contracts';
import { IsEmailAddress } from '../../common/is-email-address';
import { NotBlank } from '../../common/not-blank';
import { normalizeEmail, trim } from '../../common/transforms';

export class InviteGuardianDto implements InviteGuardianRequest {
  @IsEmailAddress({ message: MSG.emailInvalid })
  @MaxLength(MAX_EMAIL_LENGTH, { message: MSG.emailInvalid })
  @IsNotEmpty({ message: MSG.emailRequired })
  @IsString({ message: MSG.emailRequired })
  @Transform(normalizeEmail)
  email: string;

  @MaxLength(MAX_NAME_LENGTH, { message: `Full name must be at most ${MAX_NAME_LENGTH} characters` })
  @NotBlank({ message: MSG.fullNameRequired })
  @IsNotEmpty({ message: MSG.fullNameRequired })
  @IsString({ message: MSG.fullNameRequired })
  @Transform(trim)
  fullName: string;
}
