import { Alert, Button } from 'antd';
import type { ReactNode } from 'react';
import { useOffline } from '@portal/web-core';
import { useUiT } from './i18n';

/**
 * A list or page that could not be loaded: what failed, and Retry. Offline, a page not yet seen on this device says
 * so instead (it loads by itself when the connection is back: nothing to retry).
 */
export function LoadError({ title, onRetry }: { title: ReactNode; onRetry: () => unknown }) {
  const { t } = useUiT();
  const offline = useOffline();
  if (offline) return <Alert type="info" showIcon title={t('common:offline.notSeen')} />;
  return <Alert type="error" showIcon title={title} action={<Button onClick={() => onRetry()}>{t('retry')}</Button>} />;
}
