import { Flex, Typography } from 'antd';
import { ATTENDANCE_STATUSES, type AttendanceStatus, type MenteeRecord } from '@portal/contracts';
import { AttendanceToggle } from '@portal/attendance';
import { useAdminT } from '../i18n';

/** A student's four choices, with the reason under a mark that overrides approved leave (`note`). */
export function StudentMark({
  student,
  value,
  note,
  disabled,
  wide,
  onChange,
}: {
  student: MenteeRecord;
  value: AttendanceStatus | undefined;
  note: string | undefined;
  disabled: boolean;
  wide: boolean;
  onChange: (status: AttendanceStatus) => void;
}) {
  const { t } = useAdminT();
  return (
    <Flex vertical gap={4} align={wide ? 'start' : 'stretch'}>
      <AttendanceToggle
        name={student.fullName}
        value={value}
        disabled={disabled}
        compact={!wide}
        statuses={ATTENDANCE_STATUSES}
        onChange={onChange}
      />
      {note && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="override-reason">
          {t('attendance.overrideNote', { reason: note })}
        </Typography.Text>
      )}
    </Flex>
  );
}
