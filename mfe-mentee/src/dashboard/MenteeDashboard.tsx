import { AlertOutlined, CalendarOutlined, NotificationOutlined, ScheduleOutlined } from '@ant-design/icons';
import { Col, Flex, Row, Skeleton } from 'antd';
import { useFormat, useNavigate, useSession } from '@portal/web-core';
import { LoadError, PageHeader, Panel, StatCard } from '@portal/ui';
import { RecentLeaves } from '@portal/leaves';
import {
  AttendanceFigure,
  attendanceBand,
  BAND_COLOR,
  hasRecordedDays,
  useAttendanceBandLabel,
  useNoAttendanceText,
} from '@portal/attendance';
import { AnnouncementsFeed } from '@portal/announcements';
import { useMenteeT } from '../i18n';
import { useMenteeDashboardQuery } from './dashboardApi';

export function MenteeDashboard() {
  const navigate = useNavigate();
  const { user } = useSession();
  const { t } = useMenteeT();
  const bandLabel = useAttendanceBandLabel();
  const noAttendance = useNoAttendanceText();
  const f = useFormat();
  const { data, isLoading, error, refetch } = useMenteeDashboardQuery();
  if (isLoading) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (error || !data) return <LoadError title={t('dashboard.loadFailed')} onRetry={refetch} />;
  const band = attendanceBand(data.attendancePercentage);
  const recorded = hasRecordedDays(data.attendance);
  return (
    <>
      <PageHeader
        title={t('dashboard.hello', { name: user?.fullName ?? t('dashboard.student') })}
        subtitle={
          data.mentor
            ? t('dashboard.yourMentor', { name: data.mentor.fullName, department: data.mentor.department })
            : t('dashboard.noMentor')
        }
      />
      <Flex vertical gap={20}>
        <Row gutter={[16, 16]}>
          <Col xs={24} md={8}>
            <StatCard
              testId="card-attendance"
              title={t('dashboard.attendance')}
              value={recorded ? f.percent(data.attendancePercentage) : '—'}
              icon={<CalendarOutlined aria-hidden />}
              color={recorded ? BAND_COLOR[band] : '#64748B'}
              hint={
                recorded ? (
                  <>
                    {bandLabel(band)} ·{' '}
                    {t('dashboard.days', { present: data.attendance.presentDays, total: data.attendance.totalDays })}
                    <AttendanceFigure attendance={data.attendance} line />
                  </>
                ) : (
                  noAttendance
                )
              }
              onClick={() => navigate('/profile')}
            />
          </Col>
          <Col xs={24} md={8}>
            <StatCard
              testId="card-grievances"
              title={t('dashboard.grievances')}
              value={f.number(data.totalGrievances)}
              icon={<AlertOutlined aria-hidden />}
              color="#EF4444"
              onClick={() => navigate('/grievances')}
            />
          </Col>
          <Col xs={24} md={8}>
            <StatCard
              testId="card-leaves"
              title={t('dashboard.leavesStatus')}
              value={t('dashboard.pending', { count: data.pendingLeaves })}
              icon={<ScheduleOutlined aria-hidden />}
              color="#F59E0B"
              hint={t('dashboard.approved', { count: data.approvedLeaves })}
              onClick={() => navigate('/leaves')}
            />
          </Col>
        </Row>
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={10}>
            <Panel title={t('dashboard.recentLeaves')} style={{ height: '100%' }}>
              <RecentLeaves leaves={data.recentLeaves} showMentee={false} />
            </Panel>
          </Col>
          <Col xs={24} lg={14}>
            <Panel
              title={
                <Flex gap={8} align="center">
                  <NotificationOutlined aria-hidden /> {t('dashboard.announcements')}
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
