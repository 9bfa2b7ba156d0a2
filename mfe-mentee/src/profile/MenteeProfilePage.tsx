import { Card, Col, Descriptions, Flex, Progress, Row, Tag, Typography } from 'antd';
import type { MenteeProfile } from '@portal/contracts';
import { useFormat, useSession } from '@portal/web-core';
import { useMenteeT } from '../i18n';
import { MyDataCard } from './MyDataCard';
import { WhoViewedMe } from './WhoViewedMe';
import { PageHeader } from '@portal/ui';
import {
  attendanceBand,
  AttendanceBandTag,
  AttendanceFigure,
  BAND_COLOR,
  hasRecordedDays,
  LeaveEligibilityTag,
  MonthlyAttendanceChart,
} from '@portal/attendance';

const dash = (v: string | null | undefined) => (v ? v : '—');

/** A student's own profile: read-only (SPEC.md section 6). */
export function MenteeProfilePage() {
  const { user, profile } = useSession();
  const { t } = useMenteeT();
  const f = useFormat();
  const p = profile as MenteeProfile | null;
  if (!user || !p) return null;
  const a = p.attendance;
  const band = attendanceBand(a.percentage);
  return (
    <>
      <PageHeader
        title={t('profile.title')}
        subtitle={t('profile.subtitle', { studentId: p.studentId, class: p.class, section: p.section })}
        extra={<Tag>{t('profile.readOnly')}</Tag>}
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={16}>
          <Card title={t('profile.personal')}>
            <Descriptions
              column={1} // label beside value, one pair a row: fits a phone (two columns needed ~640 px)
              size="small"
              bordered
              items={[
                { key: 'name', label: t('profile.fullName'), children: p.fullName },
                { key: 'email', label: t('profile.email'), children: user.email },
                { key: 'phone', label: t('profile.phone'), children: dash(p.phone) },
                { key: 'year', label: t('profile.year'), children: dash(p.academicYear) },
                {
                  key: 'dob',
                  label: t('profile.dob'),
                  children: p.dateOfBirth ? f.date(p.dateOfBirth) : '—',
                },
                { key: 'blood', label: t('profile.blood'), children: dash(p.bloodGroup) },
                { key: 'address', label: t('profile.address'), children: dash(p.address), span: 2 },
                { key: 'medical', label: t('profile.medical'), children: dash(p.medicalConditions), span: 2 },
                {
                  key: 'hobbies',
                  label: t('profile.hobbies'),
                  children: p.hobbies.length ? p.hobbies.join(', ') : '—',
                  span: 2,
                },
                {
                  key: 'mentor',
                  label: t('profile.mentor'),
                  children: p.mentorId ? `${p.mentorId.fullName} (${p.mentorId.department})` : t('profile.noMentor'),
                  span: 2,
                },
              ]}
            />
          </Card>
          <Card title={t('profile.guardian')} style={{ marginTop: 16 }}>
            <Descriptions
              column={1}
              size="small"
              bordered
              items={[
                { key: 'f', label: t('profile.father'), children: dash(p.parentInfo.fatherName) },
                { key: 'm', label: t('profile.mother'), children: dash(p.parentInfo.motherName) },
                { key: 'p', label: t('profile.primary'), children: dash(p.parentInfo.primaryContact) },
                { key: 's', label: t('profile.secondary'), children: dash(p.parentInfo.secondaryContact) },
                { key: 'e', label: t('profile.email'), children: dash(p.parentInfo.email) },
                { key: 'x', label: t('profile.emergency'), children: dash(p.parentInfo.emergencyContact) },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card title={t('profile.attendance')}>
            <Flex vertical align="center" gap={12}>
              <Progress
                type="circle"
                aria-label={t('profile.yourAttendance')}
                percent={a.percentage}
                format={hasRecordedDays(a) ? undefined : () => '—'}
                strokeColor={BAND_COLOR[band]}
              />
              <AttendanceBandTag attendance={a} />
              <Typography.Text style={{ textAlign: 'center' }}>
                {t('profile.present', { count: a.presentDays })}
                {a.lateDays ? t('profile.late', { count: a.lateDays }) : ''} ·{' '}
                {t('profile.absent', { count: a.absentDays })}
                {a.leaveDays ? t('profile.onLeave', { count: a.leaveDays }) : ''} ·{' '}
                {t('profile.days', { count: a.totalDays })}
              </Typography.Text>
              <AttendanceFigure attendance={a} line />
              <LeaveEligibilityTag attendance={a} />
            </Flex>
            <Typography.Text strong style={{ display: 'block', margin: '20px 0 8px' }}>
              {t('profile.lastYear')}
            </Typography.Text>
            <MonthlyAttendanceChart history={p.attendanceHistory} />
          </Card>
          <MyDataCard />
          <WhoViewedMe />
        </Col>
      </Row>
    </>
  );
}
