import { Form, InputNumber, Modal, Skeleton } from 'antd';
import { useEffect } from 'react';
import { GRIEVANCE_DEADLINE_MAX_DAYS, GRIEVANCE_PRIORITIES, type GrievanceDeadlineSettings } from '@portal/contracts';
import { errorMessage, notify } from '@portal/web-core';
import { useGrievanceSettingsQuery, useUpdateGrievanceSettingsMutation } from '@portal/grievances';
import { useAdminT } from './i18n';

/** School days each priority may stay open before it escalates; applies to grievances filed or re-prioritised later. */
export function GrievanceDeadlineSettingsDialog({ onClose }: { onClose: () => void }) {
  const { t } = useAdminT();
  const { data, isLoading } = useGrievanceSettingsQuery();
  const [save, { isLoading: saving }] = useUpdateGrievanceSettingsMutation();
  const [form] = Form.useForm<GrievanceDeadlineSettings>();
  useEffect(() => {
    if (data) form.setFieldsValue(data);
  }, [data, form]);
  const send = async (v: GrievanceDeadlineSettings) => {
    try {
      await save(v).unwrap();
      notify.success(t('grievances.deadlineSettings.saved'));
      onClose();
    } catch (e) {
      notify.error(errorMessage(e, t('grievances.deadlineSettings.saveFailed')));
    }
  };
  return (
    <Modal
      open
      title={t('grievances.deadlineSettings.title')}
      okText={t('grievances.deadlineSettings.save')}
      onOk={() => form.submit()}
      confirmLoading={saving}
      onCancel={onClose}
      forceRender
    >
      {isLoading ? (
        <Skeleton active />
      ) : (
        <Form form={form} layout="vertical" onFinish={send}>
          <p>{t('grievances.deadlineSettings.intro')}</p>
          {GRIEVANCE_PRIORITIES.map((p) => (
            <Form.Item
              key={p}
              name={p}
              label={t('grievances.deadlineSettings.label', { priority: t(`grievances.priority.${p}`) })}
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
