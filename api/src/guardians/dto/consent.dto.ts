import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsNotEmpty, IsString, MaxLength, Min } from 'class-validator';
import { PRIVACY_NOTICE_MAX, type PublishPrivacyNoticeRequest, type RecordConsentRequest } from '@portal/contracts';
import { NotBlank } from '../../common/not-blank';
import { trim } from '../../common/transforms';

/** PUT /api/guardian/children/:id/consent */
export class RecordConsentDto implements RecordConsentRequest {
  @IsIn(['given', 'refused'], { message: 'decision must be "given" or "refused"' })
  decision: 'given' | 'refused';

  @Min(1, { message: 'noticeVersion must be the version of the notice you read (1 or more)' })
  @IsInt({ message: 'noticeVersion must be the version of the notice you read (1 or more)' })
  noticeVersion: number;
}

/** PUT /api/admin/privacy-notice */
export class PublishPrivacyNoticeDto implements PublishPrivacyNoticeRequest {
  @MaxLength(PRIVACY_NOTICE_MAX, { message: `The notice must be at most ${PRIVACY_NOTICE_MAX} characters` })
  @NotBlank({ message: 'The notice text is required' })
  @IsNotEmpty({ message: 'The notice text is required' })
  @IsString({ message: 'The notice text is required' })
  @Transform(trim)
  text: string;
}
