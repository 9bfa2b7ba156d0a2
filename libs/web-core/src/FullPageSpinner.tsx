import { theme } from 'antd';
import { useCommonT } from './i18n';

// The core is downloaded by the sign-in page: only what every page needs lives here (screen parts are in @portal/ui).

// antd's large Spin (four dots turning, each fading in turn), drawn here: this spinner is in the core, so antd's Spin
// would be downloaded by every page, sign-in included, for the moment a page's code is on its way; its
// box is a plain flex box rather than antd's Flex for the same reason.
// `.portal-spin` is what the browser tests wait to disappear, as they do for `.ant-spin-spinning`.
const CSS =
  '@keyframes portal-spin-turn{to{transform:rotate(405deg)}}@keyframes portal-spin-fade{to{opacity:1}}' +
  '.portal-spin{animation:portal-spin-turn 1.2s infinite linear}' +
  '.portal-spin i{animation:portal-spin-fade 1s infinite linear alternate}' +
  '.portal-spin i:nth-child(2){animation-delay:.4s}.portal-spin i:nth-child(3){animation-delay:.8s}' +
  '.portal-spin i:nth-child(4){animation-delay:1.2s}' +
  '@media (prefers-reduced-motion:reduce){.portal-spin,.portal-spin i{animation-duration:3s}}';

function Spinner() {
  const { token } = theme.useToken();
  const size = token.controlHeightLG - token.marginXS; // 32 px, antd's large dot
  const dot = (size - token.marginXXS / 2) / 2;
  const corners = [
    { top: 0, insetInlineStart: 0 },
    { top: 0, insetInlineEnd: 0 },
    { bottom: 0, insetInlineEnd: 0 },
    { bottom: 0, insetInlineStart: 0 },
  ];
  return (
    <span
      className="portal-spin"
      aria-hidden
      style={{ position: 'relative', display: 'inline-block', width: size, height: size, transform: 'rotate(45deg)' }}
    >
      <style href="portal-spin" precedence="default">
        {CSS}
      </style>
      {corners.map((corner, i) => (
        <i
          key={i}
          style={{
            position: 'absolute',
            width: dot,
            height: dot,
            borderRadius: '100%',
            background: token.colorPrimary,
            opacity: 0.3,
            transform: 'scale(0.75)',
            ...corner,
          }}
        />
      ))}
    </span>
  );
}

function SecondaryText({ children }: { children: string }) {
  const { token } = theme.useToken();
  return <span style={{ color: token.colorTextSecondary }}>{children}</span>;
}

export function FullPageSpinner({ label }: { label?: string }) {
  const { t } = useCommonT();
  return (
    <div
      role="status"
      style={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 12,
        minHeight: '60vh',
      }}
    >
      <Spinner />
      <SecondaryText>{label ?? t('loadingPage')}</SecondaryText>
    </div>
  );
}
