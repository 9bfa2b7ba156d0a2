import { Flex, theme } from 'antd';
import { useId, useState, type HTMLAttributes, type ReactNode } from 'react';

// Drawn from theme tokens to look as antd's Card does: Card imports Tabs for its tab headers, which a dashboard would
// download for a feature it does not use.

type PanelProps = Omit<HTMLAttributes<HTMLElement>, 'title'> & {
  title?: ReactNode;
  extra?: ReactNode;
  size?: 'default' | 'small';
  /** Lifts on hover, for panels that open something. */
  hoverable?: boolean;
  /** `div` for a panel that is itself a control (role="button" is not allowed on a section). */
  as?: 'section' | 'div';
  'data-testid'?: string;
};

/** A titled panel: a section named by its title, with an optional action at the header's end. */
export function Panel({
  title,
  extra,
  size = 'default',
  hoverable,
  as: Tag = 'section',
  style,
  children,
  onMouseEnter,
  onMouseLeave,
  ...rest
}: PanelProps) {
  const { token } = theme.useToken();
  const [hover, setHover] = useState(false);
  const titleId = useId();
  const small = size === 'small';
  const border = `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`;
  const lifted = hoverable && hover;
  return (
    <Tag
      aria-labelledby={title ? titleId : undefined}
      {...rest}
      onMouseEnter={(e) => {
        setHover(true);
        onMouseEnter?.(e);
      }}
      onMouseLeave={(e) => {
        setHover(false);
        onMouseLeave?.(e);
      }}
      style={{
        background: token.colorBgContainer,
        border,
        borderColor: lifted ? 'transparent' : token.colorBorderSecondary,
        borderRadius: token.borderRadiusLG,
        color: token.colorText,
        boxShadow: lifted ? token.boxShadowTertiary : undefined,
        transition: `box-shadow ${token.motionDurationMid}, border-color ${token.motionDurationMid}`,
        ...style,
      }}
    >
      {(title || extra) && (
        <Flex
          align="center"
          gap={token.marginXS}
          style={{
            minHeight: small ? 38 : 56,
            padding: `0 ${small ? token.paddingSM : token.paddingLG}px`,
            borderBottom: border,
          }}
        >
          <div
            id={titleId}
            style={{
              flex: 1,
              minWidth: 0,
              color: token.colorTextHeading,
              fontWeight: token.fontWeightStrong,
              fontSize: small ? token.fontSize : token.fontSizeLG,
            }}
          >
            {title}
          </div>
          {extra}
        </Flex>
      )}
      <div style={{ padding: small ? token.paddingSM : token.paddingLG }}>{children}</div>
    </Tag>
  );
}
