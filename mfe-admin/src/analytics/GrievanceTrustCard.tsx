import { Card, Skeleton, Table } from 'antd';
import type { GrievanceMonthStats } from '@portal/contracts';
import { useGrievanceAnalyticsQuery } from '@portal/grievances';
import { LoadError } from '@portal/ui';
import { useFormat } from '@portal/web-core';
import { useAdminT } from './i18n';

/** Per month of resolution: the share answered within its deadline and the share the student reopened. */
export function GrievanceTrustCard() {
  const { t } = useAdminT();
  const f = useFormat();
  const { data, isLoading, error, refetch } = useGrievanceAnalyticsQuery();
  return (
    <Card title={t('analytics.trust.title')} data-testid="grievance-trust">
      {error ? (
        <LoadError title={t('analytics.trust.loadFailed')} onRetry={refetch} />
      ) : isLoading || !data ? (
        <Skeleton active />
      ) : (
        <Table<GrievanceMonthStats>
          size="small"
          rowKey="month"
          pagination={false}
          dataSource={[...data.months].reverse()}
          columns={[
            {
              title: t('analytics.trust.month'),
              dataIndex: 'month',
              render: (m: string) => f.shortMonthYear(`${m}-01`),
            },
            { title: t('analytics.trust.resolved'), dataIndex: 'resolved', align: 'right' },
            {
              title: t('analytics.trust.withinDeadline'),
              dataIndex: 'pctResolvedWithinDeadline',
              align: 'right',
              render: (p: number, m) => (m.resolved ? f.percent(p) : '—'),
            },
            {
              title: t('analytics.trust.reopened'),
              dataIndex: 'pctReopened',
              align: 'right',
              render: (p: number, m) => (m.resolved ? f.percent(p) : '—'),
            },
          ]}
          footer={() => t('analytics.trust.escalated', { count: data.escalatedOpen })}
        />
      )}
    </Card>
  );
}
