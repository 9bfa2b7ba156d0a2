import { CloseCircleFilled } from '@ant-design/icons';
import { theme } from 'antd';
import { PlainButton } from './PlainButton';
import { useUiT } from './i18n';

/**
 * The spec's generic error screen, shown for one area of the page when it fails. It looks like antd's Result but is
 * built from theme tokens: Result carries illustrations for every status, and this panel is on every
 * page (the shell's own boundary included), ready for a failure; so are its buttons and rows (PlainButton and flex
 * boxes, not antd's Button and Flex).
 */
export function RemoteErrorPanel({ onRetry }: { onRetry?: () => void }) {
  const { token } = theme.useToken();
  const { t } = useUiT();
  return (
    <div
      role="alert"
      style={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        gap: 8,
        padding: '48px 32px',
        textAlign: 'center',
      }}
    >
      <CloseCircleFilled aria-hidden style={{ fontSize: 72, color: token.colorError, marginBottom: 16 }} />
      <h3
        style={{
          margin: 0,
          color: token.colorTextHeading,
          fontSize: token.fontSizeHeading3,
          fontWeight: token.fontWeightStrong,
        }}
      >
        {t('remoteError.title')}
      </h3>
      <span style={{ color: token.colorTextSecondary }}>{t('remoteError.message')}</span>
      <div style={{ display: 'flex', gap: 8, marginTop: 16 }}>
        <PlainButton variant="primary" onClick={() => window.location.reload()}>
          {t('remoteError.refresh')}
        </PlainButton>
        {onRetry && <PlainButton onClick={onRetry}>{t('remoteError.tryAgain')}</PlainButton>}
      </div>
    </div>
  );
}
