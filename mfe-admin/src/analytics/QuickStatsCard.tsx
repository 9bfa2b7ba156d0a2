import { InfoCircleOutlined } from '@ant-design/icons';
import { Card, Col, Row, Tooltip, Typography } from 'antd';
import type { ReportsOverviewResponse } from '@portal/contracts';
import { useFormat } from '@portal/web-core';
import { useAdminT } from './i18n';

/** Groups, pending leaves, students, and the students' average performance with what it means. */
export function QuickStatsCard({ quickStats }: { quickStats: ReportsOverviewResponse['quickStats'] }) {
  const { t } = useAdminT();
  const f = useFormat();
  return (
    <Card title={t('analytics.quickStats')} style={{ height: '100%' }}>
      <Row gutter={[12, 12]}>
        {[
          { label: t('analytics.totalGroups'), value: f.number(quickStats.totalGroups) },
          { label: t('analytics.pendingLeaves'), value: f.number(quickStats.pendingLeaves) },
          { label: t('analytics.totalStudents'), value: f.number(quickStats.totalStudents) },
          {
            label: t('analytics.avgPerformance'),
            value: quickStats.studentsRated ? f.percent(quickStats.avgPerformance) : '—',
            caption: quickStats.studentsRated
              ? t('analytics.performanceCaption', { count: quickStats.studentsRated })
              : t('analytics.noAttendance'),
            help: t('analytics.performanceHelp'),
          },
        ].map((q) => (
          <Col span={12} key={q.label}>
            <Card size="small" style={{ height: '100%' }}>
              <Typography.Text type="secondary">
                {q.label}
                {q.help && (
                  <Tooltip title={q.help}>
                    <InfoCircleOutlined
                      tabIndex={0}
                      aria-label={t('analytics.whatMeans', { label: q.label })}
                      style={{ marginLeft: 6 }}
                    />
                  </Tooltip>
                )}
              </Typography.Text>
              <Typography.Title level={3} style={{ margin: 0 }}>
                {q.value}
              </Typography.Title>
              {q.caption && (
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {q.caption}
                </Typography.Text>
              )}
            </Card>
          </Col>
        ))}
      </Row>
    </Card>
  );
}
