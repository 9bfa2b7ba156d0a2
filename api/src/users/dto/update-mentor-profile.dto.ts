import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { MAX_EMAIL_LENGTH, MAX_TEXT_LENGTH, MSG } from '@portal/contracts';
import { IsEmailAddress } from '../../common/is-email-address';
import { normalizeEmail } from '../../common/transforms';
import { MayOmit } from '../../common/may-omit';
import { OptionalPhoneField } from '../../common/phone-field';

/** What a mentor may change on their own profile (SPEC.md section 6). Required checks sit nearest the property. */
export class UpdateMentorProfileDto {
  @IsEmailAddress({ message: MSG.emailInvalid })
  @MaxLength(MAX_EMAIL_LENGTH, { message: MSG.emailInvalid })
  @IsNotEmpty({ message: MSG.emailRequired })
  @IsString({ message: MSG.emailRequired })
  @Transform(normalizeEmail)
  @MayOmit()
  email?: string;

  @OptionalPhoneField()
  phone?: string;

  @MaxLength(MAX_TEXT_LENGTH, { message: `Qualifications must be at most ${MAX_TEXT_LENGTH} characters` })
  @IsString()
  @MayOmit()
  qualifications?: string;

  @MaxLength(MAX_TEXT_LENGTH, { message: `Citations must be at most ${MAX_TEXT_LENGTH} characters` })
  @IsString()
  @MayOmit()
  citations?: string;
}
