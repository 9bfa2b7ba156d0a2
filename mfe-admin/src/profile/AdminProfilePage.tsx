import { Card, Descriptions } from 'antd';
import type { AdminProfile } from '@portal/contracts';
import { useSession } from '@portal/web-core';
import { PageHeader } from '@portal/ui';
import { useAdminT } from './i18n';

export function AdminProfilePage() {
  const { user, profile } = useSession();
  const { t } = useAdminT();
  const p = profile as AdminProfile | null;
  return (
    <>
      <PageHeader title={t('profile.title')} subtitle={t('profile.subtitle')} />
      <Card>
        <Descriptions
          column={1} // label beside value, one pair a row: fits a phone (two columns needed ~640 px)
          bordered
          items={[
            { key: 'name', label: t('profile.fullName'), children: p?.fullName ?? user?.fullName },
            { key: 'email', label: t('profile.email'), children: user?.email },
            { key: 'phone', label: t('profile.phone'), children: p?.phone || '—' },
            { key: 'emp', label: t('profile.employeeId'), children: p?.employeeId || '—' },
            { key: 'dept', label: t('profile.department'), children: p?.department || '—' },
            { key: 'pos', label: t('profile.position'), children: p?.position || '—' },
          ]}
        />
      </Card>
    </>
  );
}
