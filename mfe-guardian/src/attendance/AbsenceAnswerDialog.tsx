import { Form, Modal } from 'antd';
import { ErrorCode } from '@portal/contracts';
import { AbsenceAnswerFields, type AbsenceAnswerValues } from '@portal/attendance';
import { calendarDay, errorMessage, notify } from '@portal/web-core';
import { useAnswerAbsenceMutation } from '../guardianApi';
import { useGuardianT } from '../i18n';

/** A guardian answers one of their child's absences: it reaches the mentor (and a wrong mark the school office). */
export function AbsenceAnswerDialog({
  child,
  date,
  onClose,
}: {
  child: { _id: string; fullName: string };
  /** The absent day answered; null: closed. */
  date: string | null;
  onClose: () => void;
}) {
  const { t } = useGuardianT();
  const [form] = Form.useForm<AbsenceAnswerValues>();
  const [answer, { isLoading }] = useAnswerAbsenceMutation();
  const day = date ? calendarDay(date).format(t('attendance.format.longDay')) : '';
  const submit = async (v: AbsenceAnswerValues) => {
    if (!date) return;
    try {
      await answer({ childId: child._id, date, reason: v.reason, note: v.note?.trim() || undefined }).unwrap();
      notify.success(t('attendance.answer.sent'));
      form.resetFields();
      onClose();
    } catch (e) {
      notify.error(
        errorMessage(e, t('attendance.answer.failed'), {
          [ErrorCode.NotAbsent]: t('attendance.answer.notAbsent'),
          [ErrorCode.AbsenceAlreadyAnswered]: t('attendance.answer.already'),
        }),
      );
    }
  };
  return (
    <Modal
      open={!!date}
      title={t('attendance.answer.title', { name: child.fullName, day })}
      okText={t('attendance.answer.submit')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={isLoading}
      forceRender
    >
      <Form form={form} name="absenceAnswer" layout="vertical" onFinish={submit} requiredMark={false}>
        <AbsenceAnswerFields />
      </Form>
    </Modal>
  );
}
