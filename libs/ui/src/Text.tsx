import { theme } from 'antd';
import type { HTMLAttributes } from 'react';

// Drawn from theme tokens to look as antd's Typography.Text, Title and Paragraph do: Typography carries its in-place
// editor (TextArea, and through it the form library), copy button and ellipsis measuring to every screen that shows a
// line of text, and the dashboards use none of them.

type TextType = 'secondary' | 'success' | 'warning' | 'danger';

/** A run of text: `strong` and the colours of antd's `type` (secondary, success, warning, danger). */
export function Text({
  strong,
  type,
  style,
  children,
  ...rest
}: HTMLAttributes<HTMLSpanElement> & {
  strong?: boolean;
  type?: TextType;
  'data-testid'?: string;
}) {
  const { token } = theme.useToken();
  const color = {
    secondary: token.colorTextDescription,
    success: token.colorSuccessText,
    warning: token.colorWarningText,
    danger: token.colorErrorText,
  };
  return (
    <span
      {...rest}
      style={{
        color: type ? color[type] : token.colorText,
        wordBreak: 'break-word',
        lineHeight: token.lineHeight,
        ...style,
      }}
    >
      {strong ? <strong style={{ fontWeight: token.fontWeightStrong }}>{children}</strong> : children}
    </span>
  );
}

/** A heading of the given level (h1 to h5), sized as antd's Title of that level or of `size`. */
export function Title({
  level = 1,
  size = level,
  style,
  children,
  ...rest
}: HTMLAttributes<HTMLHeadingElement> & { level?: 1 | 2 | 3 | 4 | 5; size?: 1 | 2 | 3 | 4 | 5 }) {
  const { token } = theme.useToken();
  const H = `h${level}` as const;
  return (
    <H
      {...rest}
      style={{
        marginBottom: '0.5em',
        color: token.colorTextHeading,
        fontWeight: token.fontWeightStrong,
        fontSize: token[`fontSizeHeading${size}`],
        lineHeight: token[`lineHeightHeading${size}`],
        wordBreak: 'break-word',
        ...style,
      }}
    >
      {children}
    </H>
  );
}

/** A paragraph of text (a block with a line's space below it). */
export function Paragraph({ style, children, ...rest }: HTMLAttributes<HTMLDivElement>) {
  const { token } = theme.useToken();
  return (
    <div
      {...rest}
      style={{
        marginBottom: '1em',
        color: token.colorText,
        wordBreak: 'break-word',
        lineHeight: token.lineHeight,
        ...style,
      }}
    >
      {children}
    </div>
  );
}
