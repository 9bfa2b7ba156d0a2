import { CheckOutlined, ClockCircleOutlined, CloseOutlined, ScheduleOutlined, SearchOutlined } from '@ant-design/icons';
import { Card, Col, Flex, Row, Typography } from 'antd';
import { ATTENDANCE_STATUSES, type AttendanceStatus, type MenteeRecord } from '@portal/contracts';
import { useFormat, useScreens } from '@portal/web-core';
import { StatCard } from '@portal/ui';
import { useAdminT } from '../i18n';

/** The day's figures: every student, each status as marked, and those not marked; no figure until `loaded`. */
export function DayTiles({
  students,
  marks,
  loaded,
}: {
  students: MenteeRecord[];
  marks: Record<string, AttendanceStatus>;
  loaded: boolean;
}) {
  const { t } = useAdminT();
  const f = useFormat();
  const counts = Object.fromEntries(
    ATTENDANCE_STATUSES.map((st) => [st, students.filter((s) => marks[s._id] === st).length]),
  ) as Record<AttendanceStatus, number>;
  const marked = ATTENDANCE_STATUSES.reduce((n, st) => n + counts[st], 0);
  const count = (n: number) => (loaded ? f.number(n) : '—');
  const { sm } = useScreens();
  if (sm === false)
    // A phone: the figures in a few lines, so that the register (what the admin came for) starts on the first screen.
    return (
      <Card size="small" aria-label={t('attendance.tiles.summary')} role="region">
        <Flex wrap gap="4px 16px">
          {(
            [
              ['tile-total', 'total', students.length],
              ['tile-present', 'present', counts.present],
              ['tile-late', 'late', counts.late],
              ['tile-absent', 'absent', counts.absent],
              ['tile-leave', 'leave', counts.leave],
              ['tile-unmarked', 'unmarked', students.length - marked],
            ] as const
          ).map(([testId, key, n]) => (
            <span key={key} data-testid={testId}>
              <Typography.Text type="secondary">{t(`attendance.tiles.${key}`)}</Typography.Text>{' '}
              <Typography.Text strong>{count(n)}</Typography.Text>
            </span>
          ))}
        </Flex>
      </Card>
    );
  return (
    <Row gutter={[16, 16]}>
      <Col xs={12} sm={8} xl={4}>
        <StatCard
          title={t('attendance.tiles.total')}
          value={count(students.length)}
          icon={<SearchOutlined aria-hidden />}
          color="#3B82F6"
        />
      </Col>
      <Col xs={12} sm={8} xl={4}>
        <StatCard
          title={t('attendance.tiles.present')}
          value={count(counts.present)}
          icon={<CheckOutlined aria-hidden />}
          color="#10B981"
        />
      </Col>
      <Col xs={12} sm={8} xl={4}>
        <StatCard
          testId="tile-late"
          title={t('attendance.tiles.late')}
          value={count(counts.late)}
          icon={<ClockCircleOutlined aria-hidden />}
          color="#F59E0B"
        />
      </Col>
      <Col xs={12} sm={8} xl={4}>
        <StatCard
          title={t('attendance.tiles.absent')}
          value={count(counts.absent)}
          icon={<CloseOutlined aria-hidden />}
          color="#EF4444"
        />
      </Col>
      <Col xs={12} sm={8} xl={4}>
        <StatCard
          testId="tile-leave"
          title={t('attendance.tiles.leave')}
          value={count(counts.leave)}
          icon={<ScheduleOutlined aria-hidden />}
          color="#2563EB"
        />
      </Col>
      <Col xs={12} sm={8} xl={4}>
        <StatCard
          testId="tile-unmarked"
          title={t('attendance.tiles.unmarked')}
          value={count(students.length - marked)}
          icon={<span>?</span>}
          color="#94A3B8"
        />
      </Col>
    </Row>
  );
}
