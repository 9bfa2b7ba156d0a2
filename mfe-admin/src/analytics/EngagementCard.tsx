import { Card, Col, Flex, Progress, Row, Typography } from 'antd';
import type { AnalyticsPeriod, ReportsOverviewResponse } from '@portal/contracts';
import { useFormat } from '@portal/web-core';
import { useAdminT } from './i18n';

/** Who signed in during the period, and the mean attendance. */
export function EngagementCard({
  engagement,
  period,
}: {
  engagement: ReportsOverviewResponse['engagement'];
  period: AnalyticsPeriod;
}) {
  const { t } = useAdminT();
  const f = useFormat();
  const within = t(`analytics.within.${period}`);
  return (
    <Card title={t('analytics.engagement')}>
      <Row gutter={[24, 16]} align="middle">
        <Col xs={24} md={6}>
          <Flex vertical align="center">
            <Progress
              type="dashboard"
              aria-label={t('analytics.signedInRate', { period: within })}
              percent={engagement.activityRate}
            />
            <Typography.Text>{t('analytics.signedInRate', { period: within })}</Typography.Text>
          </Flex>
        </Col>
        <Col xs={8} md={6}>
          <Typography.Text type="secondary">{t('analytics.mentorsSignedIn')}</Typography.Text>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {engagement.activeMentors}
          </Typography.Title>
        </Col>
        <Col xs={8} md={6}>
          <Typography.Text type="secondary">{t('analytics.menteesSignedIn')}</Typography.Text>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {engagement.activeMentees}
          </Typography.Title>
        </Col>
        <Col xs={8} md={6}>
          <Typography.Text type="secondary">{t('analytics.avgAttendance')}</Typography.Text>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {f.percent(engagement.avgAttendance)}
          </Typography.Title>
        </Col>
      </Row>
    </Card>
  );
}
