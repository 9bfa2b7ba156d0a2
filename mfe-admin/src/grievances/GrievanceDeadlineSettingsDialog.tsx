import { Form, InputNumber, Modal, Skeleton } from 'antd';
import { useEffect } from 'react';
import { GRIEVANCE_DEADLINE_MAX_DAYS, GRIEVANCE_PRIORITIES, type GrievanceDeadlineSettings } from '@portal/contracts';
import { errorMessage, notify } from '@portal/web-core';
import { useGrievanceSettingsQuery, useUpdateGrievanceSettingsMutation } from '@portal/grievances';

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** School days each priority may stay open before it escalates; applies to grievances filed or re-prioritised later. */
export function GrievanceDeadlineSettingsDialog({ onClose }: { onClose: () => void }) {
  const { data, isLoading } = useGrievanceSettingsQuery();
  const [save, { isLoading: saving }] = useUpdateGrievanceSettingsMutation();
  const [form] = Form.useForm<GrievanceDeadlineSettings>();
  useEffect(() => {
    if (data) form.setFieldsValue(data);
  }, [data, form]);
  const send = async (v: GrievanceDeadlineSettings) => {
    try {
      await save(v).unwrap();
      notify.success('Deadlines saved');
      onClose();
    } catch (e) {
      notify.error(errorMessage(e, 'Failed to save the deadlines'));
    }
  };
  return (
    <Modal
      open
      title="Grievance deadlines"
      okText="Save"
      onOk={() => form.submit()}
      confirmLoading={saving}
      onCancel={onClose}
      forceRender
    >
      {isLoading ? (
        <Skeleton active />
      ) : (
        <Form form={form} layout="vertical" onFinish={send}>
          <p>School days a grievance may stay open, by priority, before it is escalated to every administrator.</p>
          {GRIEVANCE_PRIORITIES.map((p) => (
            <Form.Item
              key={p}
              name={p}
              label={`${cap(p)} (school days)`}
              rules={[{ required: true, type: 'integer', min: 1, max: GRIEVANCE_DEADLINE_MAX_DAYS }]}
            >
              <InputNumber min={1} max={GRIEVANCE_DEADLINE_MAX_DAYS} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          ))}
        </Form>
      )}
    </Modal>
  );
}
