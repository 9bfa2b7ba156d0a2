import { Button, Form, Input, Modal, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import {
  AUTOMATIC_LEAVE_COMMENTS,
  type DecideLeaveRequest,
  type LeaveResponse,
  type Role,
  ErrorCode,
} from '@portal/contracts';
import { errorMessage, notify } from '@portal/web-core';
import { useLeavesT } from './i18n';
import { useDecideLeaveMutation } from './leavesApi';

/**
 * Approve / Reject of a pending leave; rejecting asks for a reason (Cancel aborts, empty becomes "Rejected").
 * Approving marks the leave's school days "leave" in the register; days already marked present are the approver's
 * choice (keep them present, or make them leave), asked before anything is sent.
 */
export function LeaveDecisionButtons({ leave, viewer }: { leave: LeaveResponse; viewer: Role }) {
  const { t } = useLeavesT();
  const dayList = (dates: string[]) => dates.map((d) => dayjs(d).format(t('format.weekdayDay'))).join('; ');
  const [decide, { isLoading }] = useDecideLeaveMutation();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [conflict, setConflict] = useState<string[] | null>(null);
  const admin = viewer === 'admin';
  const run = async (
    decision: 'approve' | 'reject',
    mentorComments: string,
    presentDays?: DecideLeaveRequest['presentDays'],
  ) => {
    try {
      await decide({ id: leave._id, decision, mentorComments, presentDays }).unwrap();
      notify.success(
        admin
          ? decision === 'approve'
            ? t('decision.approvedAdmin')
            : t('decision.rejectedAdmin')
          : decision === 'approve'
            ? t('decision.approved')
            : t('decision.rejected'),
      );
      setRejecting(false);
      setConflict(null);
    } catch (e) {
      const byCode = {
        [ErrorCode.LeaveNotPending]: t('decision.notPending'),
        [ErrorCode.LeaveAttendanceConflict]: t('decision.conflict'),
      };
      notify.error(
        errorMessage(
          e,
          admin
            ? t('decision.failedAdmin')
            : decision === 'approve'
              ? t('decision.failedApprove')
              : t('decision.failedReject'),
          byCode,
        ),
      );
      setConflict(null);
    }
  };
  // The spec's automatic comments, stored in English and shown to each reader in their language.
  const comment = admin ? AUTOMATIC_LEAVE_COMMENTS.approvedByAdmin : AUTOMATIC_LEAVE_COMMENTS.approved;
  const approve = () => (leave.presentDays?.length ? setConflict(leave.presentDays) : run('approve', comment));
  return (
    <>
      <Space>
        <Button size="small" type="primary" loading={isLoading && !rejecting} onClick={approve}>
          {t('decision.approve')}
        </Button>
        <Button
          size="small"
          danger
          disabled={isLoading}
          onClick={() =>
            admin ? run('reject', AUTOMATIC_LEAVE_COMMENTS.rejectedByAdmin) : (setReason(''), setRejecting(true))
          }
        >
          {t('decision.reject')}
        </Button>
      </Space>
      <Modal
        open={!!conflict}
        title={t('decision.conflictTitle')}
        onCancel={() => setConflict(null)}
        footer={[
          <Button key="cancel" onClick={() => setConflict(null)}>
            {t('decision.cancel')}
          </Button>,
          <Button key="keep" loading={isLoading} onClick={() => run('approve', comment, 'keep')}>
            {t('decision.keepPresent')}
          </Button>,
          <Button
            key="overwrite"
            type="primary"
            loading={isLoading}
            onClick={() => run('approve', comment, 'overwrite')}
          >
            {t('decision.markLeave')}
          </Button>,
        ]}
      >
        <Typography.Paragraph>
          {t('decision.conflictText', {
            name: leave.menteeId?.fullName ?? t('decision.theStudent'),
            days: dayList(conflict ?? []),
          })}
        </Typography.Paragraph>
      </Modal>
      <Modal
        open={rejecting}
        title={t('decision.rejectTitle', { name: leave.menteeId?.fullName ?? t('decision.thisStudent') })}
        okText={t('decision.reject')}
        okButtonProps={{ danger: true }}
        onOk={() => run('reject', reason.trim() || AUTOMATIC_LEAVE_COMMENTS.rejected)}
        onCancel={() => setRejecting(false)}
        confirmLoading={isLoading}
      >
        <Form layout="vertical">
          <Form.Item label={t('decision.reason')} extra={t('decision.reasonHelp')}>
            <Input.TextArea
              rows={3}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              maxLength={1000}
              autoFocus
              aria-label={t('decision.reason')}
            />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
