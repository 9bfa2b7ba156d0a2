import { EyeOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Descriptions, Flex, Grid, Modal, Select, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
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
import { errorMessage } from '@portal/web-core';

const PAGE_SIZE = 20;

export const MAIL_KIND_LABEL: Record<MailKind, string> = {
  'leave.decided': 'Leave decision',
  'grievance.status': 'Grievance status',
  'grievance.comment': 'Grievance comment',
  'grievance.escalated': 'Grievance escalated',
  'mentor.assigned': 'Mentor assigned',
  'announcement.new': 'Announcement',
  'group.added': 'Added to a group',
  'account.pending': 'Account awaiting approval',
  'risk.signal': 'Risk signal',
  'guardian.absence': 'Guardian absence notice',
  'password.reset': 'Password reset link',
};

/** Each status says itself in words; the colour only repeats it. */
export const MAIL_STATUS_LABEL: Record<MailStatus, string> = {
  pending: 'Pending',
  sent: 'Sent',
  kept: 'Kept (no SMTP)',
  cancelled: 'Cancelled',
  failed: 'Failed',
};
const STATUS_COLOR: Record<MailStatus, string> = {
  pending: 'gold',
  sent: 'green',
  kept: 'blue',
  cancelled: 'default',
  failed: 'red',
};

const when = (iso: string | null) => (iso ? dayjs(iso).format('MMM D, YYYY HH:mm') : '—');

function MailStatusTag({ status }: { status: MailStatus }) {
  return (
    <Tag color={STATUS_COLOR[status]} style={{ marginInlineEnd: 0 }}>
      {MAIL_STATUS_LABEL[status]}
    </Tag>
  );
}

/** When the row matters: sent at, or due at while it waits, or written at. */
const timeOf = (d: MailDeliveryResponse) =>
  d.sentAt ? `Sent ${when(d.sentAt)}` : d.status === 'pending' ? `Due ${when(d.sendAfter)}` : when(d.createdAt);

/** Every e-mail the portal sent, kept, is waiting to send or gave up on: filters by status and kind, the text in a dialog. */
export function MailLogPage() {
  const phone = Grid.useBreakpoint().md === false;
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
        title="Delivery Log"
        subtitle={
          data
            ? `${total} e-mail${total === 1 ? '' : 's'}${filtered ? ' match the filters' : ''}`
            : 'Every e-mail the portal sends, to users and to guardians'
        }
      />
      {data && !data.smtpConfigured && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title="E-mails are kept here, not sent"
          description={
            <>
              No SMTP server is set (the <Typography.Text code>SMTP_URL</Typography.Text> setting), so the portal keeps
              each e-mail in this log instead of sending it. Set <Typography.Text code>SMTP_URL</Typography.Text> and{' '}
              <Typography.Text code>MAIL_FROM</Typography.Text> and restart the API to deliver them.
            </>
          }
        />
      )}
      <Card size="small" style={{ marginBottom: 16 }}>
        <Flex gap={12} wrap>
          <Select
            allowClear
            placeholder="All statuses"
            value={status}
            onChange={(v) => {
              setStatus(v);
              setPage(1);
            }}
            style={{ flex: '1 1 180px', maxWidth: phone ? undefined : 240 }}
            aria-label="Status filter"
            options={MAIL_STATUSES.map((s) => ({ value: s, label: MAIL_STATUS_LABEL[s] }))}
          />
          <Select
            allowClear
            placeholder="All kinds"
            value={kind}
            onChange={(v) => {
              setKind(v);
              setPage(1);
            }}
            style={{ flex: '1 1 220px', maxWidth: phone ? undefined : 280 }}
            aria-label="Kind filter"
            options={MAIL_KINDS.map((k) => ({ value: k, label: MAIL_KIND_LABEL[k] }))}
          />
        </Flex>
      </Card>
      {error && (
        <Alert
          type="error"
          showIcon
          title={errorMessage(error, 'Could not load the delivery log')}
          action={<Button onClick={() => void refetch()}>Retry</Button>}
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
            <Typography.Text type="secondary">
              {filtered ? 'No e-mails match these filters' : 'No e-mails yet'}
            </Typography.Text>
          ),
        }}
        columns={[
          {
            title: 'E-mail',
            key: 'mail',
            render: (_, d) => (
              <Flex vertical style={{ minWidth: 0 }}>
                <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>
                  {d.subject}
                </Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12, overflowWrap: 'anywhere' }}>
                  To {d.to}
                </Typography.Text>
                {phone && (
                  <Flex gap={4} wrap align="center" style={{ marginTop: 4 }}>
                    <MailStatusTag status={d.status} />
                    <Tag style={{ marginInlineEnd: 0 }}>{MAIL_KIND_LABEL[d.kind] ?? d.kind}</Tag>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {timeOf(d)}
                    </Typography.Text>
                  </Flex>
                )}
              </Flex>
            ),
          },
          {
            title: 'Kind',
            dataIndex: 'kind',
            responsive: ['md'],
            width: 190,
            render: (k: MailKind) => MAIL_KIND_LABEL[k] ?? k,
          },
          {
            title: 'Status',
            dataIndex: 'status',
            responsive: ['md'],
            width: 150,
            render: (s: MailStatus, d) => (
              <Flex vertical align="start" gap={2}>
                <MailStatusTag status={s} />
                {d.attempts > 0 && (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {d.attempts} attempt{d.attempts === 1 ? '' : 's'}
                  </Typography.Text>
                )}
              </Flex>
            ),
          },
          {
            title: 'When',
            key: 'when',
            responsive: ['md'],
            width: 190,
            render: (_, d) => timeOf(d),
          },
          {
            title: <span className="sr-only">Actions</span>,
            key: 'view',
            width: phone ? 64 : 124,
            render: (_, d) => (
              <Button
                icon={<EyeOutlined />}
                onClick={() => setOpen(d)}
                aria-label={phone ? `View e-mail: ${d.subject}` : undefined}
                style={phone ? { width: 44, height: 44 } : undefined}
              >
                {phone ? null : (
                  <>
                    View<span className="sr-only"> e-mail: {d.subject}</span>
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
        footer={<Button onClick={() => setOpen(null)}>Close</Button>}
        width={720}
      >
        {open && (
          <Flex vertical gap={12}>
            <Descriptions
              size="small"
              column={1}
              bordered
              items={[
                { key: 'to', label: 'To', children: <span style={{ overflowWrap: 'anywhere' }}>{open.to}</span> },
                { key: 'kind', label: 'Kind', children: MAIL_KIND_LABEL[open.kind] ?? open.kind },
                { key: 'status', label: 'Status', children: <MailStatusTag status={open.status} /> },
                { key: 'created', label: 'Written', children: when(open.createdAt) },
                { key: 'due', label: 'Due', children: when(open.sendAfter) },
                { key: 'sent', label: 'Sent', children: when(open.sentAt) },
                { key: 'attempts', label: 'Attempts', children: open.attempts },
                ...(open.lastError
                  ? [
                      {
                        key: 'error',
                        label: 'Last error',
                        children: <Typography.Text>{open.lastError}</Typography.Text>,
                      },
                    ]
                  : []),
              ]}
            />
            <div>
              <Typography.Title level={5} style={{ marginTop: 0 }}>
                Message
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
