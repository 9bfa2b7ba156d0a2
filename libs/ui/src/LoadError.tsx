import { Alert, Button } from 'antd';
import type { ReactNode } from 'react';

/** A list or page that could not be loaded: what failed, and Retry. */
export function LoadError({ title, onRetry }: { title: ReactNode; onRetry: () => unknown }) {
  return <Alert type="error" showIcon title={title} action={<Button onClick={() => onRetry()}>Retry</Button>} />;
}
