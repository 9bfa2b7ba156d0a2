import {
  AlertOutlined, AuditOutlined, BarChartOutlined, CalendarOutlined, DashboardOutlined, LogoutOutlined, MessageOutlined,
  MoonOutlined, ScheduleOutlined, SunOutlined, TeamOutlined, UserOutlined, UsergroupAddOutlined,
} from '@ant-design/icons';
import { Avatar, Button, Dropdown, Flex, Layout, Menu, Switch, Tooltip, Typography, theme } from 'antd';
import type { MenuProps } from 'antd';
import { useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { Role } from '@portal/contracts';
import { logout, useAppDispatch, useSession, useThemeMode } from '@portal/kit';

interface Item { key: string; label: string; icon: ReactNode }

const COMMON: Item[] = [
  { key: '/dashboard', label: 'Dashboard', icon: <DashboardOutlined /> },
  { key: '/profile', label: 'Profile', icon: <UserOutlined /> },
];

/** Navigation menu of SPEC.md section 2, per role. */
export const MENU: Record<Role, Item[]> = {
  admin: [
    ...COMMON,
    { key: '/admin/users', label: 'User Management', icon: <TeamOutlined /> },
    { key: '/admin/mentorship', label: 'Mentorship', icon: <UsergroupAddOutlined /> },
    { key: '/admin/analytics', label: 'Analytics', icon: <BarChartOutlined /> },
    { key: '/admin/attendance', label: 'Attendance', icon: <CalendarOutlined /> },
    { key: '/admin/leaves', label: 'Leaves', icon: <ScheduleOutlined /> },
    { key: '/admin/grievances', label: 'Grievances', icon: <AlertOutlined /> },
    { key: '/admin/audit', label: 'Audit Log', icon: <AuditOutlined /> },
  ],
  mentor: [
    ...COMMON,
    { key: '/attendance', label: 'Attendance', icon: <CalendarOutlined /> },
    { key: '/groups', label: 'Groups', icon: <TeamOutlined /> },
    { key: '/chat', label: 'Chat', icon: <MessageOutlined /> },
    { key: '/leaves', label: 'Leaves', icon: <ScheduleOutlined /> },
    { key: '/grievances', label: 'Grievances', icon: <AlertOutlined /> },
  ],
  mentee: [
    ...COMMON,
    { key: '/chat', label: 'Chat', icon: <MessageOutlined /> },
    { key: '/leaves', label: 'Leaves', icon: <ScheduleOutlined /> },
    { key: '/grievances', label: 'Grievances', icon: <AlertOutlined /> },
  ],
};

const ROLE_LABEL: Record<Role, string> = { admin: 'Administrator', mentor: 'Mentor', mentee: 'Student' };

export function AppLayout({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const { darkMode, toggle } = useThemeMode();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const dispatch = useAppDispatch();
  const { token } = theme.useToken();
  const [collapsed, setCollapsed] = useState(false);
  if (!user) return null;
  const items = MENU[user.role];
  const selected = items.filter((i) => pathname === i.key || pathname.startsWith(`${i.key}/`)).map((i) => i.key);
  const initial = (user.fullName || user.email).trim().charAt(0).toUpperCase();

  const signOut = async () => {
    await dispatch(logout());
    navigate('/login', { replace: true });
  };

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider breakpoint="lg" collapsedWidth={64} collapsible collapsed={collapsed} onCollapse={setCollapsed} width={232}
        style={{ borderRight: `1px solid ${token.colorBorderSecondary}` }} theme={darkMode ? 'dark' : 'light'}>
        <Flex align="center" gap={10} style={{ height: 64, padding: '0 20px' }}>
          <Flex align="center" justify="center" style={{ width: 32, height: 32, borderRadius: 8, background: token.colorPrimary, color: '#fff', fontWeight: 700, flexShrink: 0 }}>M</Flex>
          {!collapsed && <Typography.Text strong style={{ fontSize: 16 }}>Mentor Portal</Typography.Text>}
        </Flex>
        <Menu mode="inline" selectedKeys={selected} items={items as MenuProps['items']} onClick={(e) => navigate(e.key)}
          theme={darkMode ? 'dark' : 'light'} style={{ borderInlineEnd: 0, background: 'transparent' }} aria-label="Main navigation" />
      </Layout.Sider>
      <Layout>
        <Layout.Header style={{ padding: '0 24px', borderBottom: `1px solid ${token.colorBorderSecondary}`, display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 16 }}>
          <Tooltip title={darkMode ? 'Switch to light mode' : 'Switch to dark mode'}>
            <Switch checked={darkMode} onChange={toggle} checkedChildren={<MoonOutlined />} unCheckedChildren={<SunOutlined />} aria-label="Dark mode" />
          </Tooltip>
          <Dropdown trigger={['click']} menu={{ items: [{ key: 'signout', icon: <LogoutOutlined />, label: 'Sign out', onClick: signOut }] }}>
            <Button type="text" style={{ height: 48 }} aria-label="Account menu">
              <Flex align="center" gap={10}>
                <Avatar style={{ background: token.colorPrimary }}>{initial}</Avatar>
                <Flex vertical align="start" style={{ lineHeight: 1.2 }}>
                  <Typography.Text strong>{user.fullName}</Typography.Text>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="user-role">{ROLE_LABEL[user.role]}</Typography.Text>
                </Flex>
              </Flex>
            </Button>
          </Dropdown>
        </Layout.Header>
        <Layout.Content style={{ padding: 24, maxWidth: 1400, width: '100%', margin: '0 auto' }}>{children}</Layout.Content>
      </Layout>
    </Layout>
  );
}
