import { Result } from 'antd';
import type { ReactNode } from 'react';

/** The refusal panel of SPEC.md section 2 (its illustration is heavy: it downloads only when shown). */
export function AccessDenied({
  title = 'Access Denied',
  message = 'You need admin privileges to access this page.',
}: {
  title?: string;
  message?: ReactNode;
}) {
  return <Result status="403" title={title} subTitle={message} />;
}
