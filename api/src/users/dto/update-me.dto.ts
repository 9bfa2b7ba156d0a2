import { IsDefined, IsIn } from 'class-validator';
import { USER_LANGUAGES, type UpdateMeRequest, type UserLanguage } from '@portal/contracts';

/** PATCH /auth/me: the caller's language, one of the portal's. */
export class UpdateMeDto implements UpdateMeRequest {
  @IsIn(USER_LANGUAGES, { message: `language must be one of: ${USER_LANGUAGES.join(', ')}` })
  @IsDefined({ message: 'language is required' })
  language: UserLanguage;
}
