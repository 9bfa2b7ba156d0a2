import { Card, Skeleton, Table } from 'antd';
import dayjs from 'dayjs';
import type { GrievanceMonthStats } from '@portal/contracts';
import { useGrievanceAnalyticsQuery } from '@portal/grievances';
import { LoadError } from '@portal/ui';

/** Per month of resolution: the share answered within its deadline and the share the student reopened. */
export function GrievanceTrustCard() {
  const { data, isLoading, error, refetch } = useGrievanceAnalyticsQuery();
  return (
    <Card title="Grievances: answered in time" data-testid="grievance-trust">
      {error ? (
        <LoadError title="Failed to load grievance figures" onRetry={refetch} />
      ) : isLoading || !data ? (
        <Skeleton active />
      ) : (
        <Table<GrievanceMonthStats>
          size="small"
          rowKey="month"
          pagination={false}
          dataSource={[...data.months].reverse()}
          columns={[
            { title: 'Month', dataIndex: 'month', render: (m: string) => dayjs(`${m}-01`).format('MMM YYYY') },
            { title: 'Resolved', dataIndex: 'resolved', align: 'right' },
            {
              title: '% within deadline',
              dataIndex: 'pctResolvedWithinDeadline',
              align: 'right',
              render: (p: number, m) => (m.resolved ? `${p}%` : '—'),
            },
            {
              title: '% reopened',
              dataIndex: 'pctReopened',
              align: 'right',
              render: (p: number, m) => (m.resolved ? `${p}%` : '—'),
            },
          ]}
          footer={() => `${data.escalatedOpen} open grievance${data.escalatedOpen === 1 ? '' : 's'} escalated`}
        />
      )}
    </Card>
  );
}
