import { IsIn, ValidateIf } from 'class-validator';
import { USER_LANGUAGES, type UpdateMeRequest, type UserLanguage } from '@portal/contracts';
import { OptionalPhoneField } from '../../common/phone-field';

/** PATCH /auth/me: the caller's language and/or phone (a guardian's own details; others have their profile forms too). */
export class UpdateMeDto implements UpdateMeRequest {
  // Required when the phone is not sent: an empty body changes nothing and says so.
  @IsIn(USER_LANGUAGES, { message: `language must be one of: ${USER_LANGUAGES.join(', ')}` })
  @ValidateIf((o: UpdateMeDto) => o.language !== undefined || o.phone === undefined)
  language?: UserLanguage;

  @OptionalPhoneField()
  phone?: string;
}
