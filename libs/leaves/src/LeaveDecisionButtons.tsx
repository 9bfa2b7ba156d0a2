import { Button, Form, Input, Modal, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { type DecideLeaveRequest, type LeaveResponse, type Role, ErrorCode } from '@portal/contracts';
import { errorMessage, notify } from '@portal/web-core';
import { useDecideLeaveMutation } from './leavesApi';

const dayList = (dates: string[]) => dates.map((d) => dayjs(d).format('ddd, MMM D')).join('; ');

/**
 * Approve / Reject of a pending leave; rejecting asks for a reason (Cancel aborts, empty becomes "Rejected").
 * Approving marks the leave's school days "leave" in the register; days already marked present are the approver's
 * choice (keep them present, or make them leave), asked before anything is sent.
 */
export function LeaveDecisionButtons({ leave, viewer }: { leave: LeaveResponse; viewer: Role }) {
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
          ? `Leave request ${decision === 'approve' ? 'approved' : 'rejected'}`
          : `Leave request ${decision === 'approve' ? 'approved' : 'rejected'}!`,
      );
      setRejecting(false);
      setConflict(null);
    } catch (e) {
      const byCode = {
        [ErrorCode.LeaveNotPending]:
          'This leave request was already decided by someone else. The list now shows its status.',
        [ErrorCode.LeaveAttendanceConflict]:
          'Some days of this leave were marked present meanwhile. The list now shows them: approve again to choose.',
      };
      notify.error(
        errorMessage(e, admin ? 'Failed to update leave status' : `Failed to ${decision} leave request`, byCode),
      );
      setConflict(null);
    }
  };
  const comment = admin ? 'Approved by admin' : 'Approved';
  const approve = () => (leave.presentDays?.length ? setConflict(leave.presentDays) : run('approve', comment));
  return (
    <>
      <Space>
        <Button size="small" type="primary" loading={isLoading && !rejecting} onClick={approve}>
          Approve
        </Button>
        <Button
          size="small"
          danger
          disabled={isLoading}
          onClick={() => (admin ? run('reject', 'Rejected by admin') : (setReason(''), setRejecting(true)))}
        >
          Reject
        </Button>
      </Space>
      <Modal
        open={!!conflict}
        title="Some of these days are marked present"
        onCancel={() => setConflict(null)}
        footer={[
          <Button key="cancel" onClick={() => setConflict(null)}>
            Cancel
          </Button>,
          <Button key="keep" loading={isLoading} onClick={() => run('approve', comment, 'keep')}>
            Keep them present
          </Button>,
          <Button
            key="overwrite"
            type="primary"
            loading={isLoading}
            onClick={() => run('approve', comment, 'overwrite')}
          >
            Mark them as leave
          </Button>,
        ]}
      >
        <Typography.Paragraph>
          {leave.menteeId?.fullName ?? 'The student'} is marked present on {dayList(conflict ?? [])}. Approving marks
          the other school days of this leave as leave. Keep these days present, or mark them as leave too?
        </Typography.Paragraph>
      </Modal>
      <Modal
        open={rejecting}
        title={`Reject leave of ${leave.menteeId?.fullName ?? 'this student'}`}
        okText="Reject"
        okButtonProps={{ danger: true }}
        onOk={() => run('reject', reason.trim() || 'Rejected')}
        onCancel={() => setRejecting(false)}
        confirmLoading={isLoading}
      >
        <Form layout="vertical">
          <Form.Item label="Reason for rejection" extra="Shown to the student. Left empty, it reads “Rejected”.">
            <Input.TextArea
              rows={3}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              maxLength={1000}
              autoFocus
              aria-label="Reason for rejection"
            />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
