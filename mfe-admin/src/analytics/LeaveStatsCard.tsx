import { Card, Empty, Flex, Progress, Typography } from 'antd';
import type { LeaveStatus, ReportsOverviewResponse } from '@portal/contracts';
import { useFormat } from '@portal/web-core';
import { useAdminT } from './i18n';

const LEAVE_COLOR: Record<LeaveStatus, string> = {
  pending: '#F59E0B',
  approved: '#10B981',
  rejected: '#EF4444',
  cancelled: '#94A3B8',
};

/** The period's leave requests by status, each with its share. */
export function LeaveStatsCard({ leaveStats }: { leaveStats: ReportsOverviewResponse['leaveStats'] }) {
  const { t } = useAdminT();
  const f = useFormat();
  const totalLeaves = leaveStats.reduce((s, l) => s + l.count, 0);
  return (
    <Card title={t('analytics.leaveStats')} style={{ height: '100%' }}>
      {totalLeaves ? (
        leaveStats.map((l) => (
          <div key={l._id} style={{ marginBottom: 12 }}>
            <Flex justify="space-between">
              <Typography.Text style={{ textTransform: 'capitalize' }}>
                {t(`analytics.leaveStatus.${l._id}`)}
              </Typography.Text>
              <Typography.Text>
                {f.number(l.count)} ({f.percent(Math.round((l.count / totalLeaves) * 100))})
              </Typography.Text>
            </Flex>
            <Progress
              aria-label={t('analytics.shareOf', { status: t(`analytics.leaveStatus.${l._id}`) })}
              percent={Math.round((l.count / totalLeaves) * 100)}
              showInfo={false}
              strokeColor={LEAVE_COLOR[l._id]}
            />
          </div>
        ))
      ) : (
        <Empty description={t('analytics.noLeaves')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
      )}
    </Card>
  );
}
