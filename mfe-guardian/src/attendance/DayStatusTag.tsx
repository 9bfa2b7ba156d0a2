import { Tag } from 'antd';
import type { AttendanceStatus } from '@portal/contracts';
import { ATTENDANCE_STATUS_COLOR, useAttendanceStatusLabel } from '@portal/attendance';
import { STATUS_ICON } from './statusIcons';

/** A day's mark in words, with its icon and colour: "On leave" in blue, "Absent" in red. */
export function DayStatusTag({ status }: { status: AttendanceStatus }) {
  const label = useAttendanceStatusLabel();
  return (
    <Tag
      color={ATTENDANCE_STATUS_COLOR[status]}
      icon={STATUS_ICON[status]}
      data-status={status}
      style={{ marginInlineEnd: 0 }}
    >
      {label(status)}
    </Tag>
  );
}
