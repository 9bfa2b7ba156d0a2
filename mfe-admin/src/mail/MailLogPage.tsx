import { EyeOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Descriptions, Flex, Modal, Select, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import {
  MAIL_KINDS,
  MAIL_STATUSES,
  type MailDeliveryResponse,
  type MailKind,
  type MailStatus,
} from '@portal/contracts';
import { useMailLogQuery } from '@portal/notifications';
import { PageHeader } from '@portal/ui';
import { errorMessage, Trans, useFormat, useScreens } from '@portal/web-core';
import { useAdminT } from './i18n';

const PAGE_SIZE = 20;

/** Each kind and status says itself in words (the catalogue's `mail.kinds.<kind>`, `mail.statuses.<status>`); the
 * colour only repeats it. */
const kindKey = (kind: MailKind) => `mail.kinds.${kind}`;
const STATUS_COLOR: Record<MailStatus, string> = {
  pending: 'gold',
  sent: 'green',
  kept: 'blue',
  cancelled: 'default',
  failed: 'red',
};

function MailStatusTag({ status }: { status: MailStatus }) {
  const { t } = useAdminT();
  return (
    <Tag color={STATUS_COLOR[status]} style={{ marginInlineEnd: 0 }}>
      {t(`mail.statuses.${status}`)}
    </Tag>
  );
}

/** Every e-mail the portal sent, kept, is waiting to send or gave up on: filters by status and kind, the text in a dialog. */
export function MailLogPage() {
  const { t } = useAdminT();
  const f = useFormat();
  const when = (iso: string | null) => (iso ? f.dateTime(iso) : '—');
  /** When the row matters: sent at, or due at while it waits, or written at. */
  const timeOf = (d: MailDeliveryResponse) =>
    d.sentAt
      ? t('mail.sentAt', { when: when(d.sentAt) })
      : d.status === 'pending'
        ? t('mail.dueAt', { when: when(d.sendAfter) })
        : when(d.createdAt);
  const kindLabel = (k: MailKind) => ((MAIL_KINDS as readonly string[]).includes(k) ? t(kindKey(k)) : k);
  const phone = useScreens().md === false;
  const [status, setStatus] = useState<MailStatus | undefined>();
  const [kind, setKind] = useState<MailKind | undefined>();
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<MailDeliveryResponse | null>(null);
  const { data, isFetching, error, refetch } = useMailLogQuery({ status, kind, page, limit: PAGE_SIZE });
  const filtered = !!(status || kind);
  const total = data?.total ?? 0;

  return (
    <>
      <PageHeader
        title={t('mail.title')}
        subtitle={
          data
            ? filtered
              ? t('mail.mailsFiltered', { count: total })
              : t('mail.mails', { count: total })
            : t('mail.subtitle')
        }
      />
      {data && !data.smtpConfigured && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('mail.smtpTitle')}
          description={<Trans t={t} i18nKey="mail.smtpText" components={{ code: <Typography.Text code /> }} />}
        />
      )}
      <Card size="small" style={{ marginBottom: 16 }}>
        <Flex gap={12} wrap>
          <Select
            allowClear
            placeholder={t('mail.allStatuses')}
            value={status}
            onChange={(v) => {
              setStatus(v);
              setPage(1);
            }}
            style={{ flex: '1 1 180px', maxWidth: phone ? undefined : 240 }}
            aria-label={t('mail.statusFilter')}
            options={MAIL_STATUSES.map((s) => ({ value: s, label: t(`mail.statuses.${s}`) }))}
          />
          <Select
            allowClear
            placeholder={t('mail.allKinds')}
            value={kind}
            onChange={(v) => {
              setKind(v);
              setPage(1);
            }}
            style={{ flex: '1 1 220px', maxWidth: phone ? undefined : 280 }}
            aria-label={t('mail.kindFilter')}
            // Fifteen kinds: every one rendered, none hidden behind virtual scrolling.
            virtual={false}
            options={MAIL_KINDS.map((k) => ({ value: k, label: t(kindKey(k)) }))}
          />
        </Flex>
      </Card>
      {error && (
        <Alert
          type="error"
          showIcon
          title={errorMessage(error, t('mail.loadFailed'))}
          action={<Button onClick={() => void refetch()}>{t('mail.retry')}</Button>}
          style={{ marginBottom: 16 }}
        />
      )}
      <Table<MailDeliveryResponse>
        rowKey="_id"
        loading={isFetching}
        dataSource={data?.deliveries ?? []}
        tableLayout="fixed"
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total,
          onChange: setPage,
          showSizeChanger: false,
          simple: phone,
        }}
        locale={{
          emptyText: (
            <Typography.Text type="secondary">{filtered ? t('mail.noMatch') : t('mail.empty')}</Typography.Text>
          ),
        }}
        columns={[
          {
            title: t('mail.columns.mail'),
            key: 'mail',
            render: (_, d) => (
              <Flex vertical style={{ minWidth: 0 }}>
                <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>
                  {d.subject}
                </Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12, overflowWrap: 'anywhere' }}>
                  {d.withheld ? t('mail.withheld') : t('mail.to', { to: d.to })}
                </Typography.Text>
                {phone && (
                  <Flex gap={4} wrap align="center" style={{ marginTop: 4 }}>
                    <MailStatusTag status={d.status} />
                    <Tag style={{ marginInlineEnd: 0 }}>{kindLabel(d.kind)}</Tag>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {timeOf(d)}
                    </Typography.Text>
                  </Flex>
                )}
              </Flex>
            ),
          },
          {
            title: t('mail.columns.kind'),
            dataIndex: 'kind',
            responsive: ['md'],
            width: 190,
            render: (k: MailKind) => kindLabel(k),
          },
          {
            title: t('mail.columns.status'),
            dataIndex: 'status',
            responsive: ['md'],
            width: 150,
            render: (s: MailStatus, d) => (
              <Flex vertical align="start" gap={2}>
                <MailStatusTag status={s} />
                {d.attempts > 0 && (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {t('mail.attempts', { count: d.attempts })}
                  </Typography.Text>
                )}
              </Flex>
            ),
          },
          {
            title: t('mail.columns.when'),
            key: 'when',
            responsive: ['md'],
            width: 190,
            render: (_, d) => timeOf(d),
          },
          {
            title: <span className="sr-only">{t('mail.columns.actions')}</span>,
            key: 'view',
            width: phone ? 64 : 124,
            render: (_, d) => (
              <Button
                icon={<EyeOutlined aria-hidden />}
                onClick={() => setOpen(d)}
                aria-label={phone ? t('mail.viewLabel', { subject: d.subject }) : undefined}
                style={phone ? { width: 44, height: 44 } : undefined}
              >
                {phone ? null : (
                  <>
                    {t('mail.view')}
                    <span className="sr-only"> {t('mail.viewHidden', { subject: d.subject })}</span>
                  </>
                )}
              </Button>
            ),
          },
        ]}
      />
      <Modal
        open={!!open}
        title={open?.subject}
        onCancel={() => setOpen(null)}
        footer={<Button onClick={() => setOpen(null)}>{t('mail.close')}</Button>}
        width={720}
      >
        {open && (
          <Flex vertical gap={12}>
            <Descriptions
              size="small"
              column={1}
              bordered
              items={[
                {
                  key: 'to',
                  label: t('mail.details.to'),
                  children: (
                    <span style={{ overflowWrap: 'anywhere' }}>{open.withheld ? t('mail.withheld') : open.to}</span>
                  ),
                },
                { key: 'kind', label: t('mail.details.kind'), children: kindLabel(open.kind) },
                { key: 'status', label: t('mail.details.status'), children: <MailStatusTag status={open.status} /> },
                { key: 'created', label: t('mail.details.written'), children: when(open.createdAt) },
                { key: 'due', label: t('mail.details.due'), children: when(open.sendAfter) },
                { key: 'sent', label: t('mail.details.sent'), children: when(open.sentAt) },
                { key: 'attempts', label: t('mail.details.attempts'), children: open.attempts },
                ...(open.lastError
                  ? [
                      {
                        key: 'error',
                        label: t('mail.details.lastError'),
                        children: <Typography.Text>{open.lastError}</Typography.Text>,
                      },
                    ]
                  : []),
              ]}
            />
            <div>
              <Typography.Title level={5} style={{ marginTop: 0 }}>
                {t('mail.message')}
              </Typography.Title>
              <pre
                data-testid="mail-text"
                style={{
                  margin: 0,
                  whiteSpace: 'pre-wrap',
                  overflowWrap: 'anywhere',
                  fontFamily: 'inherit',
                }}
              >
                {open.text}
              </pre>
            </div>
          </Flex>
        )}
      </Modal>
    </>
  );
}
