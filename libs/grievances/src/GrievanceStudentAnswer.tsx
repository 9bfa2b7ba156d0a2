import { Alert, Button, Flex, Input, Modal } from 'antd';
import { useState } from 'react';
import { ErrorCode, type GrievanceResponse } from '@portal/contracts';
import { errorMessage, notify } from '@portal/web-core';
import { useConfirmGrievanceMutation, useReopenGrievanceMutation } from './grievancesApi';
import { useGrievancesT } from './i18n';

/** After "resolved" the student closes the loop: confirm it, or reopen it once with a reason. */
export function GrievanceStudentAnswer({ grievance }: { grievance: GrievanceResponse }) {
  const g = grievance;
  const { t } = useGrievancesT();
  const answered = {
    [ErrorCode.GrievanceAlreadyAnswered]: t('answer.already'),
    [ErrorCode.GrievanceNotResolved]: t('answer.notResolved'),
  };
  const [confirm, { isLoading: confirming }] = useConfirmGrievanceMutation();
  const [reopen, { isLoading: reopening }] = useReopenGrievanceMutation();
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  if (g.status !== 'resolved') return null;
  if (g.confirmedAt) return <Alert type="success" showIcon title={t('answer.confirmedNote')} />;
  const doConfirm = async () => {
    try {
      await confirm(g._id).unwrap();
      notify.success(t('answer.thanks'));
    } catch (e) {
      notify.error(errorMessage(e, t('answer.confirmFailed'), answered));
    }
  };
  const doReopen = async () => {
    try {
      await reopen({ id: g._id, reason: reason.trim() }).unwrap();
      notify.success(t('answer.reopened'));
      setAsking(false);
      setReason('');
    } catch (e) {
      notify.error(errorMessage(e, t('answer.reopenFailed'), answered));
    }
  };
  return (
    <>
      <Flex gap={8} wrap>
        <Button type="primary" onClick={doConfirm} loading={confirming}>
          {t('answer.confirm')}
        </Button>
        {!g.reopenedAt && <Button onClick={() => setAsking(true)}>{t('answer.reopenButton')}</Button>}
      </Flex>
      <Modal
        open={asking}
        title={t('answer.reopenTitle')}
        okText={t('answer.reopen')}
        onOk={doReopen}
        okButtonProps={{ disabled: !reason.trim(), loading: reopening }}
        onCancel={() => setAsking(false)}
      >
        <p>{t('answer.reopenHelp')}</p>
        <Input.TextArea
          aria-label={t('answer.reason')}
          rows={3}
          maxLength={1000}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </Modal>
    </>
  );
}
