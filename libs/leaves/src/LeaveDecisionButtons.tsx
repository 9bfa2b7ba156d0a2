import { Button, Form, Input, Modal, Space } from 'antd';
import { useState } from 'react';
import { type LeaveResponse, type Role, ErrorCode } from '@portal/contracts';
import { errorMessage, notify } from '@portal/web-core';
import { useDecideLeaveMutation } from './leavesApi';

/** Approve / Reject of a pending leave; rejecting asks for a reason (Cancel aborts, empty becomes "Rejected"). */
export function LeaveDecisionButtons({ leave, viewer }: { leave: LeaveResponse; viewer: Role }) {
  const [decide, { isLoading }] = useDecideLeaveMutation();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const admin = viewer === 'admin';
  const run = async (decision: 'approve' | 'reject', mentorComments: string) => {
    try {
      await decide({ id: leave._id, decision, mentorComments }).unwrap();
      notify.success(
        admin
          ? `Leave request ${decision === 'approve' ? 'approved' : 'rejected'}`
          : `Leave request ${decision === 'approve' ? 'approved' : 'rejected'}!`,
      );
      setRejecting(false);
    } catch (e) {
      const byCode = {
        [ErrorCode.LeaveNotPending]:
          'This leave request was already decided by someone else. The list now shows its status.',
      };
      notify.error(
        errorMessage(e, admin ? 'Failed to update leave status' : `Failed to ${decision} leave request`, byCode),
      );
    }
  };
  return (
    <>
      <Space>
        <Button
          size="small"
          type="primary"
          loading={isLoading}
          onClick={() => run('approve', admin ? 'Approved by admin' : 'Approved')}
        >
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
