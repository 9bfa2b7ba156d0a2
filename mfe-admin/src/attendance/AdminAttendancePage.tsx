import { Segmented } from 'antd';
import { useState } from 'react';
import { PageHeader } from '@portal/ui';
import { useAdminT } from './i18n';
import { DailyAttendance } from './daily/DailyAttendance';
import { MonthlyAttendance } from './monthly/MonthlyAttendance';

/** /admin/attendance: one day's register to mark, or a month's figures. */
export function AdminAttendancePage() {
  const [view, setView] = useState<'daily' | 'monthly'>('daily');
  const { t } = useAdminT();
  return (
    <>
      <PageHeader
        title={t('attendance.title')}
        subtitle={t('attendance.subtitle')}
        extra={
          <Segmented
            value={view}
            onChange={(v) => setView(v as typeof view)}
            options={[
              { value: 'daily', label: t('attendance.daily') },
              { value: 'monthly', label: t('attendance.monthly') },
            ]}
          />
        }
      />
      {/* The daily view stays mounted while the month is shown, so switching views keeps its unsaved marks. */}
      <div hidden={view !== 'daily'}>
        <DailyAttendance />
      </div>
      {view === 'monthly' && <MonthlyAttendance />}
    </>
  );
}
