import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { MAX_NAME_LENGTH, MSG, type InviteGuardianRequest } from '@portal/contracts';
import { EmailField } from '../../common/is-email-address';
import { NotBlank } from '../../common/not-blank';
import { trim } from '../../common/transforms';

export class InviteGuardianDto implements InviteGuardianRequest {
  @EmailField()
  email: string;

  @MaxLength(MAX_NAME_LENGTH, { message: `Full name must be at most ${MAX_NAME_LENGTH} characters` })
  @NotBlank({ message: MSG.fullNameRequired })
  @IsNotEmpty({ message: MSG.fullNameRequired })
  @IsString({ message: MSG.fullNameRequired })
  @Transform(trim)
  fullName: string;
}
