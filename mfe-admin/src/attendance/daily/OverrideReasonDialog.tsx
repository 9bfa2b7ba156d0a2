import { Flex, Input, Modal, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import type { AttendanceStatus } from '@portal/contracts';
import { useAttendanceStatusLabel } from '@portal/attendance';
import { useAdminT } from '../i18n';

/** Longest override reason the API keeps. */
const REASON_MAX = 500;

/** A mark waiting for its override reason: the student has approved leave on the day. */
export interface PendingOverride {
  id: string;
  name: string;
  status: AttendanceStatus;
}

/** Asks why a student on approved leave on `date` is marked otherwise; the mark is taken once a reason is given. */
export function OverrideReasonDialog({
  override,
  date,
  reason,
  onReason,
  onConfirm,
  onCancel,
}: {
  override: PendingOverride | null;
  date: Dayjs;
  reason: string;
  onReason: (reason: string) => void;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useAdminT();
  const statusLabel = useAttendanceStatusLabel();
  return (
    <Modal
      open={!!override}
      title={override ? t('attendance.override.title', { name: override.name }) : ''}
      okText={
        override
          ? t('attendance.override.mark', { status: statusLabel(override.status).toLowerCase() })
          : t('attendance.override.markPlain')
      }
      okButtonProps={{ disabled: !reason.trim() }}
      cancelText={t('attendance.override.keep')}
      onOk={onConfirm}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Flex vertical gap={8}>
        <Typography.Text id="override-reason-help">
          {t('attendance.override.help', {
            name: override?.name ?? '',
            date: date.format(t('attendance.format.weekdayDayMonth')),
            status: override ? statusLabel(override.status).toLowerCase() : '',
          })}
        </Typography.Text>
        <label htmlFor="override-reason">{t('attendance.override.reason')}</label>
        <Input.TextArea
          id="override-reason"
          aria-describedby="override-reason-help"
          value={reason}
          maxLength={REASON_MAX}
          showCount
          autoSize={{ minRows: 2, maxRows: 5 }}
          onChange={(e) => onReason(e.target.value)}
          placeholder={t('attendance.override.placeholder')}
        />
      </Flex>
    </Modal>
  );
}
