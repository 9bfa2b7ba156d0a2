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
import dayjs from 'dayjs';
import { errorStatus, Link, useNavigate } from '@portal/web-core';
import { EmptyState, ErrorBoundary, ItemList, ItemRow, LoadError, PageHeader, Panel, StatCard, Text } from '@portal/ui';
import { RecentLeaves } from '@portal/leaves';
import { useAdminDashboardQuery } from './dashboardApi';

const ROLE_COLOR: Record<string, string> = { admin: 'purple', mentor: 'blue', mentee: 'green' };

function loadError(error: unknown): string {
  const status = errorStatus(error);
  if (status === 403) return 'Access denied. Admin privileges required.';
  if (status === 401) return 'Authentication required. Please login again.';
  return 'Failed to load dashboard data';
}

function DashboardContent() {
  const navigate = useNavigate();
  const { data, isLoading, error, refetch } = useAdminDashboardQuery();
  if (isLoading) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (error || !data) {
    return <LoadError title={loadError(error)} onRetry={refetch} />;
  }
  const s = data.stats;
  return (
    <Flex vertical gap={20}>
      {s.pendingApprovals > 0 && (
        <Alert
          type="warning"
          showIcon
          data-testid="pending-approvals"
          title={`Pending approvals: ${s.pendingApprovals} mentor sign-up${s.pendingApprovals === 1 ? '' : 's'} awaiting your decision`}
          // The link sits under the title rather than beside it, so a phone's width goes to the text.
          description={<Link to="/admin/users?status=pending">Review in User Management</Link>}
        />
      )}
      {s.escalatedGrievances > 0 && (
        <Alert
          type="error"
          showIcon
          data-testid="escalated-grievances"
          title={`Escalated: ${s.escalatedGrievances} grievance${s.escalatedGrievances === 1 ? ' is' : 's are'} past the deadline`}
          description={<Link to="/admin/grievances">Answer them in Grievance Management</Link>}
        />
      )}
      <Row gutter={[16, 16]}>
        <Col xs={24} sm={12} xl={8} xxl={4}>
          <StatCard
            testId="card-total-users"
            title="Total Users"
            value={s.totalUsers}
            icon={<TeamOutlined />}
            color="#3B82F6"
            onClick={() => navigate('/admin/users')}
          />
        </Col>
        <Col xs={24} sm={12} xl={8} xxl={4}>
          <StatCard
            testId="card-mentors"
            title="Mentors"
            value={s.totalMentors}
            icon={<SolutionOutlined />}
            color="#8B5CF6"
            onClick={() => navigate('/admin/mentorship')}
          />
        </Col>
        <Col xs={24} sm={12} xl={8} xxl={4}>
          <StatCard
            testId="card-mentees"
            title="Mentees"
            value={s.totalMentees}
            icon={<UserOutlined />}
            color="#10B981"
            onClick={() => navigate('/admin/mentorship?tab=mentees')}
          />
        </Col>
        <Col xs={24} sm={12} xl={8} xxl={4}>
          <StatCard
            testId="card-pending-grievances"
            title="Pending Grievances"
            value={s.pendingGrievances}
            icon={<AlertOutlined />}
            color="#EF4444"
            onClick={() => navigate('/admin/grievances')}
            hint={s.escalatedGrievances ? `${s.escalatedGrievances} escalated (past the deadline)` : undefined}
          />
        </Col>
        <Col xs={24} sm={12} xl={8} xxl={4}>
          <StatCard
            testId="card-active-users"
            // Accounts not deactivated; who actually signed in lately is the analytics page's "Signed in" figure.
            title="Active Accounts"
            value={s.activeUsers}
            icon={<CheckCircleOutlined />}
            color="#06B6D4"
            onClick={() => navigate('/admin/analytics')}
            hint={
              s.totalUsers
                ? `${Math.round((s.activeUsers / s.totalUsers) * 100)}% of all accounts, not deactivated`
                : undefined
            }
          />
        </Col>
        <Col xs={24} sm={12} xl={8} xxl={4}>
          <StatCard
            testId="card-pending-leaves"
            title="Pending Leaves"
            value={s.pendingLeaves}
            icon={<ScheduleOutlined />}
            color="#F59E0B"
            onClick={() => navigate('/admin/leaves')}
            hint={
              s.pendingLeaves
                ? `Request${s.pendingLeaves === 1 ? '' : 's'} awaiting a decision`
                : 'No request awaiting a decision'
            }
          />
        </Col>
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Panel title="Recent Users" extra={<Link to="/admin/users">View all</Link>} style={{ height: '100%' }}>
            {data.recentUsers.length ? (
              <ItemList
                items={data.recentUsers}
                rowKey={(u) => u._id}
                renderItem={(u) => (
                  <ItemRow
                    title={u.fullName}
                    description={
                      <>
                        {u.email} · joined {dayjs(u.createdAt).format('MMM D, YYYY')}
                      </>
                    }
                  >
                    <Tag color={ROLE_COLOR[u.role]} style={{ textTransform: 'capitalize' }}>
                      {u.role}
                    </Tag>
                  </ItemRow>
                )}
              />
            ) : (
              <EmptyState title="No users found" />
            )}
          </Panel>
        </Col>
        <Col xs={24} lg={12}>
          <Panel
            title="Recent Leave Requests"
            extra={<Link to="/admin/leaves">View all</Link>}
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
  return (
    <>
      <PageHeader
        title={
          <Flex align="center" gap={12}>
            Admin Dashboard <Badge status="success" text={<Text type="success">System Online</Text>} />
          </Flex>
        }
        subtitle="An overview of your school's mentoring programme"
        extra={
          <Link to="/admin/signup">
            <Button type="primary" icon={<UserAddOutlined />}>
              Add Admin
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
