import { AlertOutlined, CalendarOutlined, NotificationOutlined, ScheduleOutlined } from '@ant-design/icons';
import { Col, Flex, Row, Skeleton } from 'antd';
import { useNavigate, useSession } from '@portal/web-core';
import { LoadError, PageHeader, Panel, StatCard } from '@portal/ui';
import { RecentLeaves } from '@portal/leaves';
import {
  AttendanceFigure,
  attendanceBand,
  BAND_COLOR,
  BAND_LABEL,
  hasRecordedDays,
  NO_ATTENDANCE_TEXT,
} from '@portal/attendance';
import { AnnouncementsFeed } from '@portal/announcements';
import { useMenteeDashboardQuery } from './dashboardApi';

export function MenteeDashboard() {
  const navigate = useNavigate();
  const { user } = useSession();
  const { data, isLoading, error, refetch } = useMenteeDashboardQuery();
  if (isLoading) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (error || !data) return <LoadError title="Failed to load dashboard data" onRetry={refetch} />;
  const band = attendanceBand(data.attendancePercentage);
  const recorded = hasRecordedDays(data.attendance);
  return (
    <>
      <PageHeader
        title={`Hello, ${user?.fullName ?? 'Student'}`}
        subtitle={
          data.mentor ? `Your mentor: ${data.mentor.fullName} (${data.mentor.department})` : 'No mentor assigned yet'
        }
      />
      <Flex vertical gap={20}>
        <Row gutter={[16, 16]}>
          <Col xs={24} md={8}>
            <StatCard
              testId="card-attendance"
              title="Attendance"
              value={recorded ? `${data.attendancePercentage}%` : '—'}
              icon={<CalendarOutlined />}
              color={recorded ? BAND_COLOR[band] : '#64748B'}
              hint={
                recorded ? (
                  <>
                    {BAND_LABEL[band]} · {data.attendance.presentDays}/{data.attendance.totalDays} days
                    <AttendanceFigure attendance={data.attendance} line />
                  </>
                ) : (
                  NO_ATTENDANCE_TEXT
                )
              }
              onClick={() => navigate('/profile')}
            />
          </Col>
          <Col xs={24} md={8}>
            <StatCard
              testId="card-grievances"
              title="Grievances"
              value={data.totalGrievances}
              icon={<AlertOutlined />}
              color="#EF4444"
              onClick={() => navigate('/grievances')}
            />
          </Col>
          <Col xs={24} md={8}>
            <StatCard
              testId="card-leaves"
              title="Leaves Status"
              value={`${data.pendingLeaves} pending`}
              icon={<ScheduleOutlined />}
              color="#F59E0B"
              hint={`${data.approvedLeaves} approved`}
              onClick={() => navigate('/leaves')}
            />
          </Col>
        </Row>
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={10}>
            <Panel title="Recent Leave Requests" style={{ height: '100%' }}>
              <RecentLeaves leaves={data.recentLeaves} showMentee={false} />
            </Panel>
          </Col>
          <Col xs={24} lg={14}>
            <Panel
              title={
                <Flex gap={8} align="center">
                  <NotificationOutlined /> Announcements
                </Flex>
              }
              style={{ height: '100%' }}
            >
              <AnnouncementsFeed />
            </Panel>
          </Col>
        </Row>
      </Flex>
    </>
  );
}
