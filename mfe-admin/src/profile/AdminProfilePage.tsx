import { Card, Descriptions } from 'antd';
import type { AdminProfile } from '@portal/contracts';
import { useSession } from '@portal/web-core';
import { PageHeader } from '@portal/ui';

export function AdminProfilePage() {
  const { user, profile } = useSession();
  const p = profile as AdminProfile | null;
  return (
    <>
      <PageHeader title="My Profile" subtitle="Administrator account" />
      <Card>
        <Descriptions
          column={1} // label beside value, one pair a row: fits a phone (two columns needed ~640 px)
          bordered
          items={[
            { key: 'name', label: 'Full name', children: p?.fullName ?? user?.fullName },
            { key: 'email', label: 'Email', children: user?.email },
            { key: 'phone', label: 'Phone', children: p?.phone || '—' },
            { key: 'emp', label: 'Employee ID', children: p?.employeeId || '—' },
            { key: 'dept', label: 'Department', children: p?.department || '—' },
            { key: 'pos', label: 'Position', children: p?.position || '—' },
          ]}
        />
      </Card>
    </>
  );
}
