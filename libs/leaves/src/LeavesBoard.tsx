import { Card, Col, Descriptions, Flex, Row, Skeleton, Tabs, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState, type ReactNode } from 'react';
import type { LeaveResponse, LeaveStatus, Role } from '@portal/contracts';
import { EmptyState, LoadError } from '@portal/ui';
import { LeaveStatusTag } from './LeaveStatusTag';
import { useLeavesQuery } from './leavesApi';

const range = (l: LeaveResponse) => `${dayjs(l.startDate).format('MMM D')} – ${dayjs(l.endDate).format('MMM D, YYYY')}`;
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
/** Cards of one row share its height; the body grows so the action bar lines up at the bottom. */
const cardFill = { height: '100%', display: 'flex', flexDirection: 'column' } as const;

/** Leave requests of the signed-in mentee or of a mentor's mentees, in the spec's tabs; actions come from the caller. */
export function LeavesBoard({ role, actions }: { role: Role; actions?: (l: LeaveResponse) => ReactNode }) {
  const [tab, setTab] = useState<'all' | LeaveStatus>('all');
  const { data, isLoading, error, refetch } = useLeavesQuery({ role, status: tab === 'all' ? undefined : tab });
  return (
    <>
      <Tabs
        activeKey={tab}
        onChange={(k) => setTab(k as typeof tab)}
        items={['all', 'pending', 'approved', 'rejected'].map((k) => ({ key: k, label: cap(k) }))}
      />
      {error ? (
        <LoadError title="Failed to fetch leave requests" onRetry={refetch} />
      ) : isLoading ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : !data?.length ? (
        <Card>
          <EmptyState title="No leave requests" description={tab === 'all' ? undefined : `No ${tab} requests.`} />
        </Card>
      ) : (
        <Row gutter={[16, 16]}>
          {data.map((l) => (
            <Col key={l._id} xs={24} md={12} xl={8}>
              <Card
                size="small"
                data-testid="leave-card"
                style={cardFill}
                styles={{ body: { flex: 1 } }}
                title={role === 'mentee' ? `${cap(l.leaveType)} leave` : (l.menteeId?.fullName ?? 'Former student')}
                extra={<LeaveStatusTag status={l.status} />}
                actions={
                  actions && l.status === 'pending'
                    ? [
                        <Flex key="a" justify="center" gap={8}>
                          {actions(l)}
                        </Flex>,
                      ]
                    : undefined
                }
              >
                <Descriptions
                  size="small"
                  column={1}
                  items={[
                    ...(role !== 'mentee' ? [{ key: 't', label: 'Type', children: cap(l.leaveType) }] : []),
                    {
                      key: 'd',
                      label: 'Dates',
                      children: `${range(l)} (${l.daysCount} day${l.daysCount === 1 ? '' : 's'})`,
                    },
                    {
                      key: 'r',
                      label: 'Reason',
                      children: (
                        <Typography.Paragraph ellipsis={{ rows: 2, expandable: true }} style={{ margin: 0 }}>
                          {l.reason}
                        </Typography.Paragraph>
                      ),
                    },
                    ...(l.status !== 'pending'
                      ? [
                          {
                            key: 'c',
                            label: l.status === 'approved' ? 'Approved by' : 'Rejected by',
                            children: `${l.approvedBy?.fullName ?? '—'}${l.decidedAt ? `, ${dayjs(l.decidedAt).format('MMM D')}` : ''}`,
                          },
                        ]
                      : []),
                    ...(l.mentorComments ? [{ key: 'm', label: 'Comments', children: l.mentorComments }] : []),
                  ]}
                />
              </Card>
            </Col>
          ))}
        </Row>
      )}
    </>
  );
}
