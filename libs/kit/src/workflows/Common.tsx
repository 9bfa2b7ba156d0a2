import { Empty, Flex, Tag, Typography, theme } from 'antd';
import { useId, useState, type CSSProperties, type HTMLAttributes, type Key, type ReactNode } from 'react';
import type { LeaveStatus } from '@portal/contracts';

// Parts most screens use (page titles, panels, short lists, stat cards, empty states, leave status tags).
// Panel and ItemList are drawn from theme tokens to look as antd's Card and List do: Card imports Tabs for its tab
// headers and List imports Pagination, which imports Select and a virtual list; together 40 KB gzip that a dashboard
// would download for features it does not use.

type PanelProps = Omit<HTMLAttributes<HTMLElement>, 'title'> & {
  title?: ReactNode;
  extra?: ReactNode;
  size?: 'default' | 'small';
  /** Lifts on hover, for panels that open something. */
  hoverable?: boolean;
  'data-testid'?: string;
};

/** A titled panel: a section named by its title, with an optional action at the header's end. */
export function Panel({ title, extra, size = 'default', hoverable, style, children, onMouseEnter, onMouseLeave, ...rest }: PanelProps) {
  const { token } = theme.useToken();
  const [hover, setHover] = useState(false);
  const titleId = useId();
  const small = size === 'small';
  const border = `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`;
  const lifted = hoverable && hover;
  return (
    <section aria-labelledby={title ? titleId : undefined} {...rest}
      onMouseEnter={(e) => { setHover(true); onMouseEnter?.(e); }} onMouseLeave={(e) => { setHover(false); onMouseLeave?.(e); }}
      style={{ background: token.colorBgContainer, border, borderColor: lifted ? 'transparent' : token.colorBorderSecondary,
        borderRadius: token.borderRadiusLG, color: token.colorText, boxShadow: lifted ? token.boxShadowTertiary : undefined,
        transition: `box-shadow ${token.motionDurationMid}, border-color ${token.motionDurationMid}`, ...style }}>
      {(title || extra) && (
        <Flex align="center" gap={token.marginXS} style={{ minHeight: small ? 38 : 56, padding: `0 ${small ? token.paddingSM : token.paddingLG}px`, borderBottom: border }}>
          <div id={titleId} style={{ flex: 1, minWidth: 0, color: token.colorTextHeading, fontWeight: token.fontWeightStrong, fontSize: small ? token.fontSize : token.fontSizeLG }}>{title}</div>
          {extra}
        </Flex>
      )}
      <div style={{ padding: small ? token.paddingSM : token.paddingLG }}>{children}</div>
    </section>
  );
}

/** A short list's rows, divided as antd's List divides them. */
export function ItemList<T>({ items, rowKey, renderItem, size = 'default', style }: {
  items: T[]; rowKey: (item: T) => Key; renderItem: (item: T) => ReactNode; size?: 'default' | 'small'; style?: CSSProperties;
}) {
  const { token } = theme.useToken();
  return (
    <ul style={{ listStyle: 'none', margin: 0, padding: 0, ...style }}>
      {items.map((item, i) => (
        <li key={rowKey(item)} style={{ padding: `${size === 'small' ? token.paddingXS : token.paddingSM}px 0`,
          borderBottom: i < items.length - 1 ? `${token.lineWidth}px ${token.lineType} ${token.colorSplit}` : undefined }}>
          {renderItem(item)}
        </li>
      ))}
    </ul>
  );
}

/** One row of an ItemList: avatar, title over description, then anything else (a bar, buttons, a tag) at the end. */
export function ItemRow({ avatar, title, description, children }: { avatar?: ReactNode; title: ReactNode; description?: ReactNode; children?: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <Flex align="center" gap={token.marginSM} wrap>
      {avatar}
      <Flex vertical style={{ flex: '1 1 180px', minWidth: 0 }}>
        <span style={{ color: token.colorText }}>{title}</span>
        {description && <span style={{ color: token.colorTextDescription }}>{description}</span>}
      </Flex>
      {children}
    </Flex>
  );
}

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
    <Panel hoverable={!!onClick} onClick={onClick} data-testid={testId} style={{ height: '100%', cursor: onClick ? 'pointer' : 'default' }}
      role={onClick ? 'button' : undefined} aria-label={onClick ? title : undefined}
      tabIndex={onClick ? 0 : undefined} onKeyDown={onClick ? (e) => {
        if (e.key !== 'Enter' && e.key !== ' ') return;
        e.preventDefault(); // a space would also scroll the page
        onClick();
      } : undefined}>
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
    </Panel>
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
