import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Checkbox, Flex, Form, Input, Modal, Select } from 'antd';
import {
  CONTACT_MODE_LABELS,
  CONTACT_MODES,
  ErrorCode,
  MAX_ACTION_ITEMS,
  MAX_REASON_LENGTH,
  MAX_SUMMARY_LENGTH,
  type ContactMode,
} from '@portal/contracts';
import { errorMessage, notify } from '@portal/web-core';
import { useDismissSignalsMutation, useLogFollowUpMutation } from './followupApi';

const localToday = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

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
      notify.success(`Follow-up with ${student.fullName} logged`);
      form.resetFields();
      onClose();
    } catch (e) {
      notify.error(
        errorMessage(e, 'Could not log the follow-up. Please try again.', {
          [ErrorCode.DateInFuture]: 'The date of a meeting cannot be in the future.',
        }),
      );
    }
  };
  return (
    <Modal
      open={!!student}
      title={student ? `Log follow-up: ${student.fullName}` : 'Log follow-up'}
      okText="Save"
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={isLoading}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{ date: localToday(), mode: 'inPerson', private: false }}
      >
        <Form.Item label="Date" name="date" rules={[{ required: true, message: 'Date is required' }]}>
          <Input type="date" max={localToday()} />
        </Form.Item>
        <Form.Item label="Mode" name="mode" rules={[{ required: true, message: 'Mode is required' }]}>
          <Select options={CONTACT_MODES.map((m) => ({ value: m, label: CONTACT_MODE_LABELS[m] }))} />
        </Form.Item>
        <Form.Item
          label="Summary"
          name="summary"
          rules={[{ required: true, whitespace: true, message: 'Please write a short summary' }]}
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
                    rules={[{ required: true, whitespace: true, message: 'Write the action or remove it' }]}
                    style={{ flex: '1 1 180px', margin: 0 }}
                  >
                    <Input aria-label={`Action item ${i + 1}`} placeholder="Action item" maxLength={500} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'dueDate']} style={{ margin: 0 }}>
                    <Input type="date" aria-label={`Due date of action item ${i + 1}`} />
                  </Form.Item>
                  <Button
                    icon={<MinusCircleOutlined />}
                    aria-label={`Remove action item ${i + 1}`}
                    onClick={() => remove(field.name)}
                  />
                </Flex>
              ))}
              {fields.length < MAX_ACTION_ITEMS && (
                <Button icon={<PlusOutlined />} onClick={() => add({ text: '' })}>
                  Add action item
                </Button>
              )}
            </Flex>
          )}
        </Form.List>
        <Form.Item name="private" valuePropName="checked">
          <Checkbox>Private note (never shown to the student)</Checkbox>
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
  const [form] = Form.useForm<{ reason: string }>();
  const [dismiss, { isLoading }] = useDismissSignalsMutation();
  const submit = async ({ reason }: { reason: string }) => {
    if (!student) return;
    try {
      await dismiss({ menteeId: student.menteeId, reason: reason.trim() }).unwrap();
      notify.success(`${student.fullName} dismissed from the queue`);
      form.resetFields();
      onClose();
    } catch (e) {
      notify.error(errorMessage(e, 'Could not dismiss. Please try again.'));
    }
  };
  return (
    <Modal
      open={!!student}
      title={student ? `Dismiss: ${student.fullName}` : 'Dismiss'}
      okText="Dismiss"
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={isLoading}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item
          label="Reason"
          name="reason"
          rules={[{ required: true, whitespace: true, message: 'Please give a reason for dismissing' }]}
          extra="The student returns to the queue when a new signal appears."
        >
          <Input.TextArea rows={3} maxLength={MAX_REASON_LENGTH} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
