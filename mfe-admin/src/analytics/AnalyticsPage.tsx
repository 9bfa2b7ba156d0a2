import { Card, Col, Flex, Row, Select, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import type { AnalyticsPeriod } from '@portal/contracts';
import { notify, useFormat } from '@portal/web-core';
import { LoadError, PageHeader } from '@portal/ui';
import { useHealthQuery, useReportsOverviewQuery } from '../adminApi';
import { useAdminT } from './i18n';
import { EngagementCard } from './EngagementCard';
import { GrievanceTrustCard } from './GrievanceTrustCard';
import { LeaveStatsCard } from './LeaveStatsCard';
import { OverviewStats } from './OverviewStats';
import { QuickStatsCard } from './QuickStatsCard';
import { RecentActivityCard } from './RecentActivityCard';
import { SystemHealthCard } from './SystemHealthCard';
import { TrendChart } from './TrendChart';

/** The periods; the catalogue names each (`analytics.periods`), what it is compared with (`previous`) and itself in a
 * sentence (`within`). */
const PERIODS: AnalyticsPeriod[] = ['7d', '30d', '90d', '1y'];

/** /admin/analytics: the chosen period's figures against the previous one, and the system's health. */
export function AnalyticsPage() {
  const { t } = useAdminT();
  const f = useFormat();
  const [period, setPeriod] = useState<AnalyticsPeriod>('30d');
  const { data, isLoading, isFetching, error, refetch } = useReportsOverviewQuery(period);
  // Checked from the page's first moment, so the panel has its answer when the figures arrive.
  const health = useHealthQuery(undefined, { pollingInterval: 30000 });
  useEffect(() => {
    if (error) notify.error(t('analytics.fetchFailed'));
  }, [error, t]);

  return (
    <>
      <PageHeader
        title={t('analytics.title')}
        subtitle={
          data ? t('analytics.range', { from: f.date(data.from), to: f.date(data.to) }) : t('analytics.subtitle')
        }
        extra={
          <Select
            value={period}
            onChange={setPeriod}
            options={PERIODS.map((p) => ({ value: p, label: t(`analytics.periods.${p}`) }))}
            style={{ width: 160 }}
            aria-label={t('analytics.period')}
          />
        }
      />
      {error ? (
        <LoadError title={t('analytics.fetchFailed')} onRetry={refetch} />
      ) : isLoading || !data ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : (
        <Flex vertical gap={16} style={{ opacity: isFetching ? 0.6 : 1 }}>
          <OverviewStats overview={data} period={period} />
          <Row gutter={[16, 16]}>
            <Col xs={24} lg={14}>
              <Card title={t('analytics.trends')} style={{ height: '100%' }}>
                <TrendChart overview={data} period={period} />
              </Card>
            </Col>
            <Col xs={24} lg={10}>
              <LeaveStatsCard leaveStats={data.leaveStats} />
            </Col>
          </Row>
          <Row gutter={[16, 16]}>
            <Col xs={24} md={12} xl={8}>
              <SystemHealthCard health={health} />
            </Col>
            <Col xs={24} md={12} xl={8}>
              <RecentActivityCard users={data.recentUsers} />
            </Col>
            <Col xs={24} xl={8}>
              <QuickStatsCard quickStats={data.quickStats} />
            </Col>
          </Row>
          <EngagementCard engagement={data.engagement} period={period} />
          <GrievanceTrustCard />
        </Flex>
      )}
    </>
  );
}
