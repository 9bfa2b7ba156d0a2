import { CalendarOutlined, QuestionOutlined, TeamOutlined } from '@ant-design/icons';
import { Button, Col, Flex, Row, Skeleton } from 'antd';
import type { GuardianChild } from '@portal/contracts';
import {
  ATTENDANCE_STATUS_COLOR,
  AttendanceBandTag,
  AttendanceFigure,
  attendanceBand,
  BAND_COLOR,
  hasRecordedDays,
  LeaveEligibilityTag,
  useAttendanceStatusLabel,
} from '@portal/attendance';
import { LoadError, PageHeader, StatCard } from '@portal/ui';
import { useFormat, useNavigate, useScreens, useSession } from '@portal/web-core';
import { STATUS_ICON } from '../attendance/statusIcons';
import { ChildArea } from '../children/ChildArea';
import { useChildAttendanceQuery } from '../guardianApi';
import { useGuardianT } from '../i18n';

const ATTENDANCE_PATH = '/children/attendance';
const UNMARKED = '#64748B';

/** One child at a glance: today's mark, their attendance and leave eligibility, and their mentor. */
function ChildSummary({ child }: { child: GuardianChild }) {
  const { t } = useGuardianT();
  const f = useFormat();
  const navigate = useNavigate();
  const phone = useScreens().sm === false;
  const statusLabel = useAttendanceStatusLabel();
  // No month: the school's current one, as the server's today has it (the Attendance page opens on the same answer).
  const { currentData: data, isLoading, error, refetch } = useChildAttendanceQuery({ childId: child._id });
  if (isLoading || (!data && !error)) return <Skeleton active paragraph={{ rows: 5 }} />;
  if (error || !data) return <LoadError title={t('dashboard.loadFailed')} onRetry={refetch} />;
  const { today, summary } = data;
  const recorded = hasRecordedDays(summary);
  return (
    <Flex vertical gap={16}>
      <Row gutter={[16, 16]}>
        <Col xs={24} sm={12} lg={8}>
          <StatCard
            testId="card-today"
            title={t('dashboard.today')}
            value={today.status ? statusLabel(today.status) : t('dashboard.notMarked')}
            icon={today.status ? STATUS_ICON[today.status] : <QuestionOutlined aria-hidden />}
            color={today.status ? ATTENDANCE_STATUS_COLOR[today.status] : UNMARKED}
            hint={f.weekdayDate(today.date)}
          />
        </Col>
        <Col xs={24} sm={12} lg={8}>
          <StatCard
            testId="card-attendance"
            title={t('dashboard.attendance')}
            value={recorded ? f.percent(summary.percentage) : '—'}
            icon={<CalendarOutlined aria-hidden />}
            color={recorded ? BAND_COLOR[attendanceBand(summary.percentage)] : UNMARKED}
            hint={
              // The words a student reads on their own dashboard and profile: the band, then whether leave is allowed.
              <>
                <span style={{ display: 'block', marginTop: 4 }}>
                  <AttendanceBandTag attendance={summary} />
                  <LeaveEligibilityTag attendance={summary} />
                </span>
                {recorded && (
                  <span style={{ display: 'block' }}>
                    {t('dashboard.days', { present: summary.presentDays, total: summary.totalDays })}
                  </span>
                )}
                <AttendanceFigure attendance={summary} line />
              </>
            }
            onClick={() => navigate(ATTENDANCE_PATH)}
          />
        </Col>
        <Col xs={24} sm={12} lg={8}>
          <StatCard
            testId="card-mentor"
            title={t('dashboard.mentor')}
            value={child.mentor ? child.mentor.fullName : t('dashboard.noMentor')}
            icon={<TeamOutlined aria-hidden />}
            color="#7C3AED"
            hint={
              child.mentor &&
              (child.mentor.officeHours.trim()
                ? t('dashboard.officeHours', { hours: child.mentor.officeHours })
                : t('dashboard.noOfficeHours'))
            }
          />
        </Col>
      </Row>
      <div>
        <Button
          type="primary"
          icon={<CalendarOutlined aria-hidden />}
          block={phone}
          onClick={() => navigate(ATTENDANCE_PATH)}
        >
          {t('dashboard.viewAttendance')}
        </Button>
      </div>
    </Flex>
  );
}

/** The guardian's home: their chosen child's day, attendance and mentor. */
export function GuardianDashboard() {
  const { user } = useSession();
  const { t } = useGuardianT();
  return (
    <>
      <PageHeader
        title={t('dashboard.hello', { name: user?.fullName ?? t('dashboard.guardian') })}
        subtitle={t('dashboard.subtitle')}
      />
      <ChildArea>{(child) => <ChildSummary key={child._id} child={child} />}</ChildArea>
    </>
  );
}
