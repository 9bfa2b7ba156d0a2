import { DownloadOutlined, SearchOutlined } from '@ant-design/icons';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Empty,
  Flex,
  Input,
  Modal,
  Select,
  Table,
  Timeline,
  Typography,
} from 'antd';
import { useState } from 'react';
import { LEAVE_STATUSES, LEAVE_TYPES, type LeaveResponse, type LeaveStatus, type LeaveType } from '@portal/contracts';
import { notify, useDebounced, useDownloadFile, useFormat, useScreens } from '@portal/web-core';
import { PageHeader } from '@portal/ui';
import {
  LeaveDecisionButtons,
  LeaveImpactNote,
  LeaveStatusTag,
  useLeaveCommentText,
  useLeaveStatusLabel,
  useLeaveTypeLabel,
  useSchoolDaysText,
  LeaveDocumentLink,
} from '@portal/leaves';
import { useAdminT } from './i18n';
import { useServerPaging } from '../paging/useServerPaging';
import { useAdminLeavesPageQuery } from './adminLeavesApi';

/** A date people read, or a dash when there is none. */
function useDateOrDash() {
  const f = useFormat();
  return (d: string | null) => (d ? f.date(d) : '—');
}

function LeaveDetails({ leave, onClose }: { leave: LeaveResponse | null; onClose: () => void }) {
  const { t } = useAdminT();
  const f = useFormat();
  const fmt = useDateOrDash();
  const typeLabel = useLeaveTypeLabel();
  const commentText = useLeaveCommentText();
  if (!leave) return null;
  const l = leave;
  const decider = (x: LeaveResponse) => ({
    name: x.approvedBy?.fullName ?? t('leaves.details.formerUser'),
    date: f.dateTime(x.decidedAt),
  });
  return (
    <Modal
      open
      title={t('leaves.details.title', { name: l.menteeId?.fullName ?? t('leaves.details.formerStudent') })}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('leaves.details.close')}</Button>}
      width={640}
    >
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, sm: 2 }}
        items={[
          {
            key: 'st',
            label: t('leaves.details.student'),
            children: t('leaves.details.studentValue', {
              name: l.menteeId?.fullName ?? '—',
              id: l.menteeId?.studentId ?? '—',
            }),
          },
          {
            key: 'm',
            label: t('leaves.details.mentor'),
            children: l.mentorId?.fullName ?? t('leaves.details.noMentor'),
          },
          { key: 't', label: t('leaves.details.type'), children: typeLabel(l.leaveType) },
          { key: 's', label: t('leaves.details.status'), children: <LeaveStatusTag status={l.status} /> },
          {
            key: 'd',
            label: t('leaves.details.dates'),
            children: t('leaves.range', { start: fmt(l.startDate), end: fmt(l.endDate) }),
          },
          {
            key: 'n',
            label: t('leaves.details.schoolDays'),
            children: t('leaves.details.schoolDaysValue', {
              schoolDays: f.number(l.schoolDays),
              calendar: f.number(l.daysCount),
            }),
          },
          {
            key: 'r',
            label: t('leaves.details.reason'),
            span: 2,
            children: <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{l.reason}</Typography.Text>,
          },
          ...(l.mentorComments
            ? [{ key: 'c', label: t('leaves.details.comments'), span: 2, children: commentText(l.mentorComments) }]
            : []),
          ...(l.document
            ? [
                {
                  key: 'doc',
                  label: t('leaves.details.document'),
                  span: 2,
                  children: <LeaveDocumentLink leave={l} role="admin" />,
                },
              ]
            : []),
        ]}
      />
      {l.impact && (
        <div style={{ marginTop: 16 }}>
          <LeaveImpactNote impact={l.impact} subject="student" />
        </div>
      )}
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('leaves.details.history')}
      </Typography.Title>
      <Timeline
        items={[
          { color: 'blue', content: t('leaves.details.submitted', { date: f.dateTime(l.createdAt) }) },
          ...(l.decidedAt
            ? [
                {
                  color: l.approvedBy && l.status !== 'rejected' ? 'green' : 'red',
                  content:
                    l.status === 'rejected'
                      ? t('leaves.details.rejectedBy', decider(l))
                      : t('leaves.details.approvedBy', decider(l)),
                },
              ]
            : l.status === 'pending'
              ? [{ color: 'gray', content: t('leaves.details.waiting') }]
              : []),
          ...(l.cancelledAt
            ? [
                {
                  color: 'gray',
                  content: t('leaves.details.cancelled', { date: f.dateTime(l.cancelledAt) }),
                },
              ]
            : []),
        ]}
      />
    </Modal>
  );
}

export function AdminLeavesPage() {
  const phone = useScreens().md === false;
  const { t } = useAdminT();
  const fmt = useDateOrDash();
  const statusLabel = useLeaveStatusLabel();
  const typeLabel = useLeaveTypeLabel();
  const schoolDaysText = useSchoolDaysText();
  const download = useDownloadFile();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<LeaveStatus | undefined>();
  const [leaveType, setLeaveType] = useState<LeaveType | undefined>();
  const [details, setDetails] = useState<LeaveResponse | null>(null);
  const term = useDebounced(search.trim(), 400);
  const filters = { status, leaveType, search: term || undefined };
  // Search, filters and paging run on the server, over every leave; other filters start again from page 1.
  const paging = useServerPaging(filters);
  const { data, currentData, isFetching, error } = useAdminLeavesPageQuery({
    ...filters,
    page: paging.page,
    limit: paging.limit,
  });
  paging.keepWithin(currentData?.total);
  const filtered = !!(status || leaveType || term);
  // The export is every leave matching the filters and search, not the page shown.
  const exportCsv = () =>
    download('/leaves/admin/export', filters, 'leave-requests.csv').catch(() => notify.error(t('leaves.exportFailed')));
  return (
    <>
      <PageHeader
        title={t('leaves.title')}
        // Every leave matching these filters (all pages), from the answer to them: the previous page stays in the
        // table while the new one loads.
        subtitle={
          currentData
            ? filtered
              ? t('leaves.countFiltered', { count: currentData.total })
              : t('leaves.count', { count: currentData.total })
            : isFetching
              ? t('common:loading')
              : undefined
        }
        extra={
          <Button icon={<DownloadOutlined aria-hidden />} onClick={exportCsv} disabled={!data?.total}>
            {t('leaves.export')}
          </Button>
        }
      />
      <Card size="small" style={{ marginBottom: 16 }}>
        <Flex gap={12} wrap>
          <Input
            allowClear
            prefix={<SearchOutlined aria-hidden />}
            placeholder={t('leaves.searchPlaceholder')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            style={{ flex: '1 1 260px' }}
            aria-label={t('leaves.searchLabel')}
          />
          <Select
            allowClear
            placeholder={t('leaves.allStatuses')}
            value={status}
            onChange={setStatus}
            style={{ width: 160 }}
            options={LEAVE_STATUSES.map((s) => ({ value: s, label: statusLabel(s) }))}
            aria-label={t('leaves.statusFilter')}
          />
          <Select
            allowClear
            placeholder={t('leaves.allTypes')}
            value={leaveType}
            onChange={setLeaveType}
            style={{ width: 160 }}
            options={LEAVE_TYPES.map((s) => ({ value: s, label: typeLabel(s) }))}
            aria-label={t('leaves.typeFilter')}
          />
        </Flex>
      </Card>
      {error && <Alert type="error" showIcon title={t('leaves.loadError')} style={{ marginBottom: 16 }} />}
      <Table<LeaveResponse>
        rowKey="_id"
        loading={isFetching}
        dataSource={data?.items}
        // Phones keep the student and the actions; the other facts move under the name instead of scrolling sideways.
        scroll={phone ? undefined : { x: 980 }}
        pagination={paging.pagination(data?.total, phone)}
        locale={{
          emptyText: (
            <Empty
              description={
                filtered ? (
                  <>
                    {t('leaves.none')}
                    <br />
                    {t('leaves.tryFilters')}
                  </>
                ) : (
                  <>
                    {t('leaves.none')}
                    <br />
                    {t('leaves.noneYet')}
                  </>
                )
              }
            />
          ),
        }}
        columns={[
          {
            title: t('leaves.columns.student'),
            render: (_, l) => (
              <Flex vertical>
                <Typography.Text strong>{l.menteeId?.fullName ?? '—'}</Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {l.menteeId?.studentId}
                </Typography.Text>
                {phone && (
                  <Flex vertical align="start" gap={4} style={{ marginTop: 4 }}>
                    <span>
                      {t('leaves.typeDays', { type: typeLabel(l.leaveType), days: schoolDaysText(l.schoolDays) })}
                    </span>
                    <span>{t('leaves.range', { start: fmt(l.startDate), end: fmt(l.endDate) })}</span>
                    <LeaveStatusTag status={l.status} />
                    {l.approvedBy && (
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        {t('leaves.by', { name: l.approvedBy.fullName, date: fmt(l.decidedAt) })}
                      </Typography.Text>
                    )}
                  </Flex>
                )}
              </Flex>
            ),
          },
          {
            title: t('leaves.columns.type'),
            dataIndex: 'leaveType',
            render: (type: LeaveType) => typeLabel(type),
            responsive: ['md'],
          },
          { title: t('leaves.columns.schoolDays'), dataIndex: 'schoolDays', width: 90, responsive: ['md'] },
          { title: t('leaves.columns.start'), dataIndex: 'startDate', render: fmt, responsive: ['md'] },
          { title: t('leaves.columns.end'), dataIndex: 'endDate', render: fmt, responsive: ['md'] },
          {
            title: t('leaves.columns.status'),
            dataIndex: 'status',
            render: (s: LeaveStatus) => <LeaveStatusTag status={s} />,
            responsive: ['md'],
          },
          {
            title: t('leaves.columns.approvedBy'),
            responsive: ['md'],
            render: (_, l) =>
              l.approvedBy ? (
                <Flex vertical>
                  <span>{l.approvedBy.fullName}</span>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {fmt(l.decidedAt)}
                  </Typography.Text>
                </Flex>
              ) : (
                '—'
              ),
          },
          {
            title: t('leaves.columns.actions'),
            width: phone ? 128 : 260,
            render: (_, l) => (
              <Flex gap={8} wrap vertical={phone} align={phone ? 'stretch' : undefined}>
                {l.status === 'pending' && <LeaveDecisionButtons leave={l} viewer="admin" />}
                <Button size="small" onClick={() => setDetails(l)}>
                  {t('leaves.viewDetails')}
                </Button>
              </Flex>
            ),
          },
        ]}
      />
      <LeaveDetails leave={details} onClose={() => setDetails(null)} />
    </>
  );
}
