import { DownloadOutlined, SearchOutlined } from '@ant-design/icons';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Empty,
  Flex,
  Grid,
  Input,
  Modal,
  Select,
  Table,
  Timeline,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { LEAVE_STATUSES, LEAVE_TYPES, type LeaveResponse, type LeaveStatus, type LeaveType } from '@portal/contracts';
import { notify, useDebounced, useDownloadFile } from '@portal/web-core';
import { PageHeader } from '@portal/ui';
import { LeaveDecisionButtons, LeaveImpactNote, LeaveStatusTag, schoolDaysText, useLeavesQuery } from '@portal/leaves';

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const fmt = (d: string | null) => (d ? dayjs(d).format('MMM D, YYYY') : '—');

function LeaveDetails({ leave, onClose }: { leave: LeaveResponse | null; onClose: () => void }) {
  if (!leave) return null;
  const l = leave;
  return (
    <Modal
      open
      title={`Leave request of ${l.menteeId?.fullName ?? 'a former student'}`}
      onCancel={onClose}
      footer={<Button onClick={onClose}>Close</Button>}
      width={640}
    >
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, sm: 2 }}
        items={[
          { key: 'st', label: 'Student', children: `${l.menteeId?.fullName ?? '—'} (${l.menteeId?.studentId ?? '—'})` },
          { key: 'm', label: 'Mentor', children: l.mentorId?.fullName ?? 'No mentor' },
          { key: 't', label: 'Type', children: cap(l.leaveType) },
          { key: 's', label: 'Status', children: <LeaveStatusTag status={l.status} /> },
          { key: 'd', label: 'Dates', children: `${fmt(l.startDate)} – ${fmt(l.endDate)}` },
          { key: 'n', label: 'School days', children: `${l.schoolDays} (${l.daysCount} calendar)` },
          {
            key: 'r',
            label: 'Reason',
            span: 2,
            children: <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{l.reason}</Typography.Text>,
          },
          ...(l.mentorComments ? [{ key: 'c', label: 'Comments', span: 2, children: l.mentorComments }] : []),
        ]}
      />
      {l.impact && (
        <div style={{ marginTop: 16 }}>
          <LeaveImpactNote impact={l.impact} subject="student" />
        </div>
      )}
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        History
      </Typography.Title>
      <Timeline
        items={[
          { color: 'blue', content: `Submitted ${dayjs(l.createdAt).format('MMM D, YYYY HH:mm')}` },
          ...(l.decidedAt
            ? [
                {
                  color: l.approvedBy && l.status !== 'rejected' ? 'green' : 'red',
                  content: `${l.status === 'rejected' ? 'Rejected' : 'Approved'} by ${l.approvedBy?.fullName ?? 'a former user'} on ${dayjs(l.decidedAt).format('MMM D, YYYY HH:mm')}`,
                },
              ]
            : l.status === 'pending'
              ? [{ color: 'gray', content: 'Waiting for a decision' }]
              : []),
          ...(l.cancelledAt
            ? [
                {
                  color: 'gray',
                  content: `Cancelled by the student on ${dayjs(l.cancelledAt).format('MMM D, YYYY HH:mm')}`,
                },
              ]
            : []),
        ]}
      />
    </Modal>
  );
}

export function AdminLeavesPage() {
  const phone = Grid.useBreakpoint().md === false;
  const download = useDownloadFile();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<LeaveStatus | undefined>();
  const [leaveType, setLeaveType] = useState<LeaveType | undefined>();
  const [details, setDetails] = useState<LeaveResponse | null>(null);
  const term = useDebounced(search.trim(), 400);
  const filters = { status, leaveType, search: term || undefined };
  const { data = [], currentData, isFetching, error } = useLeavesQuery({ role: 'admin', ...filters });
  const filtered = !!(status || leaveType || term);
  const exportCsv = () =>
    download('/leaves/admin/export', filters, 'leave-requests.csv').catch(() =>
      notify.error('Export failed. Please try again.'),
    );
  return (
    <>
      <PageHeader
        title="Leave Management"
        // Counted from the answer to these filters: the previous answer stays in the table while the new one loads.
        subtitle={
          currentData
            ? `${currentData.length} request${currentData.length === 1 ? '' : 's'}${filtered ? ' match the filters' : ''}`
            : isFetching
              ? 'Loading…'
              : undefined
        }
        extra={
          <Button icon={<DownloadOutlined />} onClick={exportCsv} disabled={!data.length}>
            Export Report
          </Button>
        }
      />
      <Card size="small" style={{ marginBottom: 16 }}>
        <Flex gap={12} wrap>
          <Input
            allowClear
            prefix={<SearchOutlined />}
            placeholder="Search by student, mentor or type"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            style={{ flex: '1 1 260px' }}
            aria-label="Search leaves"
          />
          <Select
            allowClear
            placeholder="All statuses"
            value={status}
            onChange={setStatus}
            style={{ width: 160 }}
            options={LEAVE_STATUSES.map((s) => ({ value: s, label: cap(s) }))}
            aria-label="Status filter"
          />
          <Select
            allowClear
            placeholder="All types"
            value={leaveType}
            onChange={setLeaveType}
            style={{ width: 160 }}
            options={LEAVE_TYPES.map((s) => ({ value: s, label: cap(s) }))}
            aria-label="Type filter"
          />
        </Flex>
      </Card>
      {error && <Alert type="error" showIcon title="Failed to fetch leave requests" style={{ marginBottom: 16 }} />}
      <Table<LeaveResponse>
        rowKey="_id"
        loading={isFetching}
        dataSource={data}
        // Phones keep the student and the actions; the other facts move under the name instead of scrolling sideways.
        scroll={phone ? undefined : { x: 980 }}
        pagination={{ pageSize: 15, hideOnSinglePage: true }}
        locale={{
          emptyText: (
            <Empty
              description={
                filtered ? (
                  <>
                    No leave requests found
                    <br />
                    Try adjusting your filters to see more results.
                  </>
                ) : (
                  <>
                    No leave requests found
                    <br />
                    No leave requests have been submitted yet.
                  </>
                )
              }
            />
          ),
        }}
        columns={[
          {
            title: 'Student',
            render: (_, l) => (
              <Flex vertical>
                <Typography.Text strong>{l.menteeId?.fullName ?? '—'}</Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {l.menteeId?.studentId}
                </Typography.Text>
                {phone && (
                  <Flex vertical align="start" gap={4} style={{ marginTop: 4 }}>
                    <span>
                      {cap(l.leaveType)} · {schoolDaysText(l.schoolDays)}
                    </span>
                    <span>
                      {fmt(l.startDate)} – {fmt(l.endDate)}
                    </span>
                    <LeaveStatusTag status={l.status} />
                    {l.approvedBy && (
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        By {l.approvedBy.fullName}, {fmt(l.decidedAt)}
                      </Typography.Text>
                    )}
                  </Flex>
                )}
              </Flex>
            ),
          },
          { title: 'Type', dataIndex: 'leaveType', render: cap, responsive: ['md'] },
          { title: 'School days', dataIndex: 'schoolDays', width: 90, responsive: ['md'] },
          { title: 'Start', dataIndex: 'startDate', render: fmt, responsive: ['md'] },
          { title: 'End', dataIndex: 'endDate', render: fmt, responsive: ['md'] },
          {
            title: 'Status',
            dataIndex: 'status',
            render: (s: LeaveStatus) => <LeaveStatusTag status={s} />,
            responsive: ['md'],
          },
          {
            title: 'Approved by',
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
            title: 'Actions',
            width: phone ? 128 : 260,
            render: (_, l) => (
              <Flex gap={8} wrap vertical={phone} align={phone ? 'stretch' : undefined}>
                {l.status === 'pending' && <LeaveDecisionButtons leave={l} viewer="admin" />}
                <Button size="small" onClick={() => setDetails(l)}>
                  View Details
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
