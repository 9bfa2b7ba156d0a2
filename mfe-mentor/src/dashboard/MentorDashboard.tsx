import { AlertOutlined, MessageOutlined, ScheduleOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Avatar, Button, Card, Col, Descriptions, Flex, List, Modal, Progress, Row, Skeleton, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import type { DashboardMentee } from '@portal/contracts';
import { absentDays, attendanceBand, BAND_COLOR, BAND_TAG, BAND_LABEL, isLeaveEligible, useMentorDashboardQuery, useSession, useNavigate } from '@portal/kit';
import { EmptyState, MonthlyAttendanceChart, PageHeader, RecentLeaves, StatCard, useMenteeDetailsQuery } from '@portal/kit/workflows';

function AttendanceBar({ percentage }: { percentage: number }) {
  return <Progress percent={percentage} size="small" strokeColor={BAND_COLOR[attendanceBand(percentage)]} style={{ width: 140, margin: 0 }} />;
}

function StudentDetails({ mentee, onClose }: { mentee: DashboardMentee | null; onClose: () => void }) {
  const details = useMenteeDetailsQuery(mentee?._id ?? '', { skip: !mentee });
  useEffect(() => {
    // SPEC.md section 8: a failed fetch is only logged; the summary passed in stays on screen.
    if (details.error) console.error('Student details could not be loaded', details.error);
  }, [details.error]);
  const a = details.data?.attendance ?? mentee?.attendance;
  return (
    <Modal open={!!mentee} onCancel={onClose} footer={<Button onClick={onClose}>Close</Button>} title={mentee?.fullName} width={640}>
      {mentee && a && (
        <Flex vertical gap={16}>
          <Descriptions column={2} size="small" bordered items={[
            { key: 'id', label: 'Student ID', children: mentee.studentId },
            { key: 'class', label: 'Class', children: `${mentee.class}-${mentee.section}` },
            { key: 'email', label: 'Email', children: mentee.email },
            { key: 'phone', label: 'Phone', children: mentee.phone || '—' },
          ]} />
          <Card size="small" title="Attendance">
            <Flex align="center" gap={24} wrap>
              <Progress type="circle" percent={a.percentage} size={96} strokeColor={BAND_COLOR[attendanceBand(a.percentage)]} />
              <Flex vertical gap={4}>
                <Typography.Text>Present days: <b>{a.presentDays}</b></Typography.Text>
                <Typography.Text>Absent days: <b>{absentDays(a.totalDays, a.presentDays)}</b></Typography.Text>
                <Typography.Text>School days recorded: <b>{a.totalDays}</b></Typography.Text>
                <span>
                  <Tag color={BAND_TAG[attendanceBand(a.percentage)]}>{BAND_LABEL[attendanceBand(a.percentage)]}</Tag>
                  <Tag color={isLeaveEligible(a.percentage) ? 'green' : 'red'}>{isLeaveEligible(a.percentage) ? 'Eligible' : 'Not eligible'} for leave</Tag>
                </span>
              </Flex>
            </Flex>
          </Card>
          <Card size="small" title="Monthly attendance (last 12 months)">
            {details.isLoading ? <Skeleton active paragraph={{ rows: 3 }} /> : <MonthlyAttendanceChart history={details.data?.attendanceHistory ?? []} />}
          </Card>
        </Flex>
      )}
    </Modal>
  );
}

export function MentorDashboard() {
  const navigate = useNavigate();
  const { user } = useSession();
  const { data, isLoading, error, refetch } = useMentorDashboardQuery();
  const [details, setDetails] = useState<DashboardMentee | null>(null);
  const [menteesOpen, setMenteesOpen] = useState(false);

  if (isLoading) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (error || !data) return <Alert type="error" showIcon title="Failed to load dashboard data" action={<Button onClick={() => refetch()}>Retry</Button>} />;

  const menteeRow = (m: DashboardMentee) => (
    <List.Item actions={[
      <Button key="details" size="small" onClick={() => setDetails(m)}>View Details</Button>,
      <Button key="chat" size="small" type="primary" ghost icon={<MessageOutlined />} onClick={() => navigate(`/chat/individual_${m._id}`)}>Chat</Button>,
    ]}>
      <List.Item.Meta avatar={<Avatar style={{ background: '#10B981' }}>{m.fullName.charAt(0)}</Avatar>} title={m.fullName}
        description={`${m.studentId} · Class ${m.class}-${m.section}`} />
      <AttendanceBar percentage={m.attendance.percentage} />
    </List.Item>
  );

  return (
    <>
      <PageHeader title={`Welcome, ${user?.fullName ?? 'Mentor'}`} subtitle="Your mentees at a glance" />
      <Flex vertical gap={20}>
        <Row gutter={[16, 16]}>
          <Col xs={24} sm={12} xl={6}><StatCard testId="card-total-mentees" title="Total Mentees" value={data.totalMentees} icon={<UserOutlined />} color="#3B82F6" onClick={() => setMenteesOpen(true)} /></Col>
          <Col xs={24} sm={12} xl={6}><StatCard testId="card-active-groups" title="Active Groups" value={data.totalGroups} icon={<TeamOutlined />} color="#8B5CF6" onClick={() => navigate('/groups')} /></Col>
          <Col xs={24} sm={12} xl={6}><StatCard testId="card-pending-leaves" title="Pending Leaves" value={data.pendingLeaves} icon={<ScheduleOutlined />} color="#F59E0B" onClick={() => navigate('/leaves')} /></Col>
          <Col xs={24} sm={12} xl={6}><StatCard testId="card-grievances" title="Grievances" value={data.totalGrievances} icon={<AlertOutlined />} color="#EF4444" onClick={() => navigate('/grievances')}
            hint={`${data.openGrievances} open`} /></Col>
        </Row>
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={10}>
            <Card title="Recent Leave Requests" style={{ height: '100%' }}><RecentLeaves leaves={data.recentLeaves} /></Card>
          </Col>
          <Col xs={24} lg={14}>
            <Card title="My Mentees" extra={<Button type="link" onClick={() => navigate('/profile')}>View All Details</Button>} style={{ height: '100%' }}>
              {data.mentees.length ? (
                <List dataSource={data.mentees.slice(0, 6)} renderItem={menteeRow} />
              ) : (
                <EmptyState title="No Mentees Yet" description="Contact your administrator to get mentees assigned." />
              )}
            </Card>
          </Col>
        </Row>
      </Flex>
      <Modal open={menteesOpen} onCancel={() => setMenteesOpen(false)} footer={null} title="My Mentees" width={760}>
        {data.mentees.length ? <List dataSource={data.mentees} renderItem={menteeRow} style={{ maxHeight: '60vh', overflow: 'auto' }} />
          : <EmptyState title="No Mentees Yet" description="Contact your administrator to get mentees assigned." />}
      </Modal>
      <StudentDetails mentee={details} onClose={() => setDetails(null)} />
    </>
  );
}
