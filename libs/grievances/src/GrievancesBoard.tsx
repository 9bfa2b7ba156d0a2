import { Button, Card, Col, Flex, Row, Skeleton, Tag, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { GRIEVANCE_STATUSES, type GrievanceResponse, type GrievanceStatus, type Role } from '@portal/contracts';
import { EmptyState, LoadError, StatusTabs } from '@portal/ui';
import { useFormat } from '@portal/web-core';
import { GrievanceDetails } from './GrievanceDetails';
import { GrievanceStatusTag } from './GrievanceStatusTag';
import { useGrievancesQuery } from './grievancesApi';
import { useGrievancesT } from './i18n';
import {
  useGrievanceCategoryLabel,
  useGrievanceStatusLabel,
  useGrievanceTypeLabel,
  usePersonName,
  useResolutionText,
} from './labels';

/** Cards of one row share its height; the body grows so the action bar lines up at the bottom. */
const cardFill = { height: '100%', display: 'flex', flexDirection: 'column' } as const;

/** Grievances in the spec's tabs, with View Details (and its comment thread) on every card. */
export function GrievancesBoard({ role, actions }: { role: Role; actions?: (g: GrievanceResponse) => ReactNode }) {
  const [tab, setTab] = useState<'all' | GrievanceStatus>('all');
  const [open, setOpen] = useState<GrievanceResponse | null>(null);
  const { data, isLoading, error, refetch } = useGrievancesQuery({ role, status: tab === 'all' ? undefined : tab });
  const { t } = useGrievancesT();
  const f = useFormat();
  const statusLabel = useGrievanceStatusLabel();
  const typeLabel = useGrievanceTypeLabel();
  const categoryLabel = useGrievanceCategoryLabel();
  const resolutionText = useResolutionText();
  const personName = usePersonName();
  return (
    <>
      <StatusTabs
        label={t('board.statusFilter')}
        value={tab}
        onChange={setTab}
        items={[
          { key: 'all', label: t('status.all') },
          ...GRIEVANCE_STATUSES.map((s) => ({ key: s, label: statusLabel(s, role) })),
        ]}
      />
      {error ? (
        <LoadError title={t('board.loadError')} onRetry={refetch} />
      ) : isLoading ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : !data?.length ? (
        <Card>
          <EmptyState title={t('board.none')} />
        </Card>
      ) : (
        <Row gutter={[16, 16]}>
          {data.map((g) => (
            <Col key={g._id} xs={24} md={12} xl={8}>
              <Card
                size="small"
                data-testid="grievance-card"
                style={cardFill}
                styles={{ body: { flex: 1 } }}
                title={g.subject}
                extra={<GrievanceStatusTag status={g.status} viewer={role} />}
                actions={[
                  <Flex key="a" justify="center" gap={8} wrap>
                    <Button size="small" onClick={() => setOpen(g)}>
                      {t('board.viewDetails')}
                    </Button>
                    {actions?.(g)}
                  </Flex>,
                ]}
              >
                <Flex vertical gap={4}>
                  {role !== 'mentee' && (
                    <Typography.Text strong>{g.menteeId?.fullName ?? personName(g.name)}</Typography.Text>
                  )}
                  <Flex gap={4} wrap>
                    <Tag color="blue">{g.ticketNumber}</Tag>
                    {g.confidential && <Tag color="geekblue">{t('board.adminsOnly')}</Tag>}
                    <Tag>{typeLabel(g.grievanceType)}</Tag>
                    <Tag color="purple">{categoryLabel(g.category)}</Tag>
                  </Flex>
                  <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ margin: 0 }}>
                    {g.description}
                  </Typography.Paragraph>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {t('board.submitted', { date: f.date(g.createdAt) })}
                  </Typography.Text>
                  {g.resolution && (
                    <Typography.Text style={{ fontSize: 13 }}>
                      <b>{t('board.resolution')}</b> {resolutionText(g.resolution)}
                    </Typography.Text>
                  )}
                </Flex>
              </Card>
            </Col>
          ))}
        </Row>
      )}
      <GrievanceDetails
        grievance={open && (data?.find((g) => g._id === open._id) ?? open)}
        viewer={role}
        onClose={() => setOpen(null)}
      />
    </>
  );
}
