import { Alert, Card, Col, Empty, Flex, Modal, Progress, Row, Skeleton, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import type { GroupMember, GroupResponse } from '@portal/contracts';
import { PageHeader } from '@portal/ui';
import { useFormat } from '@portal/web-core';
import { AttendanceBandTag, LeaveEligibilityTag } from './AttendanceBandTag';
import { AttendanceFigure } from './AttendanceFigure';
import { attendanceBand, BAND_COLOR, BAND_TAG, hasRecordedDays } from './attendanceBands';
import { useAttendanceT } from './i18n';
import { useAttendanceBandLabel } from './labels';

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
  const { t } = useAttendanceT();
  const f = useFormat();
  const bandLabel = useAttendanceBandLabel();
  return (
    <>
      <PageHeader title={t('overview.title')} subtitle={t('overview.subtitle')} />
      {error ? (
        <Alert type="error" showIcon title={t('overview.loadError')} />
      ) : isLoading ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : !groups?.length ? (
        <Card>
          <Empty description={t('overview.noGroups')} />
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
                      {t('overview.students', { count: g.mentees.length })} · {g.mentorId.fullName}
                    </Typography.Text>
                    {groupRecorded(g) ? (
                      <Tag
                        color={BAND_TAG[attendanceBand(g.averageAttendance)]}
                        style={{ marginTop: 8, width: 'fit-content' }}
                      >
                        {bandLabel(attendanceBand(g.averageAttendance))}
                      </Tag>
                    ) : (
                      <Tag style={{ marginTop: 8, width: 'fit-content' }}>{t('noAttendance')}</Tag>
                    )}
                  </Flex>
                  <Progress
                    type="circle"
                    size={72}
                    aria-label={t('overview.averageOf', { name: g.name })}
                    percent={groupRecorded(g) ? g.averageAttendance : 0}
                    format={groupRecorded(g) ? (p) => f.percent(p ?? 0) : () => '—'}
                    strokeColor={BAND_COLOR[attendanceBand(g.averageAttendance)]}
                  />
                </Flex>
                <Typography.Link style={{ display: 'block', marginTop: 12 }}>
                  {t('overview.viewDetails')}
                </Typography.Link>
              </Card>
            </Col>
          ))}
        </Row>
      )}
      <Modal
        open={!!open}
        title={
          open
            ? t('overview.modalTitle', {
                name: open.name,
                summary: groupRecorded(open)
                  ? t('overview.average', { percent: f.percent(open.averageAttendance) })
                  : t('noAttendanceLower'),
              })
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
            locale={{ emptyText: t('overview.noMembers') }}
            columns={[
              {
                title: t('overview.columns.student'),
                render: (_, m) => (
                  <Flex vertical>
                    <Typography.Text strong>{m.fullName}</Typography.Text>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {m.studentId} · {m.class}-{m.section}
                    </Typography.Text>
                  </Flex>
                ),
              },
              { title: t('overview.columns.present'), render: (_, m) => m.attendance?.presentDays ?? 0 },
              { title: t('overview.columns.absent'), render: (_, m) => m.attendance?.absentDays ?? 0 },
              {
                title: t('overview.columns.attendance'),
                render: (_, m) => (
                  <>
                    <AttendanceBandTag attendance={m.attendance} showPercent />
                    <AttendanceFigure attendance={m.attendance} line />
                  </>
                ),
              },
              {
                title: t('overview.columns.leave'),
                render: (_, m) => <LeaveEligibilityTag attendance={m.attendance} short />,
              },
            ]}
          />
        )}
      </Modal>
    </>
  );
}
