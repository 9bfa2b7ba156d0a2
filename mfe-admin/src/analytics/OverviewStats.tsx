import { CalendarOutlined, TeamOutlined, UserOutlined, UsergroupAddOutlined } from '@ant-design/icons';
import { Col, Row } from 'antd';
import type { AnalyticsPeriod, ReportsOverviewResponse } from '@portal/contracts';
import { useFormat } from '@portal/web-core';
import { StatCard } from '@portal/ui';
import { useAdminT } from './i18n';
import { Change } from './Change';

/** The period's headline figures, each with its change against the previous period of the same length. */
export function OverviewStats({ overview, period }: { overview: ReportsOverviewResponse; period: AnalyticsPeriod }) {
  const { t } = useAdminT();
  const f = useFormat();
  const within = t(`analytics.within.${period}`);
  const previous = t(`analytics.previous.${period}`);
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} sm={12} xl={6}>
        <StatCard
          title={t('analytics.cards.totalUsers')}
          value={overview.stats.totalUsers}
          icon={<TeamOutlined aria-hidden />}
          color="#3B82F6"
          hint={<Change value={overview.changeFromPreviousPeriod.totalUsers} compare={previous} />}
        />
      </Col>
      <Col xs={24} sm={12} xl={6}>
        <StatCard
          title={t('analytics.cards.signedIn', { period: within })}
          value={overview.stats.signedInUsers}
          icon={<UserOutlined aria-hidden />}
          color="#06B6D4"
          hint={<Change value={overview.changeFromPreviousPeriod.signedInUsers} compare={previous} />}
        />
      </Col>
      <Col xs={24} sm={12} xl={6}>
        <StatCard
          title={t('analytics.cards.pairs')}
          value={overview.stats.mentorMenteePairs}
          icon={<UsergroupAddOutlined aria-hidden />}
          color="#8B5CF6"
          hint={<Change value={overview.changeFromPreviousPeriod.mentorMenteePairs} compare={previous} />}
        />
      </Col>
      <Col xs={24} sm={12} xl={6}>
        <StatCard
          title={t('analytics.cards.avgAttendance')}
          value={f.percent(overview.stats.avgAttendance)}
          icon={<CalendarOutlined aria-hidden />}
          color="#10B981"
          hint={
            <Change
              value={overview.changeFromPreviousPeriod.avgAttendance}
              compare={previous}
              unit={t('analytics.points')}
            />
          }
        />
      </Col>
    </Row>
  );
}
