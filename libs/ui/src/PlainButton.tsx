import { theme } from 'antd';
import type { ButtonHTMLAttributes, ReactNode } from 'react';

// Hover, press and keyboard focus: what inline styles cannot say, with the colours passed in as variables.
const CSS =
  '.portal-button{color:var(--pb-color);background:var(--pb-bg);border-color:var(--pb-border)}' +
  '.portal-button:hover{color:var(--pb-hover-color);background:var(--pb-hover-bg);border-color:var(--pb-hover-border)}' +
  '.portal-button:active{color:var(--pb-active-color);background:var(--pb-active-bg);border-color:var(--pb-active-border)}' +
  '.portal-button:focus-visible{outline:var(--pb-focus);outline-offset:1px}' +
  '.portal-button[aria-busy=true]{opacity:.65;cursor:default}' +
  // The busy ring (antd's LoadingOutlined would be one more icon chunk on the sign-in page).
  '@keyframes portal-button-turn{to{transform:rotate(360deg)}}' +
  '.portal-button-busy{width:1em;height:1em;box-sizing:border-box;border:2px solid currentColor;' +
  'border-inline-end-color:transparent;border-radius:50%;animation:portal-button-turn 1s linear infinite}';

// The CSS variables above, in the order `colours` lists them: rest, hover, press × text, background, border.
const VARS = [
  'color',
  'bg',
  'border',
  'hover-color',
  'hover-bg',
  'hover-border',
  'active-color',
  'active-bg',
  'active-border',
];

type PlainButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> & {
  /** As antd's `type`: outlined, filled in the primary colour, text with a background on hover, or a bare link. */
  variant?: 'default' | 'primary' | 'text' | 'link';
  size?: 'small' | 'middle' | 'large';
  /** A submit button (the default is a plain button). */
  submit?: boolean;
  block?: boolean;
  /** A round button holding only `icon` (name it with aria-label). */
  circle?: boolean;
  icon?: ReactNode;
  /** A spinner before the text; clicks are ignored while it shows, as antd's are. */
  loading?: boolean;
};

/**
 * A button drawn from theme tokens to look as antd's `Button` does (default, primary, text and link; small to large;
 * circle), for what every page, sign-in included, may show: the sign-in form and the error panel. antd's Button is
 * heavy on the first page anyone loads (its wave effect, motion, and a colour helper that brings the colour
 * picker's Collapse along). On phones `.touch-targets` makes it at least 44 px (shell/index.html).
 */
export function PlainButton({
  variant = 'default',
  size = 'middle',
  submit,
  block,
  circle,
  icon,
  loading,
  className,
  style,
  onClick,
  children,
  ...button
}: PlainButtonProps) {
  const { token } = theme.useToken();
  const height = { small: token.controlHeightSM, middle: token.controlHeight, large: token.controlHeightLG }[size];
  const none = 'transparent';
  const colours = {
    default: [
      token.colorText,
      token.colorBgContainer,
      token.colorBorder,
      token.colorPrimaryHover,
      token.colorBgContainer,
      token.colorPrimaryHover,
      token.colorPrimaryActive,
      token.colorBgContainer,
      token.colorPrimaryActive,
    ],
    primary: [
      token.colorTextLightSolid,
      token.colorPrimary,
      none,
      token.colorTextLightSolid,
      token.colorPrimaryHover,
      none,
      token.colorTextLightSolid,
      token.colorPrimaryActive,
      none,
    ],
    text: [
      token.colorText,
      none,
      none,
      token.colorText,
      token.colorBgTextHover,
      none,
      token.colorText,
      token.colorBgTextActive,
      none,
    ],
    link: [token.colorLink, none, none, token.colorLinkHover, none, none, token.colorLinkActive, none, none],
  }[variant];
  return (
    <button
      {...button}
      type={submit ? 'submit' : 'button'}
      aria-busy={loading || undefined}
      className={['portal-button', circle && 'portal-button-icon', className].filter(Boolean).join(' ')}
      onClick={(e) => {
        if (loading) e.preventDefault();
        else onClick?.(e);
      }}
      style={{
        ...Object.fromEntries(VARS.map((v, i) => [`--pb-${v}`, colours[i]])),
        ['--pb-focus' as string]: `${token.lineWidthFocus}px solid ${token.colorPrimaryBorder}`,
        display: block ? 'flex' : 'inline-flex',
        // No inline min-width: on phones .touch-targets widens a circle to 44 px.
        width: block ? '100%' : circle ? height : undefined,
        height,
        alignItems: 'center',
        justifyContent: 'center',
        gap: token.marginXS,
        boxSizing: 'border-box',
        margin: 0,
        padding: circle || variant === 'link' ? 0 : `0 ${size === 'small' ? token.paddingXS - 1 : token.padding - 1}px`,
        borderWidth: token.lineWidth,
        borderStyle: token.lineType,
        borderRadius: circle
          ? '50%'
          : { small: token.borderRadiusSM, middle: token.borderRadius, large: token.borderRadiusLG }[size],
        font: 'inherit',
        fontSize: size === 'large' ? token.fontSizeLG : token.fontSize,
        lineHeight: token.lineHeight,
        whiteSpace: 'nowrap',
        cursor: 'pointer',
        touchAction: 'manipulation',
        transition: `all ${token.motionDurationMid} ${token.motionEaseInOut}`,
        ...style,
      }}
    >
      <style href="portal-button" precedence="default">
        {CSS}
      </style>
      {loading ? <span className="portal-button-busy" aria-hidden /> : icon}
      {children}
    </button>
  );
}
