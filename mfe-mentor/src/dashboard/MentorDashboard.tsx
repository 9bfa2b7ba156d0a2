import { AlertOutlined, MessageOutlined, ScheduleOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Col, Flex, Progress, Row, Skeleton } from 'antd';
import { Suspense, useState } from 'react';
import { type AttendanceSummary, type DashboardMentee, formatConversationId } from '@portal/contracts';
import { lazyPage, useNavigate, useSession } from '@portal/web-core';
import { EmptyState, ItemList, ItemRow, LoadError, PageHeader, Panel, StatCard, Text } from '@portal/ui';
import { RecentLeaves } from '@portal/leaves';
import { AttendanceFigure, attendanceBand, BAND_COLOR, hasRecordedDays, NO_ATTENDANCE_TEXT } from '@portal/attendance';
import { lastContactText, useLastContactsQuery } from '@portal/people';
import { useMentorDashboardQuery } from './dashboardApi';
import { FollowUpQueue } from './FollowUpQueue';

function AttendanceBar({ attendance, name }: { attendance: AttendanceSummary; name: string }) {
  const { percentage } = attendance;
  if (!hasRecordedDays(attendance))
    return (
      <Text type="secondary" style={{ width: 140, fontSize: 12 }}>
        {NO_ATTENDANCE_TEXT}
      </Text>
    );
  return (
    <Flex vertical style={{ width: 140 }}>
      <Progress
        aria-label={`Attendance of ${name}`}
        percent={percentage}
        size="small"
        strokeColor={BAND_COLOR[attendanceBand(percentage)]}
        style={{ width: 140, margin: 0 }}
      />
      <AttendanceFigure attendance={attendance} line />
    </Flex>
  );
}

const StudentDetails = lazyPage(() => import('./MentorDashboardDialogs'), 'StudentDetails');
const MenteesDialog = lazyPage(() => import('./MentorDashboardDialogs'), 'MenteesDialog');

export function MentorDashboard() {
  const navigate = useNavigate();
  const { user } = useSession();
  const { data, isLoading, error, refetch } = useMentorDashboardQuery();
  const { data: contacts } = useLastContactsQuery();
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
  if (error || !data) return <LoadError title="Failed to load dashboard data" onRetry={refetch} />;

  const menteeRow = (m: DashboardMentee) => (
    <ItemRow
      avatar={<Avatar style={{ background: '#10B981' }}>{m.fullName.charAt(0)}</Avatar>}
      title={m.fullName}
      description={`${m.studentId} · Class ${m.class}-${m.section}${contacts ? ` · ${lastContactText(contacts[m._id])}` : ''}`}
    >
      <AttendanceBar attendance={m.attendance} name={m.fullName} />
      <Flex gap={8}>
        <Button size="small" onClick={() => openDetails(m)}>
          View Details
        </Button>
        {/* A default button: the ghost primary's brand-blue text was 3.5:1 on the dark card. */}
        <Button
          size="small"
          icon={<MessageOutlined />}
          onClick={() => navigate(`/chat/${formatConversationId({ type: 'individual', id: m._id })}`)}
        >
          Chat
        </Button>
      </Flex>
    </ItemRow>
  );

  return (
    <>
      <PageHeader title={`Welcome, ${user?.fullName ?? 'Mentor'}`} subtitle="Your mentees at a glance" />
      <Flex vertical gap={20}>
        <FollowUpQueue />
        <Row gutter={[16, 16]}>
          <Col xs={24} sm={12} xl={6}>
            <StatCard
              testId="card-total-mentees"
              title="Total Mentees"
              value={data.totalMentees}
              icon={<UserOutlined />}
              color="#3B82F6"
              onClick={openMentees}
            />
          </Col>
          <Col xs={24} sm={12} xl={6}>
            <StatCard
              testId="card-active-groups"
              title="Active Groups"
              value={data.totalGroups}
              icon={<TeamOutlined />}
              color="#8B5CF6"
              onClick={() => navigate('/groups')}
            />
          </Col>
          <Col xs={24} sm={12} xl={6}>
            <StatCard
              testId="card-pending-leaves"
              title="Pending Leaves"
              value={data.pendingLeaves}
              icon={<ScheduleOutlined />}
              color="#F59E0B"
              onClick={() => navigate('/leaves')}
            />
          </Col>
          <Col xs={24} sm={12} xl={6}>
            <StatCard
              testId="card-grievances"
              title="Grievances"
              value={data.totalGrievances}
              icon={<AlertOutlined />}
              color="#EF4444"
              onClick={() => navigate('/grievances')}
              hint={`${data.openGrievances} open`}
            />
          </Col>
        </Row>
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={10}>
            <Panel title="Recent Leave Requests" style={{ height: '100%' }}>
              <RecentLeaves leaves={data.recentLeaves} />
            </Panel>
          </Col>
          <Col xs={24} lg={14}>
            <Panel
              title="My Mentees"
              extra={
                <Button type="link" onClick={() => navigate('/profile')}>
                  View All Details
                </Button>
              }
              style={{ height: '100%' }}
            >
              {data.mentees.length ? (
                <ItemList items={data.mentees.slice(0, 6)} rowKey={(m) => m._id} renderItem={menteeRow} />
              ) : (
                <EmptyState title="No Mentees Yet" description="Contact your administrator to get mentees assigned." />
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
