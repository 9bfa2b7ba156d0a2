import { Flex, Spin, theme } from 'antd';

// The kit's core is downloaded by the sign-in page: only what every page needs lives here. Screen parts (cards,
// tags, empty states) are in '@portal/kit/workflows'.

function SecondaryText({ children }: { children: string }) {
  const { token } = theme.useToken();
  return <span style={{ color: token.colorTextSecondary }}>{children}</span>;
}

export function FullPageSpinner({ label = 'Loading...' }: { label?: string }) {
  return (
    <Flex vertical align="center" justify="center" gap={12} style={{ minHeight: '60vh' }} role="status">
      <Spin size="large" />
      <SecondaryText>{label}</SecondaryText>
    </Flex>
  );
}

export const MSG_ADMIN_DENIED = 'Access denied. Admin privileges required.';
