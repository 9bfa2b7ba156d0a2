import { Alert, Card, Col, Empty, Flex, Modal, Progress, Row, Skeleton, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import type { GroupMember, GroupResponse } from '@portal/contracts';
import { PageHeader } from '@portal/ui';
import { AttendanceBandTag } from './AttendanceBandTag';
import { AttendanceFigure } from './AttendanceFigure';
import {
  attendanceBand,
  BAND_COLOR,
  BAND_LABEL,
  BAND_TAG,
  hasRecordedDays,
  isLeaveEligible,
  NO_ATTENDANCE_TEXT,
} from './attendanceBands';

/** A group's average means something only once one of its members has a recorded day. */
const groupRecorded = (g: GroupResponse) => g.mentees.some((m) => hasRecordedDays(m.attendance));

/** One card per group with its average; View Details lists the real members with their figures. */
export function GroupAttendanceOverview({
  groups,
  isLoading,
  error,
}: {
  groups?: GroupResponse[];
  isLoading: boolean;
  error: unknown;
}) {
  const [open, setOpen] = useState<GroupResponse | null>(null);
  return (
    <>
      <PageHeader title="Attendance Overview" subtitle="Attendance by discussion group" />
      {error ? (
        <Alert type="error" showIcon title="Unable to load attendance information right now. Please try again later." />
      ) : isLoading ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : !groups?.length ? (
        <Card>
          <Empty description="No Groups Found" />
        </Card>
      ) : (
        <Row gutter={[16, 16]}>
          {groups.map((g) => (
            <Col key={g._id} xs={24} md={12} xl={8}>
              <Card
                hoverable
                onClick={() => setOpen(g)}
                style={{ borderTop: `4px solid ${g.color}`, height: '100%' }}
                data-testid="attendance-group"
              >
                <Flex justify="space-between" align="center" gap={12}>
                  <Flex vertical style={{ minWidth: 0 }}>
                    <Typography.Title level={5} style={{ margin: 0 }} ellipsis>
                      {g.name}
                    </Typography.Title>
                    <Typography.Text type="secondary">
                      {g.mentees.length} student{g.mentees.length === 1 ? '' : 's'} · {g.mentorId.fullName}
                    </Typography.Text>
                    {groupRecorded(g) ? (
                      <Tag
                        color={BAND_TAG[attendanceBand(g.averageAttendance)]}
                        style={{ marginTop: 8, width: 'fit-content' }}
                      >
                        {BAND_LABEL[attendanceBand(g.averageAttendance)]}
                      </Tag>
                    ) : (
                      <Tag style={{ marginTop: 8, width: 'fit-content' }}>{NO_ATTENDANCE_TEXT}</Tag>
                    )}
                  </Flex>
                  <Progress
                    type="circle"
                    size={72}
                    aria-label={`Average attendance of ${g.name}`}
                    percent={groupRecorded(g) ? g.averageAttendance : 0}
                    format={groupRecorded(g) ? undefined : () => '—'}
                    strokeColor={BAND_COLOR[attendanceBand(g.averageAttendance)]}
                  />
                </Flex>
                <Typography.Link style={{ display: 'block', marginTop: 12 }}>View Details</Typography.Link>
              </Card>
            </Col>
          ))}
        </Row>
      )}
      <Modal
        open={!!open}
        title={
          open
            ? `${open.name} · ${groupRecorded(open) ? `average ${open.averageAttendance}%` : NO_ATTENDANCE_TEXT.toLowerCase()}`
            : ''
        }
        onCancel={() => setOpen(null)}
        footer={null}
        width={820}
      >
        {open && (
          <Table<GroupMember>
            rowKey="_id"
            size="small"
            dataSource={open.mentees}
            pagination={false}
            scroll={{ y: 420 }}
            locale={{ emptyText: 'This group has no members yet' }}
            columns={[
              {
                title: 'Student',
                render: (_, m) => (
                  <Flex vertical>
                    <Typography.Text strong>{m.fullName}</Typography.Text>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {m.studentId} · {m.class}-{m.section}
                    </Typography.Text>
                  </Flex>
                ),
              },
              { title: 'Present', render: (_, m) => m.attendance?.presentDays ?? 0 },
              { title: 'Absent', render: (_, m) => m.attendance?.absentDays ?? 0 },
              {
                title: 'Attendance',
                render: (_, m) => (
                  <>
                    <AttendanceBandTag attendance={m.attendance} showPercent />
                    <AttendanceFigure attendance={m.attendance} line />
                  </>
                ),
              },
              {
                title: 'Leave',
                render: (_, m) =>
                  isLeaveEligible(m.attendance?.percentage ?? 0) ? (
                    <Tag color="green">Eligible</Tag>
                  ) : (
                    <Tag color="red">Not eligible</Tag>
                  ),
              },
            ]}
          />
        )}
      </Modal>
    </>
  );
}
