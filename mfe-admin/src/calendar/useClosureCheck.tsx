import { Modal } from 'antd';
import { useState, type ReactNode } from 'react';
import type { RecordedDaysResponse } from '@portal/contracts';
import { useFormat, useSchoolToday } from '@portal/web-core';
import { useLazyRecordedDaysQuery } from '../attendance/attendanceApi';
import { useAdminT } from './i18n';

/**
 * Before days are closed: a day up to today that already has a register changes every marked student's figures when
 * it closes, so the admin is told which days and how many students first. `check` answers whether to go on.
 */
export function useClosureCheck(): { check: (dates: string[]) => Promise<boolean>; dialog: ReactNode } {
  const { t } = useAdminT();
  const f = useFormat();
  const today = useSchoolToday();
  const [recorded] = useLazyRecordedDaysQuery();
  const [pending, setPending] = useState<{ impact: RecordedDaysResponse; answer: (go: boolean) => void } | null>(null);

  const check = async (dates: string[]): Promise<boolean> => {
    const past = dates.filter((d) => d <= today);
    if (!past.length) return true;
    const impact = await recorded(past).unwrap();
    if (!impact.days.length) return true;
    return new Promise<boolean>((answer) => setPending({ impact, answer }));
  };
  const close = (go: boolean) => {
    pending?.answer(go);
    setPending(null);
  };
  const days = pending?.impact.days ?? [];
  const dialog = (
    <Modal
      open={!!pending}
      title={t('calendar.closures.registered.title', { count: days.length })}
      okText={t('calendar.closures.registered.ok', { count: days.length })}
      cancelText={t('calendar.closures.registered.cancel')}
      okButtonProps={{ danger: true }}
      onOk={() => close(true)}
      onCancel={() => close(false)}
    >
      {t('calendar.closures.registered.body', {
        count: pending?.impact.students ?? 0,
        days: days.map((d) => f.date(d)).join(', '),
      })}
    </Modal>
  );
  return { check, dialog };
}
