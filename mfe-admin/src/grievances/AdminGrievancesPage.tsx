import { ClockCircleOutlined, CommentOutlined, DownloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Empty, Flex, Input, Modal, Select, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import {
  GRIEVANCE_CATEGORIES,
  GRIEVANCE_STATUSES,
  type GrievanceCategory,
  type GrievanceResponse,
  type GrievanceStatus,
} from '@portal/contracts';
import {
  hasPassed,
  inSchoolZone,
  notify,
  useDebounced,
  useDownloadFile,
  useFormat,
  useScreens,
} from '@portal/web-core';
import { PageHeader } from '@portal/ui';
import {
  GrievanceActionButtons,
  GrievanceCategorySelect,
  GrievanceDetails,
  GrievancePrioritySelect,
  GrievanceStatusTag,
  GrievanceThread,
  useGrievanceStatusLabel,
  usePersonName,
} from '@portal/grievances';

import { useAdminGrievancesPageQuery } from './adminGrievancesApi';
import { GrievanceDeadlineSettingsDialog } from './GrievanceDeadlineSettingsDialog';
import { RevealIdentityDialog } from './RevealIdentityDialog';
import { useAdminT } from './i18n';
import { useServerPaging } from '../paging/useServerPaging';

const open = (g: GrievanceResponse) => g.status === 'pending' || g.status === 'in-progress';

/** The ticket, and whether it is confidential, overdue or escalated. */
function TicketTags({ g }: { g: GrievanceResponse }) {
  const { t } = useAdminT();
  const overdue = open(g) && !!g.deadlineAt && hasPassed(g.deadlineAt);
  return (
    <Flex gap={4} wrap>
      <Tag color="blue">{g.ticketNumber}</Tag>
      {g.confidential && <Tag color="geekblue">{t('grievances.confidential')}</Tag>}
      {open(g) && g.escalatedAt ? (
        <Tag color="red">{t('grievances.escalated')}</Tag>
      ) : overdue ? (
        <Tag color="orange">{t('grievances.overdue')}</Tag>
      ) : null}
    </Flex>
  );
}

/** The last day to answer (the deadline is the midnight after it). */
const due = (g: GrievanceResponse, pattern: string) =>
  g.deadlineAt ? inSchoolZone(g.deadlineAt).subtract(1, 'minute').format(pattern) : '—';

export function AdminGrievancesPage() {
  const { t } = useAdminT();
  const statusLabel = useGrievanceStatusLabel();
  const personName = usePersonName();
  const f = useFormat();
  const duePattern = t('grievances.format.due');
  const phone = useScreens().md === false;
  const download = useDownloadFile();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<GrievanceStatus | undefined>();
  const [category, setCategory] = useState<GrievanceCategory | undefined>();
  const [details, setDetails] = useState<GrievanceResponse | null>(null);
  const [commenting, setCommenting] = useState<GrievanceResponse | null>(null);
  const [revealing, setRevealing] = useState<GrievanceResponse | null>(null);
  const [settings, setSettings] = useState(false);
  const term = useDebounced(search.trim(), 400);
  const filters = { status, category, search: term || undefined };
  // Search, filters and paging run on the server, over every grievance; other filters start again from page 1.
  const paging = useServerPaging(filters);
  const { data, currentData, isFetching, error } = useAdminGrievancesPageQuery({
    ...filters,
    page: paging.page,
    limit: paging.limit,
  });
  paging.keepWithin(currentData?.total);
  const filtered = !!(status || category || term);
  // The export is every grievance matching the filters and search, not the page shown.
  const exportCsv = () =>
    download('/grievances/admin/export', filters, 'grievances.csv').catch(() =>
      notify.error(t('grievances.exportFailed')),
    );
  return (
    <>
      <PageHeader
        title={t('grievances.title')}
        // Every grievance matching these filters (all pages), from the answer to them: the previous page stays in the
        // table while the new one loads.
        subtitle={
          currentData
            ? filtered
              ? t('grievances.countFiltered', { count: currentData.total })
              : t('grievances.count', { count: currentData.total })
            : isFetching
              ? t('common:loading')
              : undefined
        }
        extra={
          <Flex gap={8} wrap>
            <Button icon={<ClockCircleOutlined aria-hidden />} onClick={() => setSettings(true)}>
              {t('grievances.deadlines')}
            </Button>
            <Button icon={<DownloadOutlined aria-hidden />} onClick={exportCsv} disabled={!data?.total}>
              {t('grievances.exportReport')}
            </Button>
          </Flex>
        }
      />
      <Card size="small" style={{ marginBottom: 16 }}>
        <Flex gap={12} wrap>
          <Input
            allowClear
            prefix={<SearchOutlined aria-hidden />}
            placeholder={t('grievances.searchPlaceholder')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            style={{ flex: '1 1 260px' }}
            aria-label={t('grievances.searchLabel')}
          />
          <Select
            allowClear
            placeholder={t('grievances.allStatuses')}
            value={status}
            onChange={setStatus}
            style={{ width: 170 }}
            aria-label={t('grievances.statusFilter')}
            options={GRIEVANCE_STATUSES.map((s) => ({ value: s, label: statusLabel(s, 'admin') }))}
          />
          <Select
            allowClear
            placeholder={t('grievances.allCategories')}
            value={category}
            onChange={setCategory}
            style={{ width: 170 }}
            aria-label={t('grievances.categoryFilter')}
            options={GRIEVANCE_CATEGORIES.map((c) => ({ value: c, label: t(`grievances.category.${c}`) }))}
          />
        </Flex>
      </Card>
      {error && <Alert type="error" showIcon title={t('grievances.fetchFailed')} style={{ marginBottom: 16 }} />}
      <Table<GrievanceResponse>
        rowKey="_id"
        size="middle"
        loading={isFetching}
        dataSource={data?.items}
        // Phones keep the student and the actions; subject, status and the rest move under the name instead of
        // scrolling sideways.
        scroll={phone ? undefined : { x: 1200 }}
        pagination={paging.pagination(data?.total, phone)}
        locale={{
          emptyText: (
            <Empty
              description={
                filtered ? (
                  <>
                    {t('grievances.noneFound')}
                    <br />
                    {t('grievances.adjustFilters')}
                  </>
                ) : (
                  <>
                    {t('grievances.noneFound')}
                    <br />
                    {t('grievances.noneSubmitted')}
                  </>
                )
              }
            />
          ),
        }}
        columns={[
          {
            title: t('grievances.columns.student'),
            width: phone ? undefined : 150,
            render: (_, g) => (
              <Flex vertical gap={2}>
                <TicketTags g={g} />
                <Typography.Text strong>{g.menteeId?.fullName ?? personName(g.name)}</Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {g.menteeId?.studentId ?? g.rollNo}
                </Typography.Text>
                {phone && (
                  <Flex vertical align="start" gap={4} style={{ marginTop: 4, minWidth: 0 }}>
                    <span style={{ overflowWrap: 'anywhere' }}>{g.title}</span>
                    <GrievanceStatusTag status={g.status} viewer="admin" />
                    <GrievanceCategorySelect grievance={g} />
                    <GrievancePrioritySelect grievance={g} />
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {t('grievances.submittedDue', { date: f.date(g.createdAt), due: due(g, duePattern) })}
                    </Typography.Text>
                  </Flex>
                )}
              </Flex>
            ),
          },
          {
            // Beside the student, never under the sticky Actions column: the deadline is what an admin scans for.
            title: t('grievances.columns.submittedDue'),
            responsive: ['md'],
            dataIndex: 'createdAt',
            width: 130,
            render: (d: string, g) => (
              <Flex vertical style={{ whiteSpace: 'nowrap' }}>
                <span>{f.date(d)}</span>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t('grievances.due', { due: due(g, duePattern) })}
                </Typography.Text>
              </Flex>
            ),
          },
          {
            title: t('grievances.columns.subject'),
            responsive: ['md'],
            render: (_, g) => (
              <Flex vertical style={{ minWidth: 200, maxWidth: 340 }}>
                <Typography.Text strong>{g.title}</Typography.Text>
                <Typography.Text type="secondary" ellipsis={{ tooltip: g.description }} style={{ fontSize: 12 }}>
                  {g.description}
                </Typography.Text>
              </Flex>
            ),
          },
          {
            title: t('grievances.columns.category'),
            responsive: ['md'],
            dataIndex: 'category',
            width: 160,
            render: (_, g) => <GrievanceCategorySelect grievance={g} />,
          },
          {
            title: t('grievances.columns.priority'),
            responsive: ['md'],
            dataIndex: 'priority',
            width: 120,
            render: (_, g) => <GrievancePrioritySelect grievance={g} />,
          },
          {
            title: t('grievances.columns.status'),
            responsive: ['md'],
            dataIndex: 'status',
            width: 110,
            render: (s: GrievanceStatus) => <GrievanceStatusTag status={s} viewer="admin" />,
          },
          {
            // Kept in view while the other columns scroll on narrow screens: the workflow moves on one line, reading on the next.
            title: t('grievances.columns.actions'),
            width: phone ? 140 : 280,
            fixed: phone ? undefined : 'right',
            render: (_, g) => (
              <Flex vertical gap={6}>
                {(g.status === 'pending' || g.status === 'in-progress') && (
                  <Flex gap={6} wrap>
                    <GrievanceActionButtons grievance={g} viewer="admin" />
                  </Flex>
                )}
                <Flex gap={6} wrap>
                  <Button size="small" onClick={() => setDetails(g)}>
                    {t('grievances.viewDetails')}
                  </Button>
                  <Button size="small" icon={<CommentOutlined aria-hidden />} onClick={() => setCommenting(g)}>
                    {t('grievances.addComment')}
                  </Button>
                  {g.nameWithheld && !g.identityRevealedAt && (
                    <Button
                      size="small"
                      danger
                      onClick={() => setRevealing(g)}
                      aria-label={t('grievances.revealLabel', { ticket: g.ticketNumber })}
                    >
                      {t('grievances.reveal')}
                    </Button>
                  )}
                </Flex>
              </Flex>
            ),
          },
        ]}
      />
      <GrievanceDetails
        grievance={details && (data?.items.find((g) => g._id === details._id) ?? details)}
        viewer="admin"
        onClose={() => setDetails(null)}
      />
      <Modal
        open={!!commenting}
        title={commenting?.subject}
        footer={null}
        onCancel={() => setCommenting(null)}
        width={640}
      >
        {commenting && <GrievanceThread grievanceId={commenting._id} />}
      </Modal>
      {revealing && <RevealIdentityDialog grievance={revealing} onClose={() => setRevealing(null)} />}
      {settings && <GrievanceDeadlineSettingsDialog onClose={() => setSettings(false)} />}
    </>
  );
}
