import { Card, Col, Row } from 'antd';
import { LoadError, PageHeader } from '@portal/ui';
import { useSchoolCalendar } from '@portal/attendance';
import { schoolToday } from '@portal/web-core';
import { useAdminT } from './i18n';
import { ClosuresCard } from './ClosuresCard';
import { SettingsCard } from './SettingsCard';

/** /admin/calendar: the school's time zone, weekends, term, sick-leave window, and its holidays and closures. */
export function AdminCalendarPage() {
  const year = schoolToday().slice(0, 4);
  const settings = useSchoolCalendar(`${year}-01-01`, `${year}-01-01`);
  const { t } = useAdminT();
  return (
    <>
      <PageHeader title={t('calendar.title')} subtitle={t('calendar.subtitle')} />
      {settings.isError ? (
        <LoadError title={t('calendar.loadFailed')} onRetry={settings.refetch} />
      ) : !settings.calendar ? (
        <Card loading size="small" />
      ) : (
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={10}>
            <SettingsCard calendar={settings.calendar} />
          </Col>
          <Col xs={24} lg={14}>
            <ClosuresCard settings={settings.calendar} />
          </Col>
        </Row>
      )}
    </>
  );
}
