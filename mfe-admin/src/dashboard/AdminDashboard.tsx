import {
  AlertOutlined,
  CheckCircleOutlined,
  ScheduleOutlined,
  SolutionOutlined,
  TeamOutlined,
  UserAddOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Alert, Badge, Button, Col, Flex, Row, Skeleton, Tag } from 'antd';
import { errorStatus, Link, useFormat, useNavigate } from '@portal/web-core';
import { EmptyState, ErrorBoundary, ItemList, ItemRow, LoadError, PageHeader, Panel, StatCard, Text } from '@portal/ui';
import { RecentLeaves } from '@portal/leaves';
import { useAdminT } from './i18n';
import { useAdminDashboardQuery } from './dashboardApi';

const ROLE_COLOR: Record<string, string> = { admin: 'purple', mentor: 'blue', mentee: 'green' };

function DashboardContent() {
  const { t } = useAdminT();
  const f = useFormat();
  const navigate = useNavigate();
  const { data, isLoading, error, refetch } = useAdminDashboardQuery();
  if (isLoading) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (error || !data) {
    const status = errorStatus(error);
    const title =
      status === 403
        ? t('dashboard.errors.denied')
        : status === 401
          ? t('dashboard.errors.signIn')
          : t('dashboard.errors.failed');
    return <LoadError title={title} onRetry={refetch} />;
  }
  const s = data.stats;
  return (
    <Flex vertical gap={20}>
      {s.pendingApprovals > 0 && (
        <Alert
          type="warning"
          showIcon
          data-testid="pending-approvals"
          title={t('dashboard.pendingApprovals', { count: s.pendingApprovals })}
          // The link sits under the title rather than beside it, so a phone's width goes to the text.
          description={<Link to="/admin/users?status=pending">{t('dashboard.reviewApprovals')}</Link>}
        />
      )}
      {s.escalatedGrievances > 0 && (
        <Alert
          type="error"
          showIcon
          data-testid="escalated-grievances"
          title={t('dashboard.escalated', { count: s.escalatedGrievances })}
          description={<Link to="/admin/grievances">{t('dashboard.answerEscalated')}</Link>}
        />
      )}
      <Row gutter={[16, 16]}>
        <Col xs={24} sm={12} xl={8} xxl={4}>
          <StatCard
            testId="card-total-users"
            title={t('dashboard.cards.totalUsers')}
            value={s.totalUsers}
            icon={<TeamOutlined aria-hidden />}
            color="#3B82F6"
            onClick={() => navigate('/admin/users')}
          />
        </Col>
        <Col xs={24} sm={12} xl={8} xxl={4}>
          <StatCard
            testId="card-mentors"
            title={t('dashboard.cards.mentors')}
            value={s.totalMentors}
            icon={<SolutionOutlined aria-hidden />}
            color="#8B5CF6"
            onClick={() => navigate('/admin/mentorship')}
          />
        </Col>
        <Col xs={24} sm={12} xl={8} xxl={4}>
          <StatCard
            testId="card-mentees"
            title={t('dashboard.cards.mentees')}
            value={s.totalMentees}
            icon={<UserOutlined aria-hidden />}
            color="#10B981"
            onClick={() => navigate('/admin/mentorship?tab=mentees')}
          />
        </Col>
        <Col xs={24} sm={12} xl={8} xxl={4}>
          <StatCard
            testId="card-pending-grievances"
            title={t('dashboard.cards.pendingGrievances')}
            value={s.pendingGrievances}
            icon={<AlertOutlined aria-hidden />}
            color="#EF4444"
            onClick={() => navigate('/admin/grievances')}
            hint={
              s.escalatedGrievances ? t('dashboard.cards.escalatedHint', { count: s.escalatedGrievances }) : undefined
            }
          />
        </Col>
        <Col xs={24} sm={12} xl={8} xxl={4}>
          <StatCard
            testId="card-active-users"
            // Accounts not deactivated; who actually signed in lately is the analytics page's "Signed in" figure.
            title={t('dashboard.cards.activeAccounts')}
            value={s.activeUsers}
            icon={<CheckCircleOutlined aria-hidden />}
            color="#06B6D4"
            onClick={() => navigate('/admin/analytics')}
            hint={
              s.totalUsers
                ? t('dashboard.cards.activeHint', {
                    percent: f.percent(Math.round((s.activeUsers / s.totalUsers) * 100)),
                  })
                : undefined
            }
          />
        </Col>
        <Col xs={24} sm={12} xl={8} xxl={4}>
          <StatCard
            testId="card-pending-leaves"
            title={t('dashboard.cards.pendingLeaves')}
            value={s.pendingLeaves}
            icon={<ScheduleOutlined aria-hidden />}
            color="#F59E0B"
            onClick={() => navigate('/admin/leaves')}
            hint={
              s.pendingLeaves
                ? t('dashboard.cards.leavesHint', { count: s.pendingLeaves })
                : t('dashboard.cards.noLeavesHint')
            }
          />
        </Col>
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Panel
            title={t('dashboard.recentUsers')}
            extra={<Link to="/admin/users">{t('dashboard.viewAll')}</Link>}
            style={{ height: '100%' }}
          >
            {data.recentUsers.length ? (
              <ItemList
                items={data.recentUsers}
                rowKey={(u) => u._id}
                renderItem={(u) => (
                  <ItemRow
                    title={u.fullName}
                    description={t('dashboard.joined', { email: u.email, date: f.date(u.createdAt) })}
                  >
                    <Tag color={ROLE_COLOR[u.role]} style={{ textTransform: 'capitalize' }}>
                      {t(`shared.roles.${u.role}`)}
                    </Tag>
                  </ItemRow>
                )}
              />
            ) : (
              <EmptyState title={t('dashboard.noUsers')} />
            )}
          </Panel>
        </Col>
        <Col xs={24} lg={12}>
          <Panel
            title={t('dashboard.recentLeaves')}
            extra={<Link to="/admin/leaves">{t('dashboard.viewAll')}</Link>}
            style={{ height: '100%' }}
          >
            <RecentLeaves leaves={data.recentLeaves} />
          </Panel>
        </Col>
      </Row>
    </Flex>
  );
}

export function AdminDashboard() {
  const { t } = useAdminT();
  return (
    <>
      <PageHeader
        title={
          <Flex align="center" gap={12}>
            {t('dashboard.title')} <Badge status="success" text={<Text type="success">{t('dashboard.online')}</Text>} />
          </Flex>
        }
        subtitle={t('dashboard.subtitle')}
        extra={
          <Link to="/admin/signup">
            <Button type="primary" icon={<UserAddOutlined aria-hidden />}>
              {t('dashboard.addAdmin')}
            </Button>
          </Link>
        }
      />
      <ErrorBoundary>
        <DashboardContent />
      </ErrorBoundary>
    </>
  );
}
