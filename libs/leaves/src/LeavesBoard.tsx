import { ExclamationCircleFilled, PaperClipOutlined } from '@ant-design/icons';
import { Button, Card, Col, Descriptions, Flex, Popconfirm, Row, Skeleton, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { ErrorCode, type LeaveResponse, type LeaveStatus, type Role } from '@portal/contracts';
import { errorMessage, notify, useDownloadFile, useFormat, useSchoolToday, useSession } from '@portal/web-core';
import { EmptyState, LoadError, StatusTabs } from '@portal/ui';
import { useLeavesT } from './i18n';
import { useLeaveCommentText, useLeaveStatusLabel, useLeaveTypeLabel } from './labels';
import { LeaveImpactNote } from './LeaveImpactNote';
import { LeaveStatusTag } from './LeaveStatusTag';
import { useCancelLeaveMutation, useLeavesQuery } from './leavesApi';

/** Cards of one row share its height; the body grows so the action bar lines up at the bottom. */
const cardFill = { height: '100%', display: 'flex', flexDirection: 'column' } as const;

/**
 * Whoever filed a leave may cancel it: the student a pending one or an approved one that has not started, a guardian
 * their own while it is pending (the API decides; this only offers).
 */
/** The document filed with a leave: opened through the reader's own route (a guardian's through their child's link). */
export function LeaveDocumentLink({ leave, role }: { leave: LeaveResponse; role: Role }) {
  const { t } = useLeavesT();
  const download = useDownloadFile();
  const [busy, setBusy] = useState(false);
  const doc = leave.document!;
  const open = async () => {
    setBusy(true);
    try {
      const url = role === 'guardian' ? `/guardian/leaves/${leave._id}/document` : `/leaves/${leave._id}/document`;
      await download(url, {}, doc.fileName);
    } catch (e) {
      notify.error(errorMessage(e, t('request.documentFailed')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      type="link"
      size="small"
      icon={<PaperClipOutlined aria-hidden />}
      loading={busy}
      onClick={() => void open()}
      aria-label={t('request.documentOpen', { name: doc.fileName })}
      style={{ padding: 0, height: 'auto', minHeight: 24, whiteSpace: 'normal', textAlign: 'start' }}
    >
      <span style={{ overflowWrap: 'anywhere' }}>{doc.fileName}</span>
    </Button>
  );
}

const cancellable = (l: LeaveResponse, role: Role, today: string, me: string | undefined) =>
  role === 'guardian'
    ? l.status === 'pending' && !!me && l.filedBy?._id === me
    : role === 'mentee' && !l.filedBy && (l.status === 'pending' || (l.status === 'approved' && l.startDate > today));

function CancelLeaveButton({ leave, asGuardian }: { leave: LeaveResponse; asGuardian: boolean }) {
  const { t } = useLeavesT();
  const [cancel, { isLoading }] = useCancelLeaveMutation();
  const run = async () => {
    try {
      await cancel({ id: leave._id, asGuardian }).unwrap();
      notify.success(t('board.cancelled'));
    } catch (e) {
      notify.error(
        errorMessage(e, t('board.cancelFailed'), {
          [ErrorCode.LeaveNotCancellable]: t('board.notCancellable'),
        }),
      );
    }
  };
  return (
    <Popconfirm
      icon={<ExclamationCircleFilled aria-hidden />}
      title={t('board.cancelTitle')}
      description={leave.status === 'approved' ? t('board.cancelApproved') : undefined}
      okText={t('board.cancelRequest')}
      cancelText={t('board.keepIt')}
      onConfirm={run}
    >
      <Button size="small" loading={isLoading}>
        {t('board.cancelRequest')}
      </Button>
    </Popconfirm>
  );
}

/**
 * Leave requests of the signed-in mentee, of a mentor's mentees or of a guardian's child (`childId`), in the spec's
 * tabs; actions come from the caller.
 */
export function LeavesBoard({
  role,
  childId,
  actions,
}: {
  role: Role;
  childId?: string;
  actions?: (l: LeaveResponse) => ReactNode;
}) {
  const [tab, setTab] = useState<'all' | LeaveStatus>('all');
  const { data, isLoading, error, refetch } = useLeavesQuery({
    role,
    childId,
    status: tab === 'all' ? undefined : tab,
  });
  const me = useSession().user?._id;
  // The student's and the guardian's cards are one student's: titled by the leave's type, not by a name.
  const family = role === 'mentee' || role === 'guardian';
  // The school's today: in a browser ahead of or behind the school, a leave starting tomorrow is still cancellable.
  const today = useSchoolToday();
  const { t } = useLeavesT();
  const f = useFormat();
  const statusLabel = useLeaveStatusLabel();
  const typeLabel = useLeaveTypeLabel();
  const commentText = useLeaveCommentText();
  const range = (l: LeaveResponse) => t('recent.range', { start: f.dayMonth(l.startDate), end: f.date(l.endDate) });
  const noneWith: Record<LeaveStatus, string> = {
    pending: t('board.noneWith.pending'),
    approved: t('board.noneWith.approved'),
    rejected: t('board.noneWith.rejected'),
    cancelled: t('board.noneWith.cancelled'),
  };
  return (
    <>
      <StatusTabs
        label={t('board.statusFilter')}
        value={tab}
        onChange={setTab}
        items={[
          { key: 'all', label: t('status.all') },
          ...(['pending', 'approved', 'rejected', 'cancelled'] as const).map((k) => ({
            key: k,
            label: statusLabel(k),
          })),
        ]}
      />
      {error ? (
        <LoadError title={t('board.loadError')} onRetry={refetch} />
      ) : isLoading ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : !data?.length ? (
        <Card>
          <EmptyState title={t('board.none')} description={tab === 'all' ? undefined : noneWith[tab]} />
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
                title={family ? typeLabel(l.leaveType, true) : (l.menteeId?.fullName ?? t('formerStudent'))}
                extra={<LeaveStatusTag status={l.status} />}
                actions={
                  actions && l.status === 'pending'
                    ? [
                        <Flex key="a" justify="center" gap={8}>
                          {actions(l)}
                        </Flex>,
                      ]
                    : cancellable(l, role, today, me)
                      ? [
                          <Flex key="c" justify="center">
                            <CancelLeaveButton leave={l} asGuardian={role === 'guardian'} />
                          </Flex>,
                        ]
                      : role === 'mentee' && l.filedBy && l.status === 'pending'
                        ? [
                            <Typography.Text key="c" type="secondary" style={{ padding: '0 12px' }}>
                              {t('board.onlyGuardianCancels')}
                            </Typography.Text>,
                          ]
                        : role === 'mentee' && l.status === 'approved'
                          ? // Why there is no Cancel: an approved leave that has begun is part of the register now.
                            [
                              <Typography.Text key="c" type="secondary" style={{ padding: '0 12px' }}>
                                {t('board.startedNotCancellable')}
                              </Typography.Text>,
                            ]
                          : undefined
                }
              >
                <Descriptions
                  size="small"
                  column={1}
                  items={[
                    ...(!family ? [{ key: 't', label: t('board.type'), children: typeLabel(l.leaveType) }] : []),
                    ...(l.filedBy
                      ? [{ key: 'f', label: t('board.filedByGuardian'), children: l.filedBy.fullName }]
                      : []),
                    {
                      key: 'd',
                      label: t('board.dates'),
                      children: t('board.datesValue', {
                        range: range(l),
                        days: t('schoolDays', { count: l.schoolDays }),
                      }),
                    },
                    ...(l.document
                      ? [
                          {
                            key: 'doc',
                            label: t('board.document'),
                            children: <LeaveDocumentLink leave={l} role={role} />,
                          },
                        ]
                      : []),
                    {
                      key: 'r',
                      label: t('board.reason'),
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
                            label: l.status === 'rejected' ? t('board.rejectedBy') : t('board.approvedBy'),
                            children: t('board.decidedBy', {
                              name: l.approvedBy?.fullName ?? '—',
                              date: f.dayMonth(l.decidedAt),
                            }),
                          },
                        ]
                      : []),
                    ...(l.cancelledAt
                      ? [{ key: 'x', label: t('board.cancelledLabel'), children: f.date(l.cancelledAt) }]
                      : []),
                    ...(l.mentorComments
                      ? [{ key: 'm', label: t('board.comments'), children: commentText(l.mentorComments) }]
                      : []),
                  ]}
                />
                {l.impact && !family && <LeaveImpactNote impact={l.impact} subject="student" />}
              </Card>
            </Col>
          ))}
        </Row>
      )}
    </>
  );
}
