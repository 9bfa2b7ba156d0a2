import { Transform } from 'class-transformer';
import { IsIn, IsNotEmpty, IsString, MaxLength, ValidateIf } from 'class-validator';
import { MSG, USER_LANGUAGES, type UpdateMeRequest, type UserLanguage } from '@portal/contracts';
import { MayOmit } from '../../common/may-omit';
import { trim } from '../../common/transforms';

/** PATCH /auth/me: the caller's language and/or phone (a guardian's own details; others have their profile forms too). */
export class UpdateMeDto implements UpdateMeRequest {
  // Required when the phone is not sent: an empty body changes nothing and says so.
  @IsIn(USER_LANGUAGES, { message: `language must be one of: ${USER_LANGUAGES.join(', ')}` })
  @ValidateIf((o: UpdateMeDto) => o.language !== undefined || o.phone === undefined)
  language?: UserLanguage;

  @MaxLength(30, { message: 'Phone number must be at most 30 characters' })
  @IsNotEmpty({ message: MSG.phoneRequired })
  @IsString({ message: MSG.phoneRequired })
  @Transform(trim)
  @MayOmit()
  phone?: string;
}
