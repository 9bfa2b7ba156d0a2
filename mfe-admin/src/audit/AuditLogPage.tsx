import { SearchOutlined } from '@ant-design/icons';
import { Alert, Card, Flex, Input, Select, Table, Tag, Typography } from 'antd';
import type { TableRef } from 'antd/es/table';
import { useEffect, useRef, useState } from 'react';
import { AUDIT_ACTIONS, type AuditAction, type AuditEntryResponse } from '@portal/contracts';
import { errorMessage, useDebounced, useFormat } from '@portal/web-core';
import { PageHeader } from '@portal/ui';
import { useAuditLogQuery } from '../adminApi';
import { useAdminT } from './i18n';

const ACTION_COLOR: Record<string, string> = {
  create: 'green',
  delete: 'red',
  deactivate: 'orange',
  activate: 'cyan',
  assign: 'purple',
  save: 'blue',
  approve: 'green',
  decline: 'red',
  reject: 'red',
  status: 'gold',
  priority: 'gold',
};
const colorOf = (action: string) =>
  ACTION_COLOR[Object.keys(ACTION_COLOR).find((k) => action.endsWith(k)) ?? ''] ?? 'default';
// Every action has its words in the catalogue, nested as the action is named: `audit.actions.user.create`.
const actionKey = (action: AuditAction) => `audit.actions.${action}`;
/** "leaveRequests" → "leave requests" */
const humanize = (field: string) => field.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
/** Lines worth reading: a field that did not change (a count of 0 → 0) says nothing. */
export const changedFields = (c: AuditEntryResponse['changes']) =>
  Object.entries(c ?? {}).filter(([, v]) => JSON.stringify(v?.from) !== JSON.stringify(v?.to));
const show = (v: unknown) =>
  v === null || v === undefined || v === '' ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v);

export function AuditLogPage() {
  const { t } = useAdminT();
  const f = useFormat();
  const table = useRef<TableRef>(null);
  useEffect(() => {
    // The table scrolls sideways on a phone and holds no control: its scroller takes focus so that the keyboard can
    // scroll it (antd's Table has no prop for this).
    const scroller = table.current?.nativeElement.querySelector<HTMLElement>('.ant-table-content');
    scroller?.setAttribute('tabindex', '0');
    scroller?.setAttribute('role', 'region');
    scroller?.setAttribute('aria-label', t('audit.title'));
  });
  const [action, setAction] = useState<string | undefined>();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const term = useDebounced(search.trim(), 500);
  const { data, isFetching, error } = useAuditLogQuery({ page, limit: 20, action, search: term || undefined });
  return (
    <>
      <PageHeader title={t('audit.title')} subtitle={t('audit.subtitle')} />
      <Card size="small" style={{ marginBottom: 16 }}>
        <Flex gap={12} wrap>
          <Input
            allowClear
            prefix={<SearchOutlined aria-hidden />}
            placeholder={t('audit.searchPlaceholder')}
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(1);
            }}
            style={{ flex: '1 1 260px' }}
            aria-label={t('audit.searchLabel')}
          />
          <Select
            allowClear
            placeholder={t('audit.allActions')}
            value={action}
            onChange={(v) => {
              setAction(v);
              setPage(1);
            }}
            style={{ width: 220 }}
            aria-label={t('audit.actionFilter')}
            options={AUDIT_ACTIONS.map((a) => ({ value: a, label: t(actionKey(a)) }))}
          />
        </Flex>
      </Card>
      {error && (
        <Alert type="error" showIcon title={errorMessage(error, t('audit.loadFailed'))} style={{ marginBottom: 16 }} />
      )}
      <Table<AuditEntryResponse>
        ref={table}
        rowKey="_id"
        loading={isFetching}
        dataSource={data?.items ?? []}
        scroll={{ x: 1000 }}
        pagination={{ current: page, pageSize: 20, total: data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
        locale={{
          // In secondary text: antd's default empty text is colorTextDisabled, below 4.5:1.
          emptyText: (
            <Typography.Text type="secondary">{action || term ? t('audit.noMatch') : t('audit.empty')}</Typography.Text>
          ),
        }}
        columns={[
          {
            title: t('audit.columns.when'),
            dataIndex: 'createdAt',
            width: 170,
            render: (v: string) => f.dateTime(v),
          },
          { title: t('audit.columns.by'), dataIndex: ['actor', 'email'], width: 200, ellipsis: true },
          {
            title: t('audit.columns.action'),
            dataIndex: 'action',
            width: 160,
            render: (a: string) => (
              <Tag color={colorOf(a)} title={a}>
                {(AUDIT_ACTIONS as readonly string[]).includes(a) ? t(actionKey(a as AuditAction)) : a}
              </Tag>
            ),
          },
          {
            title: t('audit.columns.whose'),
            dataIndex: 'targetLabel',
            width: 280,
            render: (label: string, e) => (
              <Flex vertical>
                <Typography.Text>{label || '—'}</Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12, textTransform: 'capitalize' }}>
                  {e.targetType}
                </Typography.Text>
              </Flex>
            ),
          },
          {
            title: t('audit.columns.changes'),
            dataIndex: 'changes',
            render: (c: AuditEntryResponse['changes']) => {
              const lines = changedFields(c);
              return lines.length ? (
                <Flex vertical>
                  {lines.map(([field, { from, to }]) => (
                    <Typography.Text key={field} style={{ fontSize: 12 }}>
                      <b>{humanize(field)}</b>: {show(from)} → {show(to)}
                    </Typography.Text>
                  ))}
                </Flex>
              ) : (
                <Typography.Text type="secondary">—</Typography.Text>
              );
            },
          },
        ]}
      />
    </>
  );
}
