import { Alert, Descriptions, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import type { GrievanceResponse, RevealedIdentityResponse } from '@portal/contracts';
import { errorMessage, notify } from '@portal/web-core';
import { useRevealGrievanceIdentityMutation } from '@portal/grievances';
import { useAdminT } from './i18n';

/** Revealing a withheld name takes a reason: it is in the audit log and on the student's timeline. */
export function RevealIdentityDialog({ grievance, onClose }: { grievance: GrievanceResponse; onClose: () => void }) {
  const { t } = useAdminT();
  const [reveal, { isLoading }] = useRevealGrievanceIdentityMutation();
  const [reason, setReason] = useState('');
  const [who, setWho] = useState<RevealedIdentityResponse | null>(null);
  const send = async () => {
    try {
      setWho(await reveal({ id: grievance._id, reason: reason.trim() }).unwrap());
    } catch (e) {
      notify.error(errorMessage(e, t('grievances.revealDialog.failed')));
    }
  };
  return (
    <Modal
      open
      title={t('grievances.revealDialog.title', { ticket: grievance.ticketNumber })}
      okText={who ? t('grievances.revealDialog.close') : t('grievances.revealDialog.reveal')}
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
            { key: 'n', label: t('grievances.revealDialog.student'), children: who.fullName },
            { key: 'i', label: t('grievances.revealDialog.studentId'), children: who.studentId },
            { key: 'e', label: t('grievances.revealDialog.contact'), children: who.email },
          ]}
        />
      ) : (
        <>
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 12 }}
            title={t('grievances.revealDialog.warning')}
            description={t('grievances.revealDialog.warningHelp')}
          />
          <Typography.Paragraph>
            <label htmlFor="reveal-reason">{t('grievances.revealDialog.reason')}</label>
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
