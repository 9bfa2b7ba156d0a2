import { Flex, theme } from 'antd';
import type { ReactNode } from 'react';
import { Panel } from './Panel';
import { Text } from './Text';

export function StatCard({
  title,
  value,
  icon,
  color,
  onClick,
  hint,
  testId,
}: {
  title: string;
  value: ReactNode;
  icon: ReactNode;
  color: string;
  onClick?: () => void;
  hint?: ReactNode;
  testId?: string;
}) {
  const { token } = theme.useToken();
  return (
    <Panel
      as={onClick ? 'div' : 'section'}
      hoverable={!!onClick}
      onClick={onClick}
      data-testid={testId}
      style={{ height: '100%', cursor: onClick ? 'pointer' : 'default' }}
      // Named by its content (title, value, hint): an aria-label of the title alone would hide the value from a screen
      // reader and not contain the visible text a voice-control user speaks (WCAG 2.5.3).
      role={onClick ? 'button' : undefined}
      tabIndex={onClick ? 0 : undefined}
      onKeyDown={
        onClick
          ? (e) => {
              if (e.key !== 'Enter' && e.key !== ' ') return;
              e.preventDefault(); // a space would also scroll the page
              onClick();
            }
          : undefined
      }
    >
      {/* On a narrow tile (two to a row on a phone) the text goes under the icon rather than breaking words. */}
      <Flex align="center" gap={12} wrap>
        <Flex
          align="center"
          justify="center"
          style={{
            width: 48,
            height: 48,
            borderRadius: 12,
            background: `${color}1f`,
            color,
            fontSize: 22,
            flexShrink: 0,
          }}
        >
          {icon}
        </Flex>
        <Flex vertical style={{ flex: '1 1 7em', minWidth: 0 }}>
          <Text type="secondary" style={{ overflowWrap: 'normal', wordBreak: 'normal' }}>
            {title}
          </Text>
          {/* A figure, drawn large, not a heading: the page's outline is its titles, not its numbers. */}
          <div
            style={{
              color: token.colorTextHeading,
              fontWeight: token.fontWeightStrong,
              fontSize: token.fontSizeHeading3,
              lineHeight: token.lineHeightHeading3,
            }}
          >
            {value}
          </div>
          {hint && (
            <Text type="secondary" style={{ fontSize: 12 }}>
              {hint}
            </Text>
          )}
        </Flex>
      </Flex>
    </Panel>
  );
}
