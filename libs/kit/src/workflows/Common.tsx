import { Card, Empty, Flex, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import type { LeaveStatus } from '@portal/contracts';

// Parts most screens use (page titles, stat cards, empty states, leave status tags).

export function EmptyState({ title, description, action }: { title: ReactNode; description?: ReactNode; action?: ReactNode }) {
  return (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={
        <Flex vertical gap={2}>
          <Typography.Text strong>{title}</Typography.Text>
          {description && <Typography.Text type="secondary">{description}</Typography.Text>}
        </Flex>
      }
    >
      {action}
    </Empty>
  );
}

export function StatCard({ title, value, icon, color, onClick, hint, testId }: {
  title: string; value: ReactNode; icon: ReactNode; color: string; onClick?: () => void; hint?: ReactNode; testId?: string;
}) {
  return (
    <Card hoverable={!!onClick} onClick={onClick} data-testid={testId} style={{ height: '100%', cursor: onClick ? 'pointer' : 'default' }}
      role={onClick ? 'button' : undefined} aria-label={onClick ? title : undefined}
      tabIndex={onClick ? 0 : undefined} onKeyDown={onClick ? (e) => (e.key === 'Enter' || e.key === ' ') && onClick() : undefined}>
      <Flex align="center" gap={16}>
        <Flex align="center" justify="center" style={{ width: 48, height: 48, borderRadius: 12, background: `${color}1f`, color, fontSize: 22, flexShrink: 0 }}>
          {icon}
        </Flex>
        <Flex vertical style={{ minWidth: 0 }}>
          <Typography.Text type="secondary">{title}</Typography.Text>
          <Typography.Title level={3} style={{ margin: 0 }}>{value}</Typography.Title>
          {hint && <Typography.Text type="secondary" style={{ fontSize: 12 }}>{hint}</Typography.Text>}
        </Flex>
      </Flex>
    </Card>
  );
}

const LEAVE_COLOR: Record<string, string> = { pending: 'gold', approved: 'green', rejected: 'red' };

/** Any status other than pending or approved shows in the rejected style (SPEC.md section 4). */
export function LeaveStatusTag({ status }: { status: LeaveStatus | string }) {
  const color = LEAVE_COLOR[status] ?? LEAVE_COLOR.rejected;
  return <Tag color={color} style={{ textTransform: 'capitalize' }}>{status}</Tag>;
}

export function PageHeader({ title, subtitle, extra }: { title: ReactNode; subtitle?: ReactNode; extra?: ReactNode }) {
  return (
    <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 20 }}>
      <div>
        <Typography.Title level={3} style={{ margin: 0 }}>{title}</Typography.Title>
        {subtitle && <Typography.Text type="secondary">{subtitle}</Typography.Text>}
      </div>
      {extra}
    </Flex>
  );
}
