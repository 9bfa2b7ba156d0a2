import { Alert, Button } from 'antd';
import type { ReactNode } from 'react';
import { useUiT } from './i18n';

/** A list or page that could not be loaded: what failed, and Retry. */
export function LoadError({ title, onRetry }: { title: ReactNode; onRetry: () => unknown }) {
  const { t } = useUiT();
  return <Alert type="error" showIcon title={title} action={<Button onClick={() => onRetry()}>{t('retry')}</Button>} />;
}
