import { ExclamationCircleFilled } from '@ant-design/icons';
import { Button, Descriptions, Flex, Form, Input, Popconfirm, Radio, Select, Skeleton, Tag } from 'antd';
import {
  GUARDIAN_DELIVERIES,
  type ConsentDecision,
  type GuardianConsentState,
  type PrivacyNoticeResponse,
} from '@portal/contracts';
import { LoadError, PageHeader, Panel, Text } from '@portal/ui';
import {
  api,
  chooseLanguage,
  errorMessage,
  LANGUAGES,
  notify,
  sessionActions,
  useAppDispatch,
  useFormat,
  useScreens,
  useSession,
  type Language,
} from '@portal/web-core';
import { NoticeText } from '../consent/NoticeText';
import { useConsentQuery, useDeliveryQuery, useRecordConsentMutation, useSetDeliveryMutation } from '../guardianApi';
import { useGuardianT } from '../i18n';

const DECISION_COLOR: Record<ConsentDecision, string> = { given: 'green', refused: 'default', withdrawn: 'orange' };

/** The guardian's own details: the phone the school may call, and the language of the portal and of every e-mail. */
function Details() {
  const { t, i18n } = useGuardianT();
  const dispatch = useAppDispatch();
  const phone = useScreens().sm === false;
  const { user } = useSession();
  const [save, { isLoading }] = api.useUpdateMeMutation();
  const [form] = Form.useForm<{ phone: string }>();
  if (!user) return null;
  const submit = async ({ phone: value }: { phone: string }) => {
    try {
      const me = await save({ phone: value.trim() }).unwrap();
      dispatch(sessionActions.profileLoaded(me));
      notify.success(t('profile.saved'));
    } catch (e) {
      notify.error(errorMessage(e, t('profile.saveFailed')));
    }
  };
  return (
    <Panel title={t('profile.details')}>
      <Flex vertical gap={16}>
        <Descriptions
          column={1}
          size="small"
          items={[
            { key: 'n', label: t('profile.name'), children: user.fullName },
            { key: 'e', label: t('profile.email'), children: user.email },
          ]}
        />
        <Form
          form={form}
          name="guardianProfile"
          layout="vertical"
          initialValues={{ phone: user.phone }}
          onFinish={submit}
          style={{ maxWidth: phone ? undefined : 360 }}
        >
          <Form.Item
            label={t('profile.phone')}
            name="phone"
            rules={[
              { required: true, whitespace: true, message: t('profile.phoneRequired') },
              { max: 30, message: t('profile.phoneTooLong') },
            ]}
          >
            <Input autoComplete="tel" inputMode="tel" />
          </Form.Item>
          <Form.Item label={t('profile.language')} extra={t('profile.languageHelp')}>
            <Select
              aria-label={t('profile.language')}
              value={i18n.language as Language}
              onChange={(code: Language) => void dispatch(chooseLanguage(code))}
              options={LANGUAGES.map((l) => ({ value: l.code, label: <span lang={l.code}>{l.name}</span> }))}
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={isLoading} block={phone}>
            {t('profile.save')}
          </Button>
        </Form>
      </Flex>
    </Panel>
  );
}

/** One child's consent: where it stands, and the one action that changes it. */
function ChildConsent({ state, notice }: { state: GuardianConsentState; notice: PrivacyNoticeResponse }) {
  const { t } = useGuardianT();
  const f = useFormat();
  const [record, { isLoading }] = useRecordConsentMutation();
  const change = async (decision: 'given' | 'refused') => {
    try {
      await record({ childId: state.childId, decision, noticeVersion: notice.version }).unwrap();
      notify.success(decision === 'given' ? t('consent.givenNow') : t('consent.withdrawnNow'));
    } catch (e) {
      notify.error(errorMessage(e, t('consent.failed')));
    }
  };
  const given = state.decision === 'given';
  return (
    <Flex justify="space-between" align="center" gap={12} wrap data-testid="child-consent">
      <Flex vertical gap={2}>
        <Text strong>{state.childName}</Text>
        <span>
          <Tag color={state.decision ? DECISION_COLOR[state.decision] : 'default'}>
            {state.decision ? t(`consent.decision.${state.decision}`) : t('consent.decision.none')}
          </Tag>
          {state.decidedAt && (
            <Text type="secondary">
              {t('consent.since', { date: f.date(state.decidedAt), version: state.noticeVersion })}
            </Text>
          )}
        </span>
      </Flex>
      {given ? (
        <Popconfirm
          icon={<ExclamationCircleFilled aria-hidden />}
          title={t('consent.withdrawTitle', { name: state.childName })}
          description={t('consent.withdrawHelp')}
          okText={t('consent.withdraw')}
          cancelText={t('consent.keep')}
          onConfirm={() => change('refused')}
        >
          <Button loading={isLoading}>{t('consent.withdraw')}</Button>
        </Popconfirm>
      ) : (
        <Button type="primary" loading={isLoading} onClick={() => change('given')}>
          {t('consent.giveAction')}
        </Button>
      )}
    </Flex>
  );
}

/** The privacy notice, and the guardian's consent child by child. */
function Consent() {
  const { t } = useGuardianT();
  const { data, error, isLoading, refetch } = useConsentQuery();
  if (isLoading) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (error || !data) return <LoadError title={t('consent.loadFailed')} onRetry={refetch} />;
  return (
    <Panel title={t('consent.panel')}>
      {data.notice.version === 0 ? (
        <Text type="secondary">{t('consent.noNotice')}</Text>
      ) : (
        <Flex vertical gap={16}>
          <NoticeText notice={data.notice} />
          <Text type="secondary">{t('consent.either')}</Text>
          {data.children.map((c) => (
            <ChildConsent key={c.childId} state={c} notice={data.notice} />
          ))}
        </Flex>
      )}
    </Panel>
  );
}

/** How the guardian's e-mails come: each at once, one daily summary, or none (safety notices come whatever). */
function Delivery() {
  const { t } = useGuardianT();
  const { data, error, isLoading, refetch } = useDeliveryQuery();
  const [save, { isLoading: saving }] = useSetDeliveryMutation();
  if (isLoading) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (error || !data) return <LoadError title={t('delivery.loadFailed')} onRetry={refetch} />;
  return (
    <Panel title={t('delivery.panel')} data-testid="mail-delivery">
      <Flex vertical gap={12}>
        <Radio.Group
          aria-label={t('delivery.panel')}
          value={data.delivery}
          disabled={saving}
          style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
          options={GUARDIAN_DELIVERIES.map((d) => ({ value: d, label: t(`delivery.${d}`, { time: data.digestAt }) }))}
          onChange={(e) =>
            save({ delivery: e.target.value })
              .unwrap()
              .then(() => notify.success(t('delivery.saved')))
              .catch((err: unknown) => notify.error(errorMessage(err, t('delivery.failed'))))
          }
        />
        <Text type="secondary">{t('delivery.safety')}</Text>
      </Flex>
    </Panel>
  );
}

/** A guardian's Profile: their details and language, and their consent for each child. */
export function GuardianProfilePage() {
  const { t } = useGuardianT();
  return (
    <>
      <PageHeader title={t('profile.title')} subtitle={t('profile.subtitle')} />
      <Flex vertical gap={16}>
        <Details />
        <Delivery />
        <Consent />
      </Flex>
    </>
  );
}
