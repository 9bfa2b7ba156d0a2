import { ExclamationCircleFilled } from '@ant-design/icons';
import { Button, Form, Input, Popconfirm, Skeleton } from 'antd';
import { useEffect } from 'react';
import { PRIVACY_NOTICE_MAX } from '@portal/contracts';
import { LoadError, PageHeader, Panel, Text } from '@portal/ui';
import { errorMessage, notify, useFormat, useScreens } from '@portal/web-core';
import { usePrivacyNoticeQuery, usePublishPrivacyNoticeMutation } from '../adminApi';
import { useAdminT } from './i18n';
import { RetentionCard } from './RetentionCard';

/** The privacy notice guardians consent to: the current version, and a new version to publish. */
export function PrivacyPage() {
  const { t } = useAdminT();
  const f = useFormat();
  const phone = useScreens().sm === false;
  const { data, isLoading, error, refetch } = usePrivacyNoticeQuery();
  const [publish, { isLoading: publishing }] = usePublishPrivacyNoticeMutation();
  const [form] = Form.useForm<{ text: string }>();
  const text = Form.useWatch('text', form) ?? '';
  useEffect(() => {
    if (data) form.setFieldsValue({ text: data.text });
  }, [data, form]);
  const next = (data?.version ?? 0) + 1;
  const unchanged = !!data && text.trim() === data.text;
  const submit = async () => {
    try {
      const values = await form.validateFields();
      const notice = await publish({ text: values.text.trim() }).unwrap();
      notify.success(t('privacy.notice.published', { version: notice.version }));
    } catch (e) {
      if ((e as { errorFields?: unknown }).errorFields) return; // the form shows what is missing
      notify.error(errorMessage(e, t('privacy.notice.publishFailed')));
    }
  };
  return (
    <>
      <PageHeader title={t('privacy.title')} subtitle={t('privacy.subtitle')} />
      <Panel title={t('privacy.notice.title')} style={{ maxWidth: 960 }}>
        {isLoading ? (
          <Skeleton active paragraph={{ rows: 6 }} />
        ) : error || !data ? (
          <LoadError title={t('privacy.notice.loadFailed')} onRetry={refetch} />
        ) : (
          <Form form={form} name="privacyNotice" layout="vertical" requiredMark={false}>
            <Text type="secondary" style={{ display: 'block', marginBottom: 16 }} data-testid="notice-version">
              {data.version
                ? t('privacy.notice.current', { version: data.version, date: f.date(data.publishedAt!) })
                : t('privacy.notice.none')}
            </Text>
            <Form.Item
              label={t('privacy.notice.text')}
              name="text"
              extra={t('privacy.notice.help')}
              rules={[
                { required: true, whitespace: true, message: t('privacy.notice.textRequired') },
                { max: PRIVACY_NOTICE_MAX, message: t('privacy.notice.textTooLong', { max: PRIVACY_NOTICE_MAX }) },
              ]}
            >
              <Input.TextArea autoSize={{ minRows: 8, maxRows: 20 }} />
            </Form.Item>
            {unchanged && (
              <Text type="secondary" style={{ display: 'block', marginBottom: 12 }}>
                {t('privacy.notice.unchanged')}
              </Text>
            )}
            <Popconfirm
              icon={<ExclamationCircleFilled aria-hidden />}
              title={t('privacy.notice.confirmTitle', { version: next })}
              description={t('privacy.notice.confirmText')}
              okText={t('privacy.notice.publish')}
              cancelText={t('privacy.notice.cancel')}
              onConfirm={submit}
              disabled={unchanged || !text.trim()}
            >
              <Button type="primary" loading={publishing} disabled={unchanged || !text.trim()} block={phone}>
                {t('privacy.notice.publish')}
              </Button>
            </Popconfirm>
          </Form>
        )}
      </Panel>
      <RetentionCard />
    </>
  );
}
