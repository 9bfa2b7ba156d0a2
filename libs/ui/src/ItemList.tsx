import { Flex, theme } from 'antd';
import type { CSSProperties, Key, ReactNode } from 'react';

// Drawn from theme tokens to look as antd's List does: List imports Pagination, which imports Select and a virtual list.

/** A short list's rows, divided as antd's List divides them. */
export function ItemList<T>({
  items,
  rowKey,
  renderItem,
  size = 'default',
  style,
}: {
  items: T[];
  rowKey: (item: T) => Key;
  renderItem: (item: T) => ReactNode;
  size?: 'default' | 'small';
  style?: CSSProperties;
}) {
  const { token } = theme.useToken();
  return (
    <ul style={{ listStyle: 'none', margin: 0, padding: 0, ...style }}>
      {items.map((item, i) => (
        <li
          key={rowKey(item)}
          style={{
            padding: `${size === 'small' ? token.paddingXS : token.paddingSM}px 0`,
            borderBottom:
              i < items.length - 1 ? `${token.lineWidth}px ${token.lineType} ${token.colorSplit}` : undefined,
          }}
        >
          {renderItem(item)}
        </li>
      ))}
    </ul>
  );
}

/** One row of an ItemList: avatar, title over description, then anything else (a bar, buttons, a tag) at the end. */
export function ItemRow({
  avatar,
  title,
  description,
  children,
}: {
  avatar?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
}) {
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
