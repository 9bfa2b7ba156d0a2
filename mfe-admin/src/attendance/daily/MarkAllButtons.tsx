import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import type { AttendanceStatus } from '@portal/contracts';
import { useAdminT } from '../i18n';

/** Mark All Present and Mark All Absent, for the students shown. */
export function MarkAllButtons({
  disabled,
  onMark,
}: {
  disabled: boolean;
  onMark: (status: AttendanceStatus) => void;
}) {
  const { t } = useAdminT();
  return (
    <Space wrap>
      <Button icon={<CheckOutlined aria-hidden />} onClick={() => onMark('present')} disabled={disabled}>
        {t('attendance.markAllPresent')}
      </Button>
      <Button icon={<CloseOutlined aria-hidden />} onClick={() => onMark('absent')} disabled={disabled}>
        {t('attendance.markAllAbsent')}
      </Button>
    </Space>
  );
}
