import { Card, Result } from 'antd';
import type { ReactNode } from 'react';

// Result panels (their illustrations are heavy) live outside the kit's core, which the sign-in page downloads.

export function AccessDenied({ title = 'Access Denied', message = 'You need admin privileges to access this page.' }: { title?: string; message?: ReactNode }) {
  return <Result status="403" title={title} subTitle={message} />;
}

/** A screen that a later release builds; says so honestly instead of showing made-up data. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <Card>
      <Result status="info" title={title} subTitle="This screen is coming in a later release." />
    </Card>
  );
}

