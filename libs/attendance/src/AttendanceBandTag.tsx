import { Tag } from 'antd';
import type { AttendanceSummary } from '@portal/contracts';
import { attendanceBand, BAND_LABEL, BAND_TAG, hasRecordedDays, NO_ATTENDANCE_TEXT } from './attendanceBands';

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
  if (!hasRecordedDays(attendance)) return <Tag>{NO_ATTENDANCE_TEXT}</Tag>;
  const band = attendanceBand(attendance!.percentage);
  return (
    <Tag color={BAND_TAG[band]}>
      {showPercent ? `${attendance!.percentage}% · ` : ''}
      {BAND_LABEL[band]}
    </Tag>
  );
}
