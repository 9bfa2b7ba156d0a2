import { Button, Card, Col, Descriptions, Flex, Popconfirm, Row, Skeleton, Tabs, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState, type ReactNode } from 'react';
import { ErrorCode, type LeaveResponse, type LeaveStatus, type Role } from '@portal/contracts';
import { errorMessage, notify } from '@portal/web-core';
import { EmptyState, LoadError } from '@portal/ui';
import { LeaveImpactNote, schoolDaysText } from './LeaveImpactNote';
import { LeaveStatusTag } from './LeaveStatusTag';
import { useCancelLeaveMutation, useLeavesQuery } from './leavesApi';

const range = (l: LeaveResponse) => `${dayjs(l.startDate).format('MMM D')} – ${dayjs(l.endDate).format('MMM D, YYYY')}`;
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
/** Cards of one row share its height; the body grows so the action bar lines up at the bottom. */
const cardFill = { height: '100%', display: 'flex', flexDirection: 'column' } as const;

/** The mentee may cancel a pending leave, or an approved one that has not started (the API decides; this only offers). */
const cancellable = (l: LeaveResponse, today: string) =>
  l.status === 'pending' || (l.status === 'approved' && l.startDate > today);

function CancelLeaveButton({ leave }: { leave: LeaveResponse }) {
  const [cancel, { isLoading }] = useCancelLeaveMutation();
  const run = async () => {
    try {
      await cancel(leave._id).unwrap();
      notify.success('Leave request cancelled');
    } catch (e) {
      notify.error(
        errorMessage(e, 'Failed to cancel the leave request', {
          [ErrorCode.LeaveNotCancellable]:
            'This leave can no longer be cancelled: it has started or was decided meanwhile. The list now shows it.',
        }),
      );
    }
  };
  return (
    <Popconfirm
      title="Cancel this leave request?"
      description={leave.status === 'approved' ? 'The days go back to how the register had them.' : undefined}
      okText="Cancel request"
      cancelText="Keep it"
      onConfirm={run}
    >
      <Button size="small" loading={isLoading}>
        Cancel request
      </Button>
    </Popconfirm>
  );
}

/** Leave requests of the signed-in mentee or of a mentor's mentees, in the spec's tabs; actions come from the caller. */
export function LeavesBoard({ role, actions }: { role: Role; actions?: (l: LeaveResponse) => ReactNode }) {
  const [tab, setTab] = useState<'all' | LeaveStatus>('all');
  const { data, isLoading, error, refetch } = useLeavesQuery({ role, status: tab === 'all' ? undefined : tab });
  const today = dayjs().format('YYYY-MM-DD');
  return (
    <>
      <Tabs
        activeKey={tab}
        onChange={(k) => setTab(k as typeof tab)}
        items={['all', 'pending', 'approved', 'rejected', 'cancelled'].map((k) => ({ key: k, label: cap(k) }))}
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
                    : role === 'mentee' && cancellable(l, today)
                      ? [
                          <Flex key="c" justify="center">
                            <CancelLeaveButton leave={l} />
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
                      children: `${range(l)} (${schoolDaysText(l.schoolDays)})`,
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
                    ...(l.decidedAt
                      ? [
                          {
                            key: 'c',
                            label: l.status === 'rejected' ? 'Rejected by' : 'Approved by',
                            children: `${l.approvedBy?.fullName ?? '—'}, ${dayjs(l.decidedAt).format('MMM D')}`,
                          },
                        ]
                      : []),
                    ...(l.cancelledAt
                      ? [{ key: 'x', label: 'Cancelled', children: dayjs(l.cancelledAt).format('MMM D, YYYY') }]
                      : []),
                    ...(l.mentorComments ? [{ key: 'm', label: 'Comments', children: l.mentorComments }] : []),
                  ]}
                />
                {l.impact && role !== 'mentee' && <LeaveImpactNote impact={l.impact} subject="student" />}
              </Card>
            </Col>
          ))}
        </Row>
      )}
    </>
  );
}
