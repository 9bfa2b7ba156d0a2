import { Button, Result, Space } from 'antd';

/** The spec's generic error screen, shown for one area of the page when it fails. */
export function RemoteErrorPanel({ onRetry }: { onRetry?: () => void }) {
  return (
    <Result
      status="error"
      title="Something went wrong"
      subTitle="An unexpected error occurred. Please try refreshing the page."
      extra={
        <Space>
          <Button type="primary" onClick={() => window.location.reload()}>Refresh Page</Button>
          {onRetry && <Button onClick={onRetry}>Try Again</Button>}
        </Space>
      }
    />
  );
}
