import { Modal } from 'antd';
import type { Dayjs } from 'dayjs';
import { useFormat } from '@portal/web-core';
import { useAdminT } from '../i18n';

/** Asks before the `count` unsaved marks of `date` are left behind: for another day or another page. */
export function UnsavedChangesDialog({
  open,
  count,
  date,
  onLeave,
  onStay,
}: {
  open: boolean;
  count: number;
  date: Dayjs;
  onLeave: () => void;
  onStay: () => void;
}) {
  const { t } = useAdminT();
  const f = useFormat();
  return (
    <Modal
      open={open}
      title={t('attendance.leave.title')}
      okText={t('attendance.leave.ok')}
      cancelText={t('attendance.leave.stay')}
      okButtonProps={{ danger: true }}
      onOk={onLeave}
      onCancel={onStay}
    >
      {t('attendance.leave.body', { count, date: f.weekdayDate(date) })}
    </Modal>
  );
}
