import { SearchOutlined } from '@ant-design/icons';
import { Alert, Card, Flex, Input, Select, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { AUDIT_ACTIONS, type AuditAction, type AuditEntryResponse } from '@portal/contracts';
import { errorMessage, useDebounced } from '@portal/web-core';
import { PageHeader } from '@portal/ui';
import { useAuditLogQuery } from '../adminApi';

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
// Every action has its words: a new action without a label fails the typecheck.
export const ACTION_LABEL: Record<AuditAction, string> = {
  'user.create': 'User created',
  'user.update': 'E-mail changed',
  'user.profile.update': 'Profile edited',
  'user.activate': 'Activated',
  'user.deactivate': 'Deactivated',
  'user.delete': 'User deleted',
  'user.approve': 'Sign-up approved',
  'user.decline': 'Sign-up declined',
  'user.password.reset-link': 'Reset link issued',
  'admin.create': 'Admin created',
  'mentor.assign': 'Mentor assigned',
  'attendance.save': 'Attendance saved',
  'leave.approve': 'Leave approved',
  'leave.reject': 'Leave rejected',
  'grievance.status': 'Grievance status changed',
  'grievance.priority': 'Grievance priority changed',
  'grievance.category': 'Grievance category changed',
  'grievance.reveal': "Grievance student's identity revealed",
  'grievance.settings': 'Grievance deadlines changed',
  'conversation.delete': 'Chat deleted',
  'user.guardian-notifications': 'Guardian notices switched',
  'calendar.update': 'School calendar changed',
  'calendar.closures.add': 'Closures added',
  'calendar.closures.remove': 'Closure removed',
  'users.import': 'Accounts imported',
  'followup.settings.update': 'Risk thresholds changed',
};
/** "leaveRequests" → "leave requests" */
const humanize = (field: string) => field.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
/** Lines worth reading: a field that did not change (a count of 0 → 0) says nothing. */
export const changedFields = (c: AuditEntryResponse['changes']) =>
  Object.entries(c ?? {}).filter(([, v]) => JSON.stringify(v?.from) !== JSON.stringify(v?.to));
const show = (v: unknown) =>
  v === null || v === undefined || v === '' ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v);

export function AuditLogPage() {
  const [action, setAction] = useState<string | undefined>();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const term = useDebounced(search.trim(), 500);
  const { data, isFetching, error } = useAuditLogQuery({ page, limit: 20, action, search: term || undefined });
  return (
    <>
      <PageHeader
        title="Audit Log"
        subtitle="Every change an administrator made to someone else's data, and every chat history a mentor deleted"
      />
      <Card size="small" style={{ marginBottom: 16 }}>
        <Flex gap={12} wrap>
          <Input
            allowClear
            prefix={<SearchOutlined />}
            placeholder="Search by administrator or person"
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(1);
            }}
            style={{ flex: '1 1 260px' }}
            aria-label="Search audit log"
          />
          <Select
            allowClear
            placeholder="All actions"
            value={action}
            onChange={(v) => {
              setAction(v);
              setPage(1);
            }}
            style={{ width: 220 }}
            aria-label="Action filter"
            options={AUDIT_ACTIONS.map((a) => ({ value: a, label: ACTION_LABEL[a] }))}
          />
        </Flex>
      </Card>
      {error && (
        <Alert
          type="error"
          showIcon
          title={errorMessage(error, 'Failed to load the audit log')}
          style={{ marginBottom: 16 }}
        />
      )}
      <Table<AuditEntryResponse>
        rowKey="_id"
        loading={isFetching}
        dataSource={data?.items ?? []}
        scroll={{ x: 1000 }}
        pagination={{ current: page, pageSize: 20, total: data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
        locale={{
          // In secondary text: antd's default empty text is colorTextDisabled, below 4.5:1.
          emptyText: (
            <Typography.Text type="secondary">
              {action || term ? 'No entries match these filters' : 'No audit entries yet'}
            </Typography.Text>
          ),
        }}
        columns={[
          {
            title: 'When',
            dataIndex: 'createdAt',
            width: 170,
            render: (v: string) => dayjs(v).format('MMM D, YYYY HH:mm'),
          },
          { title: 'By', dataIndex: ['actor', 'email'], width: 200, ellipsis: true },
          {
            title: 'Action',
            dataIndex: 'action',
            width: 160,
            render: (a: string) => (
              <Tag color={colorOf(a)} title={a}>
                {ACTION_LABEL[a as AuditAction] ?? a}
              </Tag>
            ),
          },
          {
            title: 'Whose data',
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
            title: 'Changes',
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
