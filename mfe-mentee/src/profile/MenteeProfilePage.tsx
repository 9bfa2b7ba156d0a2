import { Card, Col, Descriptions, Flex, Progress, Row, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import type { MenteeProfile } from '@portal/contracts';
import { useSession } from '@portal/web-core';
import { PageHeader } from '@portal/ui';
import {
  attendanceBand,
  AttendanceBandTag,
  AttendanceFigure,
  BAND_COLOR,
  hasRecordedDays,
  isLeaveEligible,
  MonthlyAttendanceChart,
} from '@portal/attendance';

const dash = (v: string | null | undefined) => (v ? v : '—');

/** A student's own profile: read-only (SPEC.md section 6). */
export function MenteeProfilePage() {
  const { user, profile } = useSession();
  const p = profile as MenteeProfile | null;
  if (!user || !p) return null;
  const a = p.attendance;
  const band = attendanceBand(a.percentage);
  return (
    <>
      <PageHeader
        title="My Profile"
        subtitle={`${p.studentId} · Class ${p.class}-${p.section}`}
        extra={<Tag>Read-only</Tag>}
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={16}>
          <Card title="Personal details">
            <Descriptions
              column={1} // label beside value, one pair a row: fits a phone (two columns needed ~640 px)
              size="small"
              bordered
              items={[
                { key: 'name', label: 'Full name', children: p.fullName },
                { key: 'email', label: 'Email', children: user.email },
                { key: 'phone', label: 'Phone', children: dash(p.phone) },
                { key: 'year', label: 'Academic year', children: dash(p.academicYear) },
                {
                  key: 'dob',
                  label: 'Date of birth',
                  children: p.dateOfBirth ? dayjs(p.dateOfBirth).format('MMM D, YYYY') : '—',
                },
                { key: 'blood', label: 'Blood group', children: dash(p.bloodGroup) },
                { key: 'address', label: 'Address', children: dash(p.address), span: 2 },
                { key: 'medical', label: 'Medical conditions', children: dash(p.medicalConditions), span: 2 },
                { key: 'hobbies', label: 'Hobbies', children: p.hobbies.length ? p.hobbies.join(', ') : '—', span: 2 },
                {
                  key: 'mentor',
                  label: 'Mentor',
                  children: p.mentorId ? `${p.mentorId.fullName} (${p.mentorId.department})` : 'No mentor assigned',
                  span: 2,
                },
              ]}
            />
          </Card>
          <Card title="Parent / guardian" style={{ marginTop: 16 }}>
            <Descriptions
              column={1}
              size="small"
              bordered
              items={[
                { key: 'f', label: 'Father', children: dash(p.parentInfo.fatherName) },
                { key: 'm', label: 'Mother', children: dash(p.parentInfo.motherName) },
                { key: 'p', label: 'Primary contact', children: dash(p.parentInfo.primaryContact) },
                { key: 's', label: 'Secondary contact', children: dash(p.parentInfo.secondaryContact) },
                { key: 'e', label: 'Email', children: dash(p.parentInfo.email) },
                { key: 'x', label: 'Emergency contact', children: dash(p.parentInfo.emergencyContact) },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card title="Attendance">
            <Flex vertical align="center" gap={12}>
              <Progress
                type="circle"
                aria-label="Your attendance"
                percent={a.percentage}
                format={hasRecordedDays(a) ? undefined : () => '—'}
                strokeColor={BAND_COLOR[band]}
              />
              <AttendanceBandTag attendance={a} />
              <Typography.Text style={{ textAlign: 'center' }}>
                {a.presentDays} present{a.lateDays ? ` (${a.lateDays} late)` : ''} · {a.absentDays} absent
                {a.leaveDays ? ` · ${a.leaveDays} on leave` : ''} · {a.totalDays} days
              </Typography.Text>
              <AttendanceFigure attendance={a} line />
              <Tag color={isLeaveEligible(a.percentage) ? 'green' : 'red'}>
                {isLeaveEligible(a.percentage) ? 'Eligible' : 'Not eligible'} for leave
              </Tag>
            </Flex>
            <Typography.Text strong style={{ display: 'block', margin: '20px 0 8px' }}>
              Last 12 months
            </Typography.Text>
            <MonthlyAttendanceChart history={p.attendanceHistory} />
          </Card>
        </Col>
      </Row>
    </>
  );
}
