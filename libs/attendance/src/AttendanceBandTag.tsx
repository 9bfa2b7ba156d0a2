import { Tag } from 'antd';
import type { AttendanceSummary } from '@portal/contracts';
import { useFormat } from '@portal/web-core';
import { attendanceBand, BAND_TAG, hasRecordedDays, isLeaveEligible } from './attendanceBands';
import { useAttendanceT } from './i18n';
import { useAttendanceBandLabel, useNoAttendanceText } from './labels';

/**
 * A student's attendance band ("92% · Excellent"), or a neutral "No attendance recorded yet" before their first
 * recorded day: a new student is not a red "0 % · Needs improvement".
 */
export function AttendanceBandTag({
  attendance,
  showPercent = false,
}: {
  attendance: AttendanceSummary | null | undefined;
  showPercent?: boolean;
}) {
  const bandLabel = useAttendanceBandLabel();
  const none = useNoAttendanceText();
  const f = useFormat();
  if (!hasRecordedDays(attendance)) return <Tag>{none}</Tag>;
  const band = attendanceBand(attendance!.percentage);
  return (
    <Tag color={BAND_TAG[band]}>
      {showPercent ? `${f.percent(attendance!.percentage)} · ` : ''}
      {bandLabel(band)}
    </Tag>
  );
}

/**
 * Whether the student's attendance allows leave ("Eligible for leave" / "Not eligible for leave"); nothing before their
 * first recorded day, where AttendanceBandTag already says "No attendance recorded yet" (not a red refusal).
 */
export function LeaveEligibilityTag({
  attendance,
  short = false,
}: {
  attendance: AttendanceSummary | null | undefined;
  /** "Eligible" / "Not eligible", under a column already headed "Leave". */
  short?: boolean;
}) {
  const { t } = useAttendanceT();
  if (!hasRecordedDays(attendance)) return null;
  const eligible = isLeaveEligible(attendance!.percentage);
  return (
    <Tag color={eligible ? 'green' : 'red'}>
      {t(eligible ? (short ? 'eligible' : 'leaveEligible') : short ? 'notEligible' : 'leaveNotEligible')}
    </Tag>
  );
}
