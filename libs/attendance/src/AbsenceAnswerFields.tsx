import { Form, Input, Radio } from 'antd';
import { ABSENCE_NOTE_MAX, ABSENCE_REASONS, type AbsenceReason } from '@portal/contracts';
import { useAttendanceT } from './i18n';

/** What the absence answer form holds. */
export interface AbsenceAnswerValues {
  reason: AbsenceReason;
  note?: string;
}

/** A family's answer's reason, as a phrase ("Sick", "This mark is wrong"). */
export function useAbsenceReasonLabel(): (reason: AbsenceReason) => string {
  const { t } = useAttendanceT();
  return (reason) => t(`absenceAnswer.reason.${reason}`);
}

/**
 * The reason and note of an answer to an absence, inside the caller's antd Form: the same fields for a signed-in
 * guardian and for the e-mailed link's page. "Other reason" needs the note; for the others it is optional.
 */
export function AbsenceAnswerFields() {
  const { t } = useAttendanceT();
  const label = useAbsenceReasonLabel();
  const form = Form.useFormInstance<AbsenceAnswerValues>();
  const reason = Form.useWatch('reason', form);
  const other = reason === 'other';
  return (
    <>
      <Form.Item
        name="reason"
        label={t('absenceAnswer.reasonLabel')}
        extra={reason === 'wrong_mark' ? t('absenceAnswer.wrongMarkHelp') : undefined}
        rules={[{ required: true, message: t('absenceAnswer.reasonRequired') }]}
      >
        <Radio.Group
          style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
          options={ABSENCE_REASONS.map((r) => ({ value: r, label: label(r) }))}
        />
      </Form.Item>
      <Form.Item
        name="note"
        label={other ? t('absenceAnswer.noteOther') : t('absenceAnswer.note')}
        dependencies={['reason']}
        rules={[
          ({ getFieldValue }) => ({
            required: getFieldValue('reason') === 'other',
            whitespace: true,
            message: t('absenceAnswer.noteRequired'),
          }),
        ]}
      >
        <Input.TextArea rows={3} maxLength={ABSENCE_NOTE_MAX} showCount />
      </Form.Item>
    </>
  );
}
