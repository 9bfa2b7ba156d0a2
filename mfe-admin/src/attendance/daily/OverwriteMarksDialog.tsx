import { Modal } from 'antd';
import type { AttendanceStatus } from '@portal/contracts';
import { useAttendanceStatusLabel } from '@portal/attendance';
import { useAdminT } from '../i18n';

/** Mark All's question before changing marks already given (saved or changed): which ones, and how many of each. */
export interface PendingOverwrite {
  status: AttendanceStatus;
  /** The students with another mark, and that mark. */
  marked: { id: string; mark: AttendanceStatus }[];
}

export function OverwriteMarksDialog({
  pending,
  onOverwrite,
  onKeep,
}: {
  pending: PendingOverwrite | null;
  onOverwrite: () => void;
  onKeep: () => void;
}) {
  const { t } = useAdminT();
  const label = useAttendanceStatusLabel();
  const count = pending?.marked.length ?? 0;
  const status = pending ? label(pending.status) : '';
  const byMark = new Map<AttendanceStatus, number>();
  for (const { mark } of pending?.marked ?? []) byMark.set(mark, (byMark.get(mark) ?? 0) + 1);
  const marks = [...byMark]
    .map(([mark, n]) => t('attendance.overwrite.markCount', { count: n, status: label(mark) }))
    .join(', ');
  return (
    <Modal
      open={!!pending}
      title={t('attendance.overwrite.title')}
      okText={t('attendance.overwrite.ok', { count })}
      cancelText={t('attendance.overwrite.keep')}
      okButtonProps={{ danger: true }}
      onOk={onOverwrite}
      onCancel={onKeep}
    >
      {t('attendance.overwrite.body', { count, status, marks })}
    </Modal>
  );
}
