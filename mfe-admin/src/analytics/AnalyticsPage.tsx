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
import { errorStatus, notify, type PortalSocket, useFormat, useSocket } from '@portal/web-core';
import { LoadError, PageHeader, srOnly, StatCard } from '@portal/ui';
import { useHealthQuery, useReportsOverviewQuery } from '../adminApi';
import { useAdminT } from './i18n';
import { ROLE_COLOR, ROLE_HEX } from '../users/UsersPage';
import { GrievanceTrustCard } from './GrievanceTrustCard';

type T = ReturnType<typeof useAdminT>['t'];
/** The periods; the catalogue names each (`analytics.periods`), what it is compared with (`previous`) and itself in a
 * sentence (`within`). */
const PERIODS: AnalyticsPeriod[] = ['7d', '30d', '90d', '1y'];
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
  const { t } = useAdminT();
  const f = useFormat();
  const style = { fontSize: 'inherit' };
  if (value === null)
    return (
      <Typography.Text type="secondary" style={style} title={t('analytics.nothingToCompare')}>
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
      {f.number(value)}
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
  const { t } = useAdminT();
  const f = useFormat();
  const { token } = theme.useToken();
  const screens = Grid.useBreakpoint();
  const total = overview.userTrends.reduce((sum, d) => sum + d.count, 0);
  if (!total) return <Empty description={t('analytics.noRegistrations')} image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  const monthly = period === '1y';
  const within = t(`analytics.within.${period}`);
  const data = fillTrend(overview.userTrends, overview.from, overview.to, monthly);
  const max = Math.max(...data.map((d) => d.count), 1);
  const label = (id: string) => (monthly ? f.shortMonthYear(`${id}-01`) : f.dayMonth(id));
  const tick = (id: string) => (monthly ? dayjs(`${id}-01`).format(t('analytics.format.monthTick')) : f.dayMonth(id));
  // A phone's width holds about four dates side by side, a desktop card ten.
  const every = Math.ceil(data.length / (screens.md ? 10 : 4));
  const axisText = { fontSize: 11 };
  return (
    <>
      <Typography.Text type="secondary" data-testid="trend-summary">
        {monthly
          ? t('analytics.summaryMonth', { count: total, period: within })
          : t('analytics.summaryDay', { count: total, period: within })}
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
                title={t('analytics.bar', { label: label(d._id), count: d.count })}
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
          {t('analytics.axisNew')}
        </Typography.Text>
        <Typography.Text type="secondary" style={axisText}>
          {monthly ? t('analytics.axisMonth') : t('analytics.axisDay')}
        </Typography.Text>
      </Flex>
      <table style={srOnly}>
        <caption>
          {monthly ? t('analytics.captionMonth', { period: within }) : t('analytics.captionDay', { period: within })}
        </caption>
        <thead>
          <tr>
            <th scope="col">{monthly ? t('analytics.month') : t('analytics.day')}</th>
            <th scope="col">{t('analytics.newAccounts')}</th>
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

const chat = (connected: boolean, t: T) => ({
  label: t('analytics.health.chat'),
  ok: connected,
  text: connected ? t('analytics.health.active') : t('analytics.health.disconnected'),
});

type HealthState = ReturnType<typeof useHealthQuery>;

/** Live figures: the server and database from GET /health, the chat from the socket. `ok` null = still checking. */
function systemHealth(
  health: HealthState,
  connected: boolean,
  t: T,
): { label: string; ok: boolean | null; text: string }[] {
  if (health.isLoading)
    return [
      { label: t('analytics.health.server'), ok: null, text: t('analytics.health.checking') },
      { label: t('analytics.health.database'), ok: null, text: t('analytics.health.checking') },
      chat(connected, t),
    ];
  // A 503 comes from a running server whose database is down; no status at all means the server did not answer.
  const serverUp = !health.isError || typeof errorStatus(health.error) === 'number';
  const db = health.isError ? undefined : health.data?.database;
  return [
    {
      label: t('analytics.health.server'),
      ok: serverUp,
      text: serverUp ? t('analytics.health.online') : t('analytics.health.unreachable'),
    },
    {
      label: t('analytics.health.database'),
      ok: db?.status === 'up',
      text:
        db?.status === 'up' ? t('analytics.health.connected', { type: db.type }) : t('analytics.health.disconnected'),
    },
    chat(connected, t),
  ];
}

export function AnalyticsPage() {
  const { t } = useAdminT();
  const f = useFormat();
  const [period, setPeriod] = useState<AnalyticsPeriod>('30d');
  const { data, isLoading, isFetching, error, refetch } = useReportsOverviewQuery(period);
  const health = useHealthQuery(undefined, { pollingInterval: 30000 });
  const connected = useConnected(useSocket());
  useEffect(() => {
    if (error) notify.error(t('analytics.fetchFailed'));
  }, [error, t]);

  const totalLeaves = data?.leaveStats.reduce((s, l) => s + l.count, 0) ?? 0;
  const within = t(`analytics.within.${period}`);
  const previous = t(`analytics.previous.${period}`);
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
          <Row gutter={[16, 16]}>
            <Col xs={24} sm={12} xl={6}>
              <StatCard
                title={t('analytics.cards.totalUsers')}
                value={data.stats.totalUsers}
                icon={<TeamOutlined />}
                color="#3B82F6"
                hint={<Change value={data.changeFromPreviousPeriod.totalUsers} compare={previous} />}
              />
            </Col>
            <Col xs={24} sm={12} xl={6}>
              <StatCard
                title={t('analytics.cards.signedIn', { period: within })}
                value={data.stats.signedInUsers}
                icon={<UserOutlined />}
                color="#06B6D4"
                hint={<Change value={data.changeFromPreviousPeriod.signedInUsers} compare={previous} />}
              />
            </Col>
            <Col xs={24} sm={12} xl={6}>
              <StatCard
                title={t('analytics.cards.pairs')}
                value={data.stats.mentorMenteePairs}
                icon={<UsergroupAddOutlined />}
                color="#8B5CF6"
                hint={<Change value={data.changeFromPreviousPeriod.mentorMenteePairs} compare={previous} />}
              />
            </Col>
            <Col xs={24} sm={12} xl={6}>
              <StatCard
                title={t('analytics.cards.avgAttendance')}
                value={f.percent(data.stats.avgAttendance)}
                icon={<CalendarOutlined />}
                color="#10B981"
                hint={
                  <Change
                    value={data.changeFromPreviousPeriod.avgAttendance}
                    compare={previous}
                    unit={t('analytics.points')}
                  />
                }
              />
            </Col>
          </Row>
          <Row gutter={[16, 16]}>
            <Col xs={24} lg={14}>
              <Card title={t('analytics.trends')} style={{ height: '100%' }}>
                <TrendChart overview={data} period={period} />
              </Card>
            </Col>
            <Col xs={24} lg={10}>
              <Card title={t('analytics.leaveStats')} style={{ height: '100%' }}>
                {totalLeaves ? (
                  data.leaveStats.map((l) => (
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
            </Col>
          </Row>
          <Row gutter={[16, 16]}>
            <Col xs={24} md={12} xl={8}>
              <Card title={t('analytics.health.title')} style={{ height: '100%' }}>
                <List
                  size="small"
                  dataSource={systemHealth(health, connected, t)}
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
              <Card title={t('analytics.recentActivity')} style={{ height: '100%' }}>
                <List
                  size="small"
                  dataSource={data.recentUsers}
                  renderItem={(u) => (
                    <List.Item
                      extra={
                        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                          {f.dayMonth(u.createdAt)}
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
                              {t(`shared.roles.${u.role}`)}
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
              <Card title={t('analytics.quickStats')} style={{ height: '100%' }}>
                <Row gutter={[12, 12]}>
                  {[
                    { label: t('analytics.totalGroups'), value: f.number(data.quickStats.totalGroups) },
                    { label: t('analytics.pendingLeaves'), value: f.number(data.quickStats.pendingLeaves) },
                    { label: t('analytics.totalStudents'), value: f.number(data.quickStats.totalStudents) },
                    {
                      label: t('analytics.avgPerformance'),
                      value: data.quickStats.studentsRated ? f.percent(data.quickStats.avgPerformance) : '—',
                      caption: data.quickStats.studentsRated
                        ? t('analytics.performanceCaption', { count: data.quickStats.studentsRated })
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
            </Col>
          </Row>
          <Card title={t('analytics.engagement')}>
            <Row gutter={[24, 16]} align="middle">
              <Col xs={24} md={6}>
                <Flex vertical align="center">
                  <Progress
                    type="dashboard"
                    aria-label={t('analytics.signedInRate', { period: within })}
                    percent={data.engagement.activityRate}
                  />
                  <Typography.Text>{t('analytics.signedInRate', { period: within })}</Typography.Text>
                </Flex>
              </Col>
              <Col xs={8} md={6}>
                <Typography.Text type="secondary">{t('analytics.mentorsSignedIn')}</Typography.Text>
                <Typography.Title level={3} style={{ margin: 0 }}>
                  {data.engagement.activeMentors}
                </Typography.Title>
              </Col>
              <Col xs={8} md={6}>
                <Typography.Text type="secondary">{t('analytics.menteesSignedIn')}</Typography.Text>
                <Typography.Title level={3} style={{ margin: 0 }}>
                  {data.engagement.activeMentees}
                </Typography.Title>
              </Col>
              <Col xs={8} md={6}>
                <Typography.Text type="secondary">{t('analytics.avgAttendance')}</Typography.Text>
                <Typography.Title level={3} style={{ margin: 0 }}>
                  {f.percent(data.engagement.avgAttendance)}
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
