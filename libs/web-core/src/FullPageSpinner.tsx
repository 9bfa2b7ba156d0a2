import { Flex, Spin, theme } from 'antd';
import { useCommonT } from './i18n';

// The core is downloaded by the sign-in page: only what every page needs lives here (screen parts are in @portal/ui).

function SecondaryText({ children }: { children: string }) {
  const { token } = theme.useToken();
  return <span style={{ color: token.colorTextSecondary }}>{children}</span>;
}

export function FullPageSpinner({ label }: { label?: string }) {
  const { t } = useCommonT();
  return (
    <Flex vertical align="center" justify="center" gap={12} style={{ minHeight: '60vh' }} role="status">
      <Spin size="large" />
      <SecondaryText>{label ?? t('loadingPage')}</SecondaryText>
    </Flex>
  );
}
