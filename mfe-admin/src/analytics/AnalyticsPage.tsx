import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  CalendarOutlined,
  CheckCircleOutlined,
  CloseCircleOutlined,
  InfoCircleOutlined,
  ReadOutlined,
  SafetyCertificateOutlined,
  SolutionOutlined,
  SyncOutlined,
  TeamOutlined,
  UserOutlined,
  UsergroupAddOutlined,
} from '@ant-design/icons';
import {
  Avatar,
  Card,
  Col,
  Empty,
  Flex,
  Grid,
  List,
  Progress,
  Row,
  Select,
  Skeleton,
  Tag,
  Tooltip,
  Typography,
  theme,
} from 'antd';
import dayjs from 'dayjs';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import type { AnalyticsPeriod, ReportsOverviewResponse, Role } from '@portal/contracts';
import { errorStatus, notify, type PortalSocket, useSocket } from '@portal/web-core';
import { LoadError, PageHeader, srOnly, StatCard } from '@portal/ui';
import { useHealthQuery, useReportsOverviewQuery } from '../adminApi';
import { ROLE_COLOR, ROLE_HEX } from '../users/UsersPage';
import { GrievanceTrustCard } from './GrievanceTrustCard';

const PERIODS: { value: AnalyticsPeriod; label: string }[] = [
  { value: '7d', label: 'Last 7 days' },
  { value: '30d', label: 'Last 30 days' },
  { value: '90d', label: 'Last 90 days' },
  { value: '1y', label: 'Last year' },
];
/** What each period is compared with, and how the cards name the period itself. */
const PREVIOUS: Record<AnalyticsPeriod, string> = {
  '7d': 'vs previous 7 days',
  '30d': 'vs previous 30 days',
  '90d': 'vs previous 90 days',
  '1y': 'vs previous year',
};
const WITHIN: Record<AnalyticsPeriod, string> = {
  '7d': 'last 7 days',
  '30d': 'last 30 days',
  '90d': 'last 90 days',
  '1y': 'last year',
};
const ROLE_ICON: Record<Role, React.ReactNode> = {
  admin: <SafetyCertificateOutlined />,
  mentor: <SolutionOutlined />,
  mentee: <ReadOutlined />,
};

/** Whether the live connection is up right now; re-renders on connect and disconnect. */
function useConnected(socket: PortalSocket | null): boolean {
  const subscribe = useCallback(
    (changed: () => void) => {
      socket?.on('connect', changed);
      socket?.on('disconnect', changed);
      return () => {
        socket?.off('connect', changed);
        socket?.off('disconnect', changed);
      };
    },
    [socket],
  );
  return useSyncExternalStore(subscribe, () => !!socket?.connected);
}

const LEAVE_COLOR: Record<string, string> = { pending: '#F59E0B', approved: '#10B981', rejected: '#EF4444' };

/** Change against the previous period of the same length: green up, red down, grey when flat or nothing to compare. */
function Change({ value, compare, unit = '%' }: { value: number | null; compare: string; unit?: string }) {
  const style = { fontSize: 'inherit' };
  if (value === null)
    return (
      <Typography.Text type="secondary" style={style} title="Nothing recorded in the previous period to compare with">
        — {compare}
      </Typography.Text>
    );
  if (value === 0)
    return (
      <Typography.Text type="secondary" style={style}>
        0{unit} {compare}
      </Typography.Text>
    );
  const up = value > 0;
  return (
    <Typography.Text type={up ? 'success' : 'danger'} style={style}>
      {up ? <ArrowUpOutlined /> : <ArrowDownOutlined />} {up ? '+' : ''}
      {value}
      {unit} {compare}
    </Typography.Text>
  );
}

/**
 * Every day (every month over a year) of the period with its sign-ups, zeros included, so the bars keep a true time scale.
 * Keys are UTC dates, as the API groups them.
 */
export function fillTrend(
  data: ReportsOverviewResponse['userTrends'],
  from: string,
  to: string,
  monthly: boolean,
): { _id: string; count: number }[] {
  const counts = new Map(data.map((d) => [d._id, d.count]));
  const keys: string[] = [];
  const keyOf = (d: Date) => d.toISOString().slice(0, monthly ? 7 : 10);
  const cursor = new Date(from);
  cursor.setUTCHours(0, 0, 0, 0);
  if (monthly) cursor.setUTCDate(1);
  const last = keyOf(new Date(to));
  while (keyOf(cursor) <= last && keys.length < 400) {
    keys.push(keyOf(cursor));
    if (monthly) cursor.setUTCMonth(cursor.getUTCMonth() + 1);
    else cursor.setUTCDate(cursor.getUTCDate() + 1);
  }
  for (const d of data) if (!keys.includes(d._id)) keys.push(d._id);
  return keys.sort().map((k) => ({ _id: k, count: counts.get(k) ?? 0 }));
}

/**
 * Vertical bars of registrations per day (per month over a year) on a labelled scale; each bar carries its figure, and
 * the same figures are in a table for screen readers.
 */
function TrendChart({ overview, period }: { overview: ReportsOverviewResponse; period: AnalyticsPeriod }) {
  const { token } = theme.useToken();
  const screens = Grid.useBreakpoint();
  const total = overview.userTrends.reduce((sum, d) => sum + d.count, 0);
  if (!total) return <Empty description="No registrations in this period" image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  const monthly = period === '1y';
  const unit = monthly ? 'month' : 'day';
  const data = fillTrend(overview.userTrends, overview.from, overview.to, monthly);
  const max = Math.max(...data.map((d) => d.count), 1);
  const label = (id: string) => (monthly ? dayjs(`${id}-01`).format('MMM YYYY') : dayjs(id).format('MMM D'));
  const tick = (id: string) => (monthly ? dayjs(`${id}-01`).format('MMM') : dayjs(id).format('MMM D'));
  // A phone's width holds about four dates side by side, a desktop card ten.
  const every = Math.ceil(data.length / (screens.md ? 10 : 4));
  const axisText = { fontSize: 11 };
  return (
    <>
      <Typography.Text type="secondary" data-testid="trend-summary">
        {total} new account{total === 1 ? '' : 's'} in the {WITHIN[period]}, shown per {unit}
      </Typography.Text>
      <Flex gap={6} style={{ marginTop: 8 }} aria-hidden>
        <Flex vertical justify="space-between" align="flex-end" style={{ height: 140, paddingBottom: 0 }}>
          <Typography.Text type="secondary" style={axisText}>
            {max}
          </Typography.Text>
          <Typography.Text type="secondary" style={axisText}>
            {Math.round(max / 2) !== max && Math.round(max / 2) !== 0 ? Math.round(max / 2) : ''}
          </Typography.Text>
          <Typography.Text type="secondary" style={axisText}>
            0
          </Typography.Text>
        </Flex>
        <Flex vertical style={{ flex: 1, minWidth: 0 }}>
          <Flex
            align="flex-end"
            gap={data.length > 40 ? 1 : 4}
            style={{
              height: 140,
              borderLeft: `1px solid ${token.colorBorder}`,
              borderBottom: `1px solid ${token.colorBorder}`,
            }}
          >
            {data.map((d) => (
              <Flex
                key={d._id}
                vertical
                align="center"
                justify="flex-end"
                style={{ flex: 1, minWidth: 0, height: '100%' }}
                title={`${label(d._id)}: ${d.count} new account${d.count === 1 ? '' : 's'}`}
              >
                {data.length <= 14 && <Typography.Text style={axisText}>{d.count}</Typography.Text>}
                <div
                  style={{
                    width: '70%',
                    maxWidth: 28,
                    minWidth: 2,
                    height: `${(d.count / max) * 110}px`,
                    minHeight: d.count ? 3 : 0,
                    background: token.colorPrimary,
                    borderRadius: '3px 3px 0 0',
                  }}
                />
              </Flex>
            ))}
          </Flex>
          {/* Dates under their bars; the first and last are kept inside the card rather than centred past its edge. */}
          <div style={{ position: 'relative', height: 18 }}>
            {data.map((d, i) =>
              (data.length - 1 - i) % every === 0 ? (
                <Typography.Text
                  key={d._id}
                  type="secondary"
                  style={{
                    ...axisText,
                    position: 'absolute',
                    top: 2,
                    whiteSpace: 'nowrap',
                    ...(i === data.length - 1
                      ? { right: 0 }
                      : {
                          left: `${((i + 0.5) / data.length) * 100}%`,
                          transform: i === 0 ? undefined : 'translateX(-50%)',
                        }),
                  }}
                >
                  {tick(d._id)}
                </Typography.Text>
              ) : null,
            )}
          </div>
        </Flex>
      </Flex>
      <Flex justify="space-between" aria-hidden>
        <Typography.Text type="secondary" style={axisText}>
          ↑ New accounts
        </Typography.Text>
        <Typography.Text type="secondary" style={axisText}>
          {monthly ? 'Month' : 'Day'} →
        </Typography.Text>
      </Flex>
      <table style={srOnly}>
        <caption>
          New accounts per {unit}, {WITHIN[period]}
        </caption>
        <thead>
          <tr>
            <th scope="col">{monthly ? 'Month' : 'Day'}</th>
            <th scope="col">New accounts</th>
          </tr>
        </thead>
        <tbody>
          {data.map((d) => (
            <tr key={d._id}>
              <th scope="row">{label(d._id)}</th>
              <td>{d.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

const chat = (connected: boolean) => ({
  label: 'Real-time Chat',
  ok: connected,
  text: connected ? 'Active' : 'Disconnected',
});

type HealthState = ReturnType<typeof useHealthQuery>;

/** Live figures: the server and database from GET /health, the chat from the socket. `ok` null = still checking. */
function systemHealth(health: HealthState, connected: boolean): { label: string; ok: boolean | null; text: string }[] {
  if (health.isLoading)
    return [
      { label: 'Server', ok: null, text: 'Checking…' },
      { label: 'Database', ok: null, text: 'Checking…' },
      chat(connected),
    ];
  // A 503 comes from a running server whose database is down; no status at all means the server did not answer.
  const serverUp = !health.isError || typeof errorStatus(health.error) === 'number';
  const db = health.isError ? undefined : health.data?.database;
  return [
    { label: 'Server', ok: serverUp, text: serverUp ? 'Online' : 'Unreachable' },
    {
      label: 'Database',
      ok: db?.status === 'up',
      text: db?.status === 'up' ? `Connected (${db.type})` : 'Disconnected',
    },
    chat(connected),
  ];
}

export function AnalyticsPage() {
  const [period, setPeriod] = useState<AnalyticsPeriod>('30d');
  const { data, isLoading, isFetching, error, refetch } = useReportsOverviewQuery(period);
  const health = useHealthQuery(undefined, { pollingInterval: 30000 });
  const connected = useConnected(useSocket());
  useEffect(() => {
    if (error) notify.error('Failed to fetch analytics');
  }, [error]);

  const totalLeaves = data?.leaveStats.reduce((s, l) => s + l.count, 0) ?? 0;
  return (
    <>
      <PageHeader
        title="Analytics"
        subtitle={
          data
            ? `${dayjs(data.from).format('MMM D, YYYY')} – ${dayjs(data.to).format('MMM D, YYYY')}`
            : 'System-wide figures'
        }
        extra={
          <Select value={period} onChange={setPeriod} options={PERIODS} style={{ width: 160 }} aria-label="Period" />
        }
      />
      {error ? (
        <LoadError title="Failed to fetch analytics" onRetry={refetch} />
      ) : isLoading || !data ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : (
        <Flex vertical gap={16} style={{ opacity: isFetching ? 0.6 : 1 }}>
          <Row gutter={[16, 16]}>
            <Col xs={24} sm={12} xl={6}>
              <StatCard
                title="Total Users"
                value={data.stats.totalUsers}
                icon={<TeamOutlined />}
                color="#3B82F6"
                hint={<Change value={data.changeFromPreviousPeriod.totalUsers} compare={PREVIOUS[period]} />}
              />
            </Col>
            <Col xs={24} sm={12} xl={6}>
              <StatCard
                title={`Signed in (${WITHIN[period]})`}
                value={data.stats.signedInUsers}
                icon={<UserOutlined />}
                color="#06B6D4"
                hint={<Change value={data.changeFromPreviousPeriod.signedInUsers} compare={PREVIOUS[period]} />}
              />
            </Col>
            <Col xs={24} sm={12} xl={6}>
              <StatCard
                title="Mentor-Mentee Pairs"
                value={data.stats.mentorMenteePairs}
                icon={<UsergroupAddOutlined />}
                color="#8B5CF6"
                hint={<Change value={data.changeFromPreviousPeriod.mentorMenteePairs} compare={PREVIOUS[period]} />}
              />
            </Col>
            <Col xs={24} sm={12} xl={6}>
              <StatCard
                title="Avg. Attendance"
                value={`${data.stats.avgAttendance}%`}
                icon={<CalendarOutlined />}
                color="#10B981"
                hint={
                  <Change value={data.changeFromPreviousPeriod.avgAttendance} compare={PREVIOUS[period]} unit=" pts" />
                }
              />
            </Col>
          </Row>
          <Row gutter={[16, 16]}>
            <Col xs={24} lg={14}>
              <Card title="User Registration Trends" style={{ height: '100%' }}>
                <TrendChart overview={data} period={period} />
              </Card>
            </Col>
            <Col xs={24} lg={10}>
              <Card title="Leave Request Statistics" style={{ height: '100%' }}>
                {totalLeaves ? (
                  data.leaveStats.map((l) => (
                    <div key={l._id} style={{ marginBottom: 12 }}>
                      <Flex justify="space-between">
                        <Typography.Text style={{ textTransform: 'capitalize' }}>{l._id}</Typography.Text>
                        <Typography.Text>
                          {l.count} ({Math.round((l.count / totalLeaves) * 100)}%)
                        </Typography.Text>
                      </Flex>
                      <Progress
                        aria-label={`Share of ${l._id} leave requests`}
                        percent={Math.round((l.count / totalLeaves) * 100)}
                        showInfo={false}
                        strokeColor={LEAVE_COLOR[l._id]}
                      />
                    </div>
                  ))
                ) : (
                  <Empty description="No leave requests in this period" image={Empty.PRESENTED_IMAGE_SIMPLE} />
                )}
              </Card>
            </Col>
          </Row>
          <Row gutter={[16, 16]}>
            <Col xs={24} md={12} xl={8}>
              <Card title="System Health" style={{ height: '100%' }}>
                <List
                  size="small"
                  dataSource={systemHealth(health, connected)}
                  renderItem={(i) => (
                    <List.Item
                      extra={
                        <Tag
                          icon={
                            i.ok === null ? (
                              <SyncOutlined spin />
                            ) : i.ok ? (
                              <CheckCircleOutlined />
                            ) : (
                              <CloseCircleOutlined />
                            )
                          }
                          color={i.ok === null ? 'processing' : i.ok ? 'success' : 'error'}
                        >
                          {i.text}
                        </Tag>
                      }
                    >
                      {i.label}
                    </List.Item>
                  )}
                />
              </Card>
            </Col>
            <Col xs={24} md={12} xl={8}>
              <Card title="Recent Activity" style={{ height: '100%' }}>
                <List
                  size="small"
                  dataSource={data.recentUsers}
                  renderItem={(u) => (
                    <List.Item
                      extra={
                        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                          {dayjs(u.createdAt).format('MMM D')}
                        </Typography.Text>
                      }
                    >
                      <List.Item.Meta
                        avatar={
                          <Avatar size="small" icon={ROLE_ICON[u.role]} style={{ background: ROLE_HEX[u.role] }} />
                        }
                        title={
                          <Typography.Text ellipsis style={{ maxWidth: '100%' }}>
                            {u.email}
                          </Typography.Text>
                        }
                        description={
                          <>
                            <Tag color={ROLE_COLOR[u.role]} style={{ textTransform: 'capitalize' }}>
                              {u.role}
                            </Tag>
                            {u.fullName}
                          </>
                        }
                      />
                    </List.Item>
                  )}
                />
              </Card>
            </Col>
            <Col xs={24} xl={8}>
              <Card title="Quick Stats" style={{ height: '100%' }}>
                <Row gutter={[12, 12]}>
                  {[
                    { label: 'Total Groups', value: data.quickStats.totalGroups },
                    { label: 'Pending Leaves', value: data.quickStats.pendingLeaves },
                    { label: 'Total Students', value: data.quickStats.totalStudents },
                    {
                      label: 'Avg Performance',
                      value: data.quickStats.studentsRated ? `${data.quickStats.avgPerformance}%` : '—',
                      caption: data.quickStats.studentsRated
                        ? `Mean attendance rate of ${data.quickStats.studentsRated} student${data.quickStats.studentsRated === 1 ? '' : 's'}`
                        : 'No attendance recorded in this period',
                      help: 'The average of each student’s own attendance rate over the period: every student with a recorded day counts once, however many days were recorded.',
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
                                aria-label={`What ${q.label} means`}
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
            </Col>
          </Row>
          <Card title="User Engagement Overview">
            <Row gutter={[24, 16]} align="middle">
              <Col xs={24} md={6}>
                <Flex vertical align="center">
                  <Progress
                    type="dashboard"
                    aria-label={`Signed-in rate (${WITHIN[period]})`}
                    percent={data.engagement.activityRate}
                  />
                  <Typography.Text>Signed-in rate ({WITHIN[period]})</Typography.Text>
                </Flex>
              </Col>
              <Col xs={8} md={6}>
                <Typography.Text type="secondary">Mentors signed in</Typography.Text>
                <Typography.Title level={3} style={{ margin: 0 }}>
                  {data.engagement.activeMentors}
                </Typography.Title>
              </Col>
              <Col xs={8} md={6}>
                <Typography.Text type="secondary">Mentees signed in</Typography.Text>
                <Typography.Title level={3} style={{ margin: 0 }}>
                  {data.engagement.activeMentees}
                </Typography.Title>
              </Col>
              <Col xs={8} md={6}>
                <Typography.Text type="secondary">Avg Attendance</Typography.Text>
                <Typography.Title level={3} style={{ margin: 0 }}>
                  {data.engagement.avgAttendance}%
                </Typography.Title>
              </Col>
            </Row>
          </Card>
          <GrievanceTrustCard />
        </Flex>
      )}
    </>
  );
}
