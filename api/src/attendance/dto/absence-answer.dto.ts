import { Transform } from 'class-transformer';
import { IsIn, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import {
  ABSENCE_NOTE_MAX,
  ABSENCE_REASONS,
  type AbsenceLinkAnswerRequest,
  type AbsenceLinkRequest,
  type AbsenceReason,
  type GuardianAbsenceAnswerRequest,
} from '@portal/contracts';
import { IsCalendarDate } from '../../common/is-calendar-date';
import { MayOmit } from '../../common/may-omit';
import { trim } from '../../common/transforms';

/** The answer itself: why the child was away (a note is needed for "other", checked by the service). */
export class AbsenceAnswerDto {
  @IsIn(ABSENCE_REASONS, { message: 'reason must be one of: sick, other, wrong_mark' })
  reason: AbsenceReason;

  @MaxLength(ABSENCE_NOTE_MAX, { message: `The note must be at most ${ABSENCE_NOTE_MAX} characters` })
  @IsString({ message: 'The note must be text' })
  @MayOmit()
  @Transform(trim)
  note?: string;
}

/** POST /api/guardian/children/:id/absence-answers */
export class GuardianAbsenceAnswerDto extends AbsenceAnswerDto implements GuardianAbsenceAnswerRequest {
  @IsCalendarDate({ message: 'date must be a real date (YYYY-MM-DD)' })
  @IsNotEmpty({ message: 'date is required' })
  date: string;
}

/** POST /api/absence-link */
export class AbsenceLinkDto implements AbsenceLinkRequest {
  @MaxLength(200, { message: 'This link is not valid' })
  @IsNotEmpty({ message: 'The link token is required' })
  @IsString({ message: 'The link token is required' })
  token: string;
}

/** POST /api/absence-link/answer */
export class AbsenceLinkAnswerDto extends AbsenceAnswerDto implements AbsenceLinkAnswerRequest {
  @MaxLength(200, { message: 'This link is not valid' })
  @IsNotEmpty({ message: 'The link token is required' })
  @IsString({ message: 'The link token is required' })
  token: string;
}
