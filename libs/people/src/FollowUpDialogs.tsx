import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Checkbox, Flex, Form, Input, Modal, Select } from 'antd';
import {
  CONTACT_MODES,
  ErrorCode,
  MAX_ACTION_ITEMS,
  MAX_REASON_LENGTH,
  MAX_SUMMARY_LENGTH,
  type ContactMode,
} from '@portal/contracts';
import { errorMessage, notify, schoolToday } from '@portal/web-core';
import { DayPicker } from '@portal/ui';
import { useDismissSignalsMutation, useLogFollowUpMutation } from './followupApi';
import { usePeopleT } from './i18n';

interface LogForm {
  date: string;
  mode: ContactMode;
  summary: string;
  private: boolean;
  actionItems?: { text: string; dueDate?: string }[];
}

/** A meeting or contact with a student: logging it answers every signal waiting in the queue. */
export function LogFollowUpDialog({
  student,
  onClose,
}: {
  student: { menteeId: string; fullName: string } | null;
  onClose: () => void;
}) {
  const { t } = usePeopleT();
  const [form] = Form.useForm<LogForm>();
  const [logFollowUp, { isLoading }] = useLogFollowUpMutation();
  const submit = async (v: LogForm) => {
    if (!student) return;
    try {
      await logFollowUp({
        menteeId: student.menteeId,
        date: v.date,
        mode: v.mode,
        summary: v.summary.trim(),
        private: !!v.private,
        actionItems: (v.actionItems ?? [])
          .filter((a) => a?.text?.trim())
          .map((a) => ({ text: a.text.trim(), dueDate: a.dueDate || null })),
      }).unwrap();
      notify.success(t('log.logged', { name: student.fullName }));
      form.resetFields();
      onClose();
    } catch (e) {
      notify.error(
        errorMessage(e, t('log.failed'), {
          [ErrorCode.DateInFuture]: t('log.dateInFuture'),
        }),
      );
    }
  };
  return (
    <Modal
      open={!!student}
      title={student ? t('log.titleFor', { name: student.fullName }) : t('log.title')}
      okText={t('log.save')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={isLoading}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{ date: schoolToday(), mode: 'inPerson', private: false }}
      >
        <Form.Item label={t('log.date')} name="date" rules={[{ required: true, message: t('log.dateRequired') }]}>
          <DayPicker max={schoolToday()} />
        </Form.Item>
        <Form.Item label={t('log.mode')} name="mode" rules={[{ required: true, message: t('log.modeRequired') }]}>
          <Select options={CONTACT_MODES.map((m) => ({ value: m, label: t(`contactMode.${m}`) }))} />
        </Form.Item>
        <Form.Item
          label={t('log.summary')}
          name="summary"
          rules={[{ required: true, whitespace: true, message: t('log.summaryRequired') }]}
        >
          <Input.TextArea rows={3} maxLength={MAX_SUMMARY_LENGTH} />
        </Form.Item>
        <Form.List name="actionItems">
          {(fields, { add, remove }) => (
            <Flex vertical gap={8} style={{ marginBottom: 16 }}>
              {fields.map((field, i) => (
                <Flex key={field.key} gap={8} align="start" wrap>
                  <Form.Item
                    name={[field.name, 'text']}
                    rules={[{ required: true, whitespace: true, message: t('log.actionRequired') }]}
                    style={{ flex: '1 1 180px', margin: 0 }}
                  >
                    <Input
                      aria-label={t('log.actionItemN', { n: i + 1 })}
                      placeholder={t('log.actionItem')}
                      maxLength={500}
                    />
                  </Form.Item>
                  <Form.Item name={[field.name, 'dueDate']} style={{ margin: 0 }}>
                    <DayPicker aria-label={t('log.dueDateN', { n: i + 1 })} />
                  </Form.Item>
                  <Button
                    icon={<MinusCircleOutlined aria-hidden />}
                    aria-label={t('log.removeN', { n: i + 1 })}
                    onClick={() => remove(field.name)}
                  />
                </Flex>
              ))}
              {fields.length < MAX_ACTION_ITEMS && (
                <Button icon={<PlusOutlined aria-hidden />} onClick={() => add({ text: '' })}>
                  {t('log.addActionItem')}
                </Button>
              )}
            </Flex>
          )}
        </Form.List>
        <Form.Item name="private" valuePropName="checked">
          <Checkbox>{t('log.private')}</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** "No follow-up needed", with the reason (kept on the student's record). */
export function DismissSignalsDialog({
  student,
  onClose,
}: {
  student: { menteeId: string; fullName: string } | null;
  onClose: () => void;
}) {
  const { t } = usePeopleT();
  const [form] = Form.useForm<{ reason: string }>();
  const [dismiss, { isLoading }] = useDismissSignalsMutation();
  const submit = async ({ reason }: { reason: string }) => {
    if (!student) return;
    try {
      await dismiss({ menteeId: student.menteeId, reason: reason.trim() }).unwrap();
      notify.success(t('dismiss.done', { name: student.fullName }));
      form.resetFields();
      onClose();
    } catch (e) {
      notify.error(errorMessage(e, t('dismiss.failed')));
    }
  };
  return (
    <Modal
      open={!!student}
      title={student ? t('dismiss.titleFor', { name: student.fullName }) : t('dismiss.title')}
      okText={t('dismiss.ok')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={isLoading}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item
          label={t('dismiss.reason')}
          name="reason"
          rules={[{ required: true, whitespace: true, message: t('dismiss.reasonRequired') }]}
          extra={t('dismiss.help')}
        >
          <Input.TextArea rows={3} maxLength={MAX_REASON_LENGTH} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
