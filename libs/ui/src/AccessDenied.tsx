import { Result } from 'antd';
import type { ReactNode } from 'react';
import { useUiT } from './i18n';

/** The refusal panel of SPEC.md section 2 (its illustration is heavy: it downloads only when shown). */
export function AccessDenied({ title, message }: { title?: string; message?: ReactNode }) {
  const { t } = useUiT();
  return (
    <Result status="403" title={title ?? t('accessDenied.title')} subTitle={message ?? t('accessDenied.message')} />
  );
}
