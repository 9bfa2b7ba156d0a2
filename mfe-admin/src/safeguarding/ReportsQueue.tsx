import { Alert, Button, Card, Drawer, Flex, Form, Input, List, Select, Skeleton, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import {
  MESSAGE_REPORT_REASON_LABELS,
  MESSAGE_REPORT_STATUSES,
  PAGE_SIZE,
  REPORT_OUTCOME_MAX,
  ErrorCode,
  type MessageReportStatus,
  type MessageReportSummary,
} from '@portal/contracts';
import { EmptyState, LoadError, TOUCH_PX } from '@portal/ui';
import { errorCode, errorMessage, Link, notify, Trans, useFormat, useScreens, useSearchParams } from '@portal/web-core';
import { useAdminT } from './i18n';
import { useMessageReportQuery, useMessageReportsQuery, useUpdateMessageReportMutation } from './reportsApi';
import { usePersonName } from './usePersonName';

const STATUS_COLOR: Record<MessageReportStatus, string> = {
  open: 'red',
  acknowledged: 'gold',
  actioned: 'blue',
  closed: 'green',
};

/** The safeguarding leads' queue of reported messages: newest first, by status; a report opens in a drawer. */
export function ReportsQueue() {
  const { t } = useAdminT();
  const f = useFormat();
  const name = usePersonName();
  const [status, setStatus] = useState<MessageReportStatus | undefined>();
  const [page, setPage] = useState(1);
  const [params, setParams] = useSearchParams();
  const open = params.get('report');
  const q = useMessageReportsQuery({ status, page, limit: PAGE_SIZE });
  const notLead = errorCode(q.error) === ErrorCode.NotSafeguardingLead;
  const show = (id: string | null) =>
    setParams((p) => {
      if (id) p.set('report', id);
      else p.delete('report');
      return p;
    });

  if (notLead)
    return (
      <Alert
        type="info"
        showIcon
        data-testid="reports-not-lead"
        title={
          <Trans t={t} i18nKey="safeguarding.reports.notLead" components={{ users: <Link to="/admin/users" /> }} />
        }
      />
    );
  return (
    <>
      {q.data?.noLeadDesignated && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="no-lead"
          title={
            <Trans t={t} i18nKey="safeguarding.reports.noLead" components={{ users: <Link to="/admin/users" /> }} />
          }
        />
      )}
      <Flex gap={12} style={{ marginBottom: 16 }} wrap>
        <Select
          aria-label={t('safeguarding.reports.statusFilter')}
          value={status ?? 'all'}
          onChange={(v) => {
            setStatus(v === 'all' ? undefined : (v as MessageReportStatus));
            setPage(1);
          }}
          style={{ minWidth: 200 }}
          options={[
            { value: 'all', label: t('safeguarding.reports.allStatuses') },
            ...MESSAGE_REPORT_STATUSES.map((s) => ({ value: s, label: t(`safeguarding.reports.status.${s}`) })),
          ]}
        />
      </Flex>
      {q.error && !q.data ? (
        <LoadError title={errorMessage(q.error, t('safeguarding.reports.loadFailed'))} onRetry={q.refetch} />
      ) : q.isLoading || !q.data ? (
        <Card>
          <Skeleton active paragraph={{ rows: 4 }} />
        </Card>
      ) : q.data.reports.length === 0 ? (
        <Card>
          <EmptyState title={t('safeguarding.reports.empty')} />
        </Card>
      ) : (
        <Card styles={{ body: { padding: 0 } }}>
          <List<MessageReportSummary>
            dataSource={q.data.reports}
            pagination={
              q.data.total > PAGE_SIZE
                ? { current: page, pageSize: PAGE_SIZE, total: q.data.total, onChange: setPage, align: 'center' }
                : false
            }
            renderItem={(r) => (
              <List.Item
                data-testid="report"
                style={{ padding: 16 }}
                actions={[
                  <Button
                    key="open"
                    onClick={() => show(r._id)}
                    aria-label={t('safeguarding.reports.openLabel', { name: name(r.reported.sender) })}
                    style={{ minHeight: TOUCH_PX }}
                  >
                    {t('safeguarding.reports.open')}
                  </Button>,
                ]}
              >
                <Flex vertical gap={4} style={{ minWidth: 0 }}>
                  <Flex gap={6} wrap>
                    <Tag color={r.reason === 'self_harm' ? 'red' : undefined} style={{ marginInlineEnd: 0 }}>
                      {t(`safeguarding.reports.reasons.${r.reason}`, MESSAGE_REPORT_REASON_LABELS[r.reason])}
                    </Tag>
                    <Tag color={STATUS_COLOR[r.status]} style={{ marginInlineEnd: 0 }}>
                      {t(`safeguarding.reports.status.${r.status}`)}
                    </Tag>
                  </Flex>
                  <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>
                    {name(r.reported.sender)}: “{r.reported.content || r.reported.attachment?.fileName}”
                  </Typography.Text>
                  <Typography.Text type="secondary">
                    {t('safeguarding.reports.line', {
                      label: r.label,
                      reporter: name(r.reporter),
                      date: f.dateTime(r.createdAt),
                    })}
                  </Typography.Text>
                </Flex>
              </List.Item>
            )}
          />
        </Card>
      )}
      {open && <ReportDrawer id={open} onClose={() => show(null)} />}
    </>
  );
}

/** One report: the message among those around it, the reporter's note, and the next step. */
function ReportDrawer({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useAdminT();
  const f = useFormat();
  const name = usePersonName();
  const phone = useScreens().md === false;
  const { data, error, isLoading, refetch } = useMessageReportQuery(id);
  const [update, { isLoading: saving }] = useUpdateMessageReportMutation();
  const [form] = Form.useForm<{ outcome?: string }>();
  useEffect(() => {
    if (data) form.setFieldsValue({ outcome: data.outcome ?? '' });
  }, [data, form]);
  const move = async (next: Exclude<MessageReportStatus, 'open'>) => {
    try {
      const { outcome } = await form.validateFields();
      if (next === 'closed' && !outcome?.trim()) {
        form.setFields([{ name: 'outcome', errors: [t('safeguarding.reports.outcomeRequired')] }]);
        return;
      }
      await update({ id, status: next, outcome: outcome?.trim() || undefined }).unwrap();
      notify.success(t(`safeguarding.reports.moved.${next}`));
    } catch (e) {
      if ((e as { errorFields?: unknown }).errorFields) return;
      notify.error(errorMessage(e, t('safeguarding.reports.moveFailed')));
    }
  };
  const rank = data ? MESSAGE_REPORT_STATUSES.indexOf(data.status) : 0;
  return (
    <Drawer open onClose={onClose} title={t('safeguarding.reports.detailTitle')} width={phone ? '100%' : 560}>
      {error ? (
        <LoadError title={errorMessage(error, t('safeguarding.reports.loadFailed'))} onRetry={refetch} />
      ) : isLoading || !data ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : (
        <Flex vertical gap={16}>
          <Flex gap={6} wrap>
            <Tag color={data.reason === 'self_harm' ? 'red' : undefined} style={{ marginInlineEnd: 0 }}>
              {t(`safeguarding.reports.reasons.${data.reason}`, MESSAGE_REPORT_REASON_LABELS[data.reason])}
            </Tag>
            <Tag color={STATUS_COLOR[data.status]} style={{ marginInlineEnd: 0 }} data-testid="report-status">
              {t(`safeguarding.reports.status.${data.status}`)}
            </Tag>
          </Flex>
          <Typography.Text>
            {t('safeguarding.reports.line', {
              label: data.label,
              reporter: name(data.reporter),
              date: f.dateTime(data.createdAt),
            })}
          </Typography.Text>
          {data.note && (
            <Typography.Paragraph style={{ margin: 0 }}>
              {t('safeguarding.reports.note')}: “{data.note}”
            </Typography.Paragraph>
          )}
          <section aria-label={t('safeguarding.reports.context')}>
            <Typography.Title level={2} style={{ fontSize: 16 }}>
              {t('safeguarding.reports.context')}
            </Typography.Title>
            <Flex vertical gap={8}>
              {data.context.map((m) => (
                <div
                  key={m._id}
                  data-testid={m._id === data.reported._id ? 'reported-message' : 'context-message'}
                  style={{
                    padding: '8px 12px',
                    borderRadius: 8,
                    border: m._id === data.reported._id ? '2px solid currentColor' : '1px solid transparent',
                    background: 'rgba(127,127,127,0.12)',
                  }}
                >
                  <Typography.Text strong>
                    {name(m.sender)} ({t(`safeguarding.roles.${m.sender.role}`)})
                  </Typography.Text>{' '}
                  <Typography.Text type="secondary">{f.dateTime(m.createdAt)}</Typography.Text>
                  <div style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {m.content || (m.attachment && t('safeguarding.chat.attachment', { name: m.attachment.fileName }))}
                  </div>
                </div>
              ))}
            </Flex>
          </section>
          {data.handledBy && (
            <Typography.Text type="secondary">
              {t('safeguarding.reports.handledBy', { name: name(data.handledBy), date: f.dateTime(data.updatedAt) })}
            </Typography.Text>
          )}
          <Form form={form} name="reportOutcome" layout="vertical" requiredMark={false}>
            <Form.Item
              name="outcome"
              label={t('safeguarding.reports.outcome')}
              rules={[
                {
                  max: REPORT_OUTCOME_MAX,
                  message: t('safeguarding.reports.outcomeTooLong', { max: REPORT_OUTCOME_MAX }),
                },
              ]}
            >
              <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} disabled={data.status === 'closed'} />
            </Form.Item>
          </Form>
          {data.status !== 'closed' && (
            <Flex gap={8} wrap vertical={phone}>
              {rank < 1 && (
                <Button onClick={() => move('acknowledged')} loading={saving} block={phone}>
                  {t('safeguarding.reports.acknowledge')}
                </Button>
              )}
              {rank < 2 && (
                <Button onClick={() => move('actioned')} loading={saving} block={phone}>
                  {t('safeguarding.reports.action')}
                </Button>
              )}
              <Button type="primary" onClick={() => move('closed')} loading={saving} block={phone}>
                {t('safeguarding.reports.close')}
              </Button>
            </Flex>
          )}
        </Flex>
      )}
    </Drawer>
  );
}
