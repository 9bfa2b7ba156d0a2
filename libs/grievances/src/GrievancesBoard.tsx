import { Button, Card, Col, Flex, Row, Skeleton, Tabs, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState, type ReactNode } from 'react';
import type { GrievanceResponse, GrievanceStatus, Role } from '@portal/contracts';
import { EmptyState, LoadError } from '@portal/ui';
import { GrievanceDetails } from './GrievanceDetails';
import { GrievanceStatusTag } from './GrievanceStatusTag';
import { useGrievancesQuery } from './grievancesApi';

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
/** Cards of one row share its height; the body grows so the action bar lines up at the bottom. */
const cardFill = { height: '100%', display: 'flex', flexDirection: 'column' } as const;

const GRIEVANCE_TABS: { key: 'all' | GrievanceStatus; label: (r: Role) => string }[] = [
  { key: 'all', label: () => 'All' },
  { key: 'pending', label: () => 'Pending' },
  { key: 'in-progress', label: (r) => (r === 'admin' ? 'In Progress' : 'In Review') },
  { key: 'resolved', label: () => 'Resolved' },
  { key: 'rejected', label: () => 'Rejected' },
];

/** Grievances in the spec's tabs, with View Details (and its comment thread) on every card. */
export function GrievancesBoard({ role, actions }: { role: Role; actions?: (g: GrievanceResponse) => ReactNode }) {
  const [tab, setTab] = useState<'all' | GrievanceStatus>('all');
  const [open, setOpen] = useState<GrievanceResponse | null>(null);
  const { data, isLoading, error, refetch } = useGrievancesQuery({ role, status: tab === 'all' ? undefined : tab });
  return (
    <>
      <Tabs
        activeKey={tab}
        onChange={(k) => setTab(k as typeof tab)}
        items={GRIEVANCE_TABS.map((t) => ({ key: t.key, label: t.label(role) }))}
      />
      {error ? (
        <LoadError title="Failed to fetch grievances" onRetry={refetch} />
      ) : isLoading ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : !data?.length ? (
        <Card>
          <EmptyState title="No grievances found" />
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
                      View Details
                    </Button>
                    {actions?.(g)}
                  </Flex>,
                ]}
              >
                <Flex vertical gap={4}>
                  {role !== 'mentee' && <Typography.Text strong>{g.menteeId?.fullName ?? g.name}</Typography.Text>}
                  <Flex gap={4} wrap>
                    <Tag color="blue">{g.ticketNumber}</Tag>
                    {g.confidential && <Tag color="geekblue">Admins only</Tag>}
                    <Tag>{cap(g.grievanceType.replace(/-/g, ' '))}</Tag>
                    <Tag color="purple">{cap(g.category)}</Tag>
                  </Flex>
                  <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ margin: 0 }}>
                    {g.description}
                  </Typography.Paragraph>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    Submitted {dayjs(g.createdAt).format('MMM D, YYYY')}
                  </Typography.Text>
                  {g.resolution && (
                    <Typography.Text style={{ fontSize: 13 }}>
                      <b>Resolution:</b> {g.resolution}
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
