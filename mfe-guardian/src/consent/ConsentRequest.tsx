import { Form, Modal, Radio, Typography } from 'antd';
import { ErrorCode } from '@portal/contracts';
import { errorMessage, notify } from '@portal/web-core';
import { useConsentQuery, useRecordConsentMutation } from '../guardianApi';
import { useGuardianT } from '../i18n';
import { NoticeText } from './NoticeText';

type Answers = Record<string, 'given' | 'refused'>;

/**
 * At a guardian's first visit, and again once the school publishes a new notice: the privacy notice and a choice for
 * each child not yet answered for it. It cannot be dismissed unanswered; either answer keeps the child in view.
 */
export function ConsentRequest() {
  const { t } = useGuardianT();
  const { data, refetch } = useConsentQuery();
  const [record, { isLoading }] = useRecordConsentMutation();
  const [form] = Form.useForm<Answers>();
  const asked = data && data.notice.version > 0 ? data.children.filter((c) => !c.current) : [];
  if (!data || !asked.length) return null;
  const submit = async (answers: Answers) => {
    try {
      for (const c of asked)
        await record({ childId: c.childId, decision: answers[c.childId], noticeVersion: data.notice.version }).unwrap();
      notify.success(t('consent.saved'));
    } catch (e) {
      notify.error(errorMessage(e, t('consent.failed')));
      if ((e as { data?: { code?: string } }).data?.code === ErrorCode.PrivacyNoticeChanged) void refetch();
    }
  };
  return (
    <Modal
      open
      title={t('consent.title')}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      okText={t('consent.save')}
      onOk={() => form.submit()}
      confirmLoading={isLoading}
      footer={(_, { OkBtn }) => <OkBtn />}
    >
      <Typography.Paragraph>{t('consent.intro')}</Typography.Paragraph>
      <NoticeText notice={data.notice} />
      <Form form={form} name="consent" layout="vertical" onFinish={submit} style={{ marginTop: 16 }}>
        {asked.map((c) => (
          <Form.Item
            key={c.childId}
            name={c.childId}
            label={t('consent.forChild', { name: c.childName })}
            rules={[{ required: true, message: t('consent.required') }]}
          >
            <Radio.Group
              options={[
                { value: 'given', label: t('consent.give') },
                { value: 'refused', label: t('consent.refuse') },
              ]}
            />
          </Form.Item>
        ))}
      </Form>
      <Typography.Text type="secondary">{t('consent.either')}</Typography.Text>
    </Modal>
  );
}
