import { Alert, Form, Input, Modal, Radio } from 'antd';
import { MESSAGE_REPORT_REASONS, REPORT_NOTE_MAX, type MessageReportReason } from '@portal/contracts';
import { useReportMessageMutation, type DisplayMessage } from '@portal/chat';
import { errorMessage, notify, useScreens } from '@portal/web-core';
import { useChatT } from './i18n';

/**
 * Reporting a message to the school's safeguarding leads: why (required) and, if one wants, a note. The reporter is told
 * it was received, and that the person reported is not told who reported it.
 */
export function ReportMessageDialog({
  message,
  onClose,
  onReported,
}: {
  message: DisplayMessage | null;
  onClose: () => void;
  onReported: (messageId: string) => void;
}) {
  const { t } = useChatT();
  const phone = useScreens().sm === false;
  const [form] = Form.useForm<{ reason: MessageReportReason; note?: string }>();
  const [report, { isLoading }] = useReportMessageMutation();
  const submit = async () => {
    if (!message) return;
    try {
      const v = await form.validateFields();
      const receipt = await report({
        messageId: message._id,
        reason: v.reason,
        note: v.note?.trim() || undefined,
      }).unwrap();
      notify.success(receipt.message);
      onReported(message._id);
      form.resetFields();
      onClose();
    } catch (e) {
      if ((e as { errorFields?: unknown }).errorFields) return;
      notify.error(errorMessage(e, t('report.failed')));
    }
  };
  return (
    <Modal
      open={!!message}
      title={t('report.title')}
      okText={t('report.send')}
      cancelText={t('report.cancel')}
      onOk={submit}
      onCancel={() => {
        form.resetFields();
        onClose();
      }}
      confirmLoading={isLoading}
      width={phone ? '100%' : 520}
      destroyOnHidden
    >
      {message && (
        <blockquote
          style={{ margin: '0 0 12px', paddingLeft: 12, borderLeft: '3px solid currentColor', whiteSpace: 'pre-wrap' }}
          data-testid="reported-message"
        >
          {message.content || message.attachment?.fileName}
        </blockquote>
      )}
      <Alert type="info" showIcon title={t('report.explain')} style={{ marginBottom: 16 }} />
      <Form form={form} name="reportMessage" layout="vertical" requiredMark={false}>
        <Form.Item
          name="reason"
          label={t('report.reason')}
          rules={[{ required: true, message: t('report.reasonRequired') }]}
        >
          <Radio.Group>
            {MESSAGE_REPORT_REASONS.map((r) => (
              <Radio key={r} value={r} style={{ display: 'flex', minHeight: 44, alignItems: 'center' }}>
                {t(`report.reasons.${r}`)}
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
        <Form.Item
          name="note"
          label={t('report.note')}
          rules={[{ max: REPORT_NOTE_MAX, message: t('report.noteTooLong', { max: REPORT_NOTE_MAX }) }]}
        >
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={REPORT_NOTE_MAX} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
