import { ErrorCode, NOT_A_SCHOOL_DAY_MESSAGE } from '@portal/contracts';
import { DomainException } from '../common/domain.exception';

export class AttendanceException extends DomainException {
  static futureDate(): AttendanceException {
    return new AttendanceException(ErrorCode.DateInFuture, 'Attendance cannot be marked for a future date');
  }

  static notASchoolDay(): AttendanceException {
    return new AttendanceException(ErrorCode.NotASchoolDay, NOT_A_SCHOOL_DAY_MESSAGE);
  }

  static nothingToSave(): AttendanceException {
    return new AttendanceException(ErrorCode.NothingToUpdate, 'No attendance to save: mark at least one student');
  }

  static tooManyStudents(max: number): AttendanceException {
    return new AttendanceException(ErrorCode.ValidationFailed, `At most ${max} students can be saved at once`);
  }

  static notAMenteeId(value: string): AttendanceException {
    return new AttendanceException(ErrorCode.ValidationFailed, `"${value.slice(0, 40)}" is not a mentee id`);
  }

  static malformedEntry(menteeId: string, date: string): AttendanceException {
    return new AttendanceException(
      ErrorCode.ValidationFailed,
      `attendanceData for ${menteeId} must be { "${date}": "present" | "absent" | "late" | "leave" }`,
    );
  }

  static unknownMentees(ids: string[]): AttendanceException {
    const more = ids.length > 5 ? ` and ${ids.length - 5} more` : '';
    return new AttendanceException(
      ErrorCode.ValidationFailed,
      `Unknown mentee id${ids.length > 1 ? 's' : ''}: ${ids.slice(0, 5).join(', ')}${more}. Nothing was saved.`,
    );
  }

  static menteeNotFound(): AttendanceException {
    return new AttendanceException(ErrorCode.MenteeNotFound, 'Mentee not found');
  }

  static notTheirMentor(): AttendanceException {
    return new AttendanceException(
      ErrorCode.NotOwner,
      "Only this student's mentor or an administrator can see these details",
    );
  }

  static overrideReasonRequired(menteeIds: string[]): AttendanceException {
    return new AttendanceException(
      ErrorCode.OverrideReasonRequired,
      `${menteeIds.length === 1 ? 'A student has' : `${menteeIds.length} students have`} approved leave on this day: give a reason for marking them otherwise (overrideReasons: ${menteeIds.slice(0, 5).join(', ')})`,
    );
  }

  static badOverrideReason(menteeId: string): AttendanceException {
    return new AttendanceException(
      ErrorCode.ValidationFailed,
      `overrideReasons for ${menteeId.slice(0, 40)} must be a text of 1 to 500 characters`,
    );
  }

  static absenceLinkInvalid(): AttendanceException {
    return new AttendanceException(
      ErrorCode.AbsenceLinkInvalid,
      'This link has expired or was already used. Sign in to the portal, or contact the school.',
    );
  }

  static notAbsent(): AttendanceException {
    return new AttendanceException(
      ErrorCode.NotAbsent,
      'That day is no longer marked absent: there is nothing to answer',
    );
  }

  static alreadyAnswered(): AttendanceException {
    return new AttendanceException(ErrorCode.AbsenceAlreadyAnswered, 'This absence has already been answered');
  }

  static answerNotFound(): AttendanceException {
    return new AttendanceException(ErrorCode.NotFound, 'This answer no longer exists');
  }

  static notYourMentee(): AttendanceException {
    return new AttendanceException(ErrorCode.NotOwner, "You can only act on your own mentees' answers");
  }

  static markNotDisputed(): AttendanceException {
    return new AttendanceException(
      ErrorCode.Conflict,
      'This mark is no longer disputed: it was already corrected or confirmed',
    );
  }

  static noteRequired(): AttendanceException {
    return new AttendanceException(ErrorCode.ValidationFailed, 'Please say what the other reason is');
  }
}
