import { AlertOutlined, MessageOutlined, ScheduleOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Col, Flex, Row, Skeleton, theme } from 'antd';
import { Suspense, useState } from 'react';
import { type AttendanceSummary, type DashboardMentee, formatConversationId } from '@portal/contracts';
import { lazyPage, useFormat, useNavigate, useSession } from '@portal/web-core';
import { EmptyState, ItemList, ItemRow, LoadError, PageHeader, Panel, StatCard, Text, ColourAvatar } from '@portal/ui';
import { RecentLeaves } from '@portal/leaves';
import { AttendanceFigure, attendanceBand, BAND_COLOR, hasRecordedDays, useNoAttendanceText } from '@portal/attendance';
import { lastContactText, useFollowUpQueueQuery, useLastContactsQuery } from '@portal/people';
import { useMentorDashboardQuery } from './dashboardApi';
import { FollowUpQueue } from './FollowUpQueue';
import { FamilyAnswers } from './FamilyAnswers';
import { useMentorT } from '../i18n';

function AttendanceBar({ attendance, name }: { attendance: AttendanceSummary; name: string }) {
  const { t } = useMentorT();
  const f = useFormat();
  const { token } = theme.useToken();
  const noAttendance = useNoAttendanceText();
  const { percentage } = attendance;
  if (!hasRecordedDays(attendance))
    return (
      <Text type="secondary" style={{ width: 140, fontSize: 12 }}>
        {noAttendance}
      </Text>
    );
  return (
    <Flex vertical style={{ width: 140 }}>
      {/* Drawn from theme tokens: antd's Progress, with its circle and dashboard variants, for one thin bar. */}
      <Flex
        align="center"
        gap={8}
        role="meter"
        aria-label={t('dashboard.attendanceOf', { name })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percentage}
        aria-valuetext={f.percent(percentage)}
      >
        <div style={{ flex: 1, height: 6, borderRadius: 3, background: token.colorFillSecondary, overflow: 'hidden' }}>
          <div
            style={{
              width: `${Math.min(100, Math.max(0, percentage))}%`,
              height: '100%',
              borderRadius: 3,
              background: BAND_COLOR[attendanceBand(percentage)],
            }}
          />
        </div>
        <Text style={{ fontSize: 12, minWidth: 34, textAlign: 'end' }} aria-hidden>
          {f.percent(percentage)}
        </Text>
      </Flex>
      <AttendanceFigure attendance={attendance} line />
    </Flex>
  );
}

const StudentDetails = lazyPage(() => import('./MentorDashboardDialogs'), 'StudentDetails');
const MenteesDialog = lazyPage(() => import('./MentorDashboardDialogs'), 'MenteesDialog');

export function MentorDashboard() {
  const { t } = useMentorT();
  const f = useFormat();
  const navigate = useNavigate();
  const { user } = useSession();
  const { data, isLoading, error, refetch } = useMentorDashboardQuery();
  const { data: contacts } = useLastContactsQuery();
  // Asked for now, with the figures and the contacts: FollowUpQueue, which shows it, renders only once the figures are
  // in, and would ask a round trip later (the same cached request; bench/page-load.mjs).
  useFollowUpQueueQuery();
  const [details, setDetails] = useState<DashboardMentee | null>(null);
  const [menteesOpen, setMenteesOpen] = useState(false);
  const [dialogsUsed, setDialogsUsed] = useState(false); // mounted from the first open on, so closing animates
  const openDetails = (m: DashboardMentee) => {
    setDetails(m);
    setDialogsUsed(true);
  };
  const openMentees = () => {
    setMenteesOpen(true);
    setDialogsUsed(true);
  };

  if (isLoading) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (error || !data) return <LoadError title={t('dashboard.loadFailed')} onRetry={refetch} />;

  const menteeRow = (m: DashboardMentee) => (
    <ItemRow
      avatar={<ColourAvatar color="#10B981">{m.fullName.charAt(0)}</ColourAvatar>}
      title={m.fullName}
      description={`${t('dashboard.menteeLine', { studentId: m.studentId, class: m.class, section: m.section })}${contacts ? ` · ${lastContactText(contacts[m._id])}` : ''}`}
    >
      <AttendanceBar attendance={m.attendance} name={m.fullName} />
      <Flex gap={8}>
        <Button size="small" onClick={() => openDetails(m)}>
          {t('dashboard.viewDetails')}
        </Button>
        {/* A default button: the ghost primary's brand-blue text was 3.5:1 on the dark card. */}
        <Button
          size="small"
          icon={<MessageOutlined aria-hidden />}
          onClick={() => navigate(`/chat/${formatConversationId({ type: 'individual', id: m._id })}`)}
        >
          {t('dashboard.chat')}
        </Button>
      </Flex>
    </ItemRow>
  );

  return (
    <>
      <PageHeader
        title={t('dashboard.welcome', { name: user?.fullName ?? t('dashboard.mentor') })}
        subtitle={t('dashboard.subtitle')}
      />
      <Flex vertical gap={20}>
        <FamilyAnswers />
        <FollowUpQueue />
        <Row gutter={[16, 16]}>
          <Col xs={24} sm={12} xl={6}>
            <StatCard
              testId="card-total-mentees"
              title={t('dashboard.totalMentees')}
              value={data.totalMentees}
              icon={<UserOutlined aria-hidden />}
              color="#3B82F6"
              onClick={openMentees}
            />
          </Col>
          <Col xs={24} sm={12} xl={6}>
            <StatCard
              testId="card-active-groups"
              title={t('dashboard.activeGroups')}
              value={data.totalGroups}
              icon={<TeamOutlined aria-hidden />}
              color="#8B5CF6"
              onClick={() => navigate('/groups')}
            />
          </Col>
          <Col xs={24} sm={12} xl={6}>
            <StatCard
              testId="card-pending-leaves"
              title={t('dashboard.pendingLeaves')}
              value={data.pendingLeaves}
              icon={<ScheduleOutlined aria-hidden />}
              color="#F59E0B"
              onClick={() => navigate('/leaves')}
            />
          </Col>
          <Col xs={24} sm={12} xl={6}>
            <StatCard
              testId="card-grievances"
              title={t('dashboard.grievances')}
              value={data.totalGrievances}
              icon={<AlertOutlined aria-hidden />}
              color="#EF4444"
              onClick={() => navigate('/grievances')}
              hint={t('dashboard.openCount', { open: f.number(data.openGrievances) })}
            />
          </Col>
        </Row>
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={10}>
            <Panel title={t('dashboard.recentLeaves')} style={{ height: '100%' }}>
              <RecentLeaves leaves={data.recentLeaves} />
            </Panel>
          </Col>
          <Col xs={24} lg={14}>
            <Panel
              title={t('dashboard.myMentees')}
              extra={
                <Button type="link" onClick={() => navigate('/profile')}>
                  {t('dashboard.viewAll')}
                </Button>
              }
              style={{ height: '100%' }}
            >
              {data.mentees.length ? (
                <ItemList items={data.mentees.slice(0, 6)} rowKey={(m) => m._id} renderItem={menteeRow} />
              ) : (
                <EmptyState title={t('dashboard.noMentees')} description={t('dashboard.noMenteesHelp')} />
              )}
            </Panel>
          </Col>
        </Row>
      </Flex>
      {dialogsUsed && (
        <Suspense fallback={null}>
          <MenteesDialog
            open={menteesOpen}
            mentees={data.mentees}
            renderItem={menteeRow}
            onClose={() => setMenteesOpen(false)}
          />
          <StudentDetails mentee={details} onClose={() => setDetails(null)} />
        </Suspense>
      )}
    </>
  );
}
