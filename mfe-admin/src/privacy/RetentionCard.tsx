import { Button, Flex, Form, InputNumber, Skeleton, Switch, Table } from 'antd';
import { useEffect } from 'react';
import {
  RETENTION_KINDS,
  RETENTION_MAX_DAYS,
  RETENTION_MIN_DAYS,
  type RetentionKind,
  type RetentionPeriods,
} from '@portal/contracts';
import { LoadError, Panel, Text } from '@portal/ui';
import { errorMessage, notify, useFormat, useScreens } from '@portal/web-core';
import { useAdminT } from './i18n';
import { useLazyRetentionDryRunQuery, useRetentionQuery, useUpdateRetentionMutation } from './retentionApi';

/** One row of the form: whether the kind is kept for good, and otherwise for how many days. */
type Row = { keep: boolean; days: number | null };
type Values = Record<RetentionKind, Row>;

const toValues = (p: RetentionPeriods): Values =>
  Object.fromEntries(RETENTION_KINDS.map((k) => [k, { keep: p[k] === null, days: p[k] }])) as Values;

/** How long each kind of record is kept before the daily purge deletes it; a dry run says what would go now. */
export function RetentionCard() {
  const { t } = useAdminT();
  const f = useFormat();
  const phone = useScreens().sm === false;
  const { data, isLoading, error, refetch } = useRetentionQuery();
  const [save, { isLoading: saving }] = useUpdateRetentionMutation();
  const [dryRun, dry] = useLazyRetentionDryRunQuery();
  const [form] = Form.useForm<Values>();
  const values = Form.useWatch([], form) as Values | undefined;
  useEffect(() => {
    if (data) form.setFieldsValue(toValues(data.periods));
  }, [data, form]);

  const submit = async () => {
    try {
      const v = await form.validateFields();
      const periods = Object.fromEntries(
        RETENTION_KINDS.map((k) => [k, v[k].keep ? null : (v[k].days as number)]),
      ) as RetentionPeriods;
      await save({ periods }).unwrap();
      notify.success(t('privacy.retention.saved'));
    } catch (e) {
      if ((e as { errorFields?: unknown }).errorFields) return;
      notify.error(errorMessage(e, t('privacy.retention.saveFailed')));
    }
  };

  return (
    <Panel title={t('privacy.retention.title')} style={{ maxWidth: 960, marginTop: 16 }}>
      {isLoading ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : error || !data ? (
        <LoadError title={t('privacy.retention.loadFailed')} onRetry={refetch} />
      ) : (
        <Form form={form} name="retention" layout="vertical" requiredMark={false}>
          <Text type="secondary" style={{ display: 'block', marginBottom: 16 }}>
            {t('privacy.retention.help', { min: RETENTION_MIN_DAYS })}{' '}
            {data.lastPurgeAt
              ? t('privacy.retention.lastPurge', { date: f.dateTime(data.lastPurgeAt) })
              : t('privacy.retention.neverPurged')}
          </Text>
          {RETENTION_KINDS.map((kind) => {
            const keep = values?.[kind]?.keep ?? data.periods[kind] === null;
            return (
              <Flex
                key={kind}
                vertical={phone}
                gap={phone ? 4 : 16}
                align={phone ? 'stretch' : 'center'}
                style={{ marginBottom: 12 }}
                data-testid={`retention-${kind}`}
              >
                <Text strong style={{ flex: '1 1 40%' }} id={`retention-${kind}-label`}>
                  {t(`privacy.retention.kind.${kind}`)}
                </Text>
                <Flex gap={12} align="center" wrap>
                  <Form.Item name={[kind, 'keep']} valuePropName="checked" noStyle>
                    <Switch
                      aria-label={t('privacy.retention.keepFor', { kind: t(`privacy.retention.kind.${kind}`) })}
                    />
                  </Form.Item>
                  <Text>{t('privacy.retention.keep')}</Text>
                  <Form.Item
                    name={[kind, 'days']}
                    hidden={keep}
                    style={{ marginBottom: 0 }}
                    dependencies={[[kind, 'keep']]}
                    rules={[
                      ({ getFieldValue }) => ({
                        // Read from the form, not from the last render: the switch may have just changed.
                        validator: (_rule, days: number | null) => {
                          if (getFieldValue([kind, 'keep'])) return Promise.resolve();
                          if (days === null || days === undefined)
                            return Promise.reject(new Error(t('privacy.retention.daysRequired')));
                          if (days < RETENTION_MIN_DAYS || days > RETENTION_MAX_DAYS)
                            return Promise.reject(
                              new Error(
                                t('privacy.retention.daysRange', { min: RETENTION_MIN_DAYS, max: RETENTION_MAX_DAYS }),
                              ),
                            );
                          return Promise.resolve();
                        },
                      }),
                    ]}
                  >
                    <InputNumber
                      precision={0}
                      aria-label={t('privacy.retention.daysFor', { kind: t(`privacy.retention.kind.${kind}`) })}
                      style={{ width: 120 }}
                    />
                  </Form.Item>
                  {!keep && <Text>{t('privacy.retention.days')}</Text>}
                </Flex>
              </Flex>
            );
          })}
          <Flex gap={12} wrap vertical={phone} style={{ marginTop: 8 }}>
            <Button type="primary" onClick={submit} loading={saving} block={phone}>
              {t('privacy.retention.save')}
            </Button>
            <Button onClick={() => dryRun()} loading={dry.isFetching} block={phone}>
              {t('privacy.retention.dryRun')}
            </Button>
          </Flex>
          {dry.error ? (
            <LoadError title={t('privacy.retention.dryRunFailed')} onRetry={() => dryRun()} />
          ) : dry.data && !dry.isFetching ? (
            <Table
              style={{ marginTop: 16 }}
              size="small"
              pagination={false}
              rowKey="kind"
              caption={t('privacy.retention.dryRunCaption')}
              dataSource={RETENTION_KINDS.map((kind) => ({ kind, count: dry.data!.counts[kind] }))}
              columns={[
                {
                  title: t('privacy.retention.what'),
                  dataIndex: 'kind',
                  render: (k: RetentionKind) => t(`privacy.retention.kind.${k}`),
                },
                { title: t('privacy.retention.wouldGo'), dataIndex: 'count', align: 'right' },
              ]}
            />
          ) : null}
        </Form>
      )}
    </Panel>
  );
}
