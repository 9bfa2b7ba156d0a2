import { Tag } from 'antd';
import type { AttendanceSummary } from '@portal/contracts';
import { useFormat } from '@portal/web-core';
import { attendanceBand, BAND_TAG, hasRecordedDays } from './attendanceBands';
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
