import { ReadOutlined, HomeOutlined, SafetyCertificateOutlined, SolutionOutlined } from '@ant-design/icons';
import { Card, List, Tag, Typography } from 'antd';
import { ColourAvatar } from '@portal/ui';
import type { ReportsOverviewResponse, Role } from '@portal/contracts';
import { useFormat } from '@portal/web-core';
import { ROLE_COLOR, ROLE_HEX } from '../users/roleColors';
import { useAdminT } from './i18n';

const ROLE_ICON: Record<Role, React.ReactNode> = {
  admin: <SafetyCertificateOutlined aria-hidden />,
  mentor: <SolutionOutlined aria-hidden />,
  mentee: <ReadOutlined aria-hidden />,
  guardian: <HomeOutlined aria-hidden />,
};

/** The accounts created most recently, each with its role and the day it was created. */
export function RecentActivityCard({ users }: { users: ReportsOverviewResponse['recentUsers'] }) {
  const { t } = useAdminT();
  const f = useFormat();
  return (
    <Card title={t('analytics.recentActivity')} style={{ height: '100%' }}>
      <List
        size="small"
        dataSource={users}
        renderItem={(u) => (
          <List.Item
            extra={
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {f.dayMonth(u.createdAt)}
              </Typography.Text>
            }
          >
            <List.Item.Meta
              avatar={<ColourAvatar size="small" icon={ROLE_ICON[u.role]} color={ROLE_HEX[u.role]} />}
              title={
                <Typography.Text ellipsis style={{ maxWidth: '100%' }}>
                  {u.email}
                </Typography.Text>
              }
              description={
                <>
                  <Tag color={ROLE_COLOR[u.role]} style={{ textTransform: 'capitalize' }}>
                    {t(`shared.roles.${u.role}`)}
                  </Tag>
                  {u.fullName}
                </>
              }
            />
          </List.Item>
        )}
      />
    </Card>
  );
}
