import { Alert, Button, Flex, Input, Modal } from 'antd';
import { useState } from 'react';
import { ErrorCode, type GrievanceResponse } from '@portal/contracts';
import { errorMessage, notify } from '@portal/web-core';
import { useConfirmGrievanceMutation, useReopenGrievanceMutation } from './grievancesApi';

const answered = {
  [ErrorCode.GrievanceAlreadyAnswered]: 'You have already answered this resolution.',
  [ErrorCode.GrievanceNotResolved]: 'This grievance is no longer resolved.',
};

/** After "resolved" the student closes the loop: confirm it, or reopen it once with a reason. */
export function GrievanceStudentAnswer({ grievance }: { grievance: GrievanceResponse }) {
  const g = grievance;
  const [confirm, { isLoading: confirming }] = useConfirmGrievanceMutation();
  const [reopen, { isLoading: reopening }] = useReopenGrievanceMutation();
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  if (g.status !== 'resolved') return null;
  if (g.confirmedAt) return <Alert type="success" showIcon title="You confirmed this resolution." />;
  const doConfirm = async () => {
    try {
      await confirm(g._id).unwrap();
      notify.success('Thank you: the resolution is confirmed');
    } catch (e) {
      notify.error(errorMessage(e, 'Failed to confirm', answered));
    }
  };
  const doReopen = async () => {
    try {
      await reopen({ id: g._id, reason: reason.trim() }).unwrap();
      notify.success('Grievance reopened');
      setAsking(false);
      setReason('');
    } catch (e) {
      notify.error(errorMessage(e, 'Failed to reopen', answered));
    }
  };
  return (
    <>
      <Flex gap={8} wrap>
        <Button type="primary" onClick={doConfirm} loading={confirming}>
          Confirm resolution
        </Button>
        {!g.reopenedAt && <Button onClick={() => setAsking(true)}>Reopen…</Button>}
      </Flex>
      <Modal
        open={asking}
        title="Reopen this grievance"
        okText="Reopen"
        onOk={doReopen}
        okButtonProps={{ disabled: !reason.trim(), loading: reopening }}
        onCancel={() => setAsking(false)}
      >
        <p>You can reopen a resolved grievance once. Say what is still wrong.</p>
        <Input.TextArea
          aria-label="Reason for reopening"
          rows={3}
          maxLength={1000}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </Modal>
    </>
  );
}
