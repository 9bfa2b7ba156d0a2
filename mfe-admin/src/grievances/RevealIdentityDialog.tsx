import { Alert, Descriptions, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import type { GrievanceResponse, RevealedIdentityResponse } from '@portal/contracts';
import { errorMessage, notify } from '@portal/web-core';
import { useRevealGrievanceIdentityMutation } from '@portal/grievances';

/** Revealing a withheld name takes a reason: it is in the audit log and on the student's timeline. */
export function RevealIdentityDialog({ grievance, onClose }: { grievance: GrievanceResponse; onClose: () => void }) {
  const [reveal, { isLoading }] = useRevealGrievanceIdentityMutation();
  const [reason, setReason] = useState('');
  const [who, setWho] = useState<RevealedIdentityResponse | null>(null);
  const send = async () => {
    try {
      setWho(await reveal({ id: grievance._id, reason: reason.trim() }).unwrap());
    } catch (e) {
      notify.error(errorMessage(e, 'Failed to reveal the identity'));
    }
  };
  return (
    <Modal
      open
      title={`Reveal the student of ${grievance.ticketNumber}`}
      okText={who ? 'Close' : 'Reveal'}
      onOk={who ? onClose : send}
      okButtonProps={{ disabled: !who && !reason.trim(), loading: isLoading }}
      cancelButtonProps={{ style: who ? { display: 'none' } : undefined }}
      onCancel={onClose}
    >
      {who ? (
        <Descriptions
          size="small"
          column={1}
          bordered
          items={[
            { key: 'n', label: 'Student', children: who.fullName },
            { key: 'i', label: 'Student ID', children: who.studentId },
            { key: 'e', label: 'Contact', children: who.email },
          ]}
        />
      ) : (
        <>
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 12 }}
            title="The student asked for their name to be withheld."
            description="Your reason is logged and shown to the student on their grievance's timeline."
          />
          <Typography.Paragraph>
            <label htmlFor="reveal-reason">Reason</label>
          </Typography.Paragraph>
          <Input.TextArea
            id="reveal-reason"
            rows={3}
            maxLength={1000}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        </>
      )}
    </Modal>
  );
}
