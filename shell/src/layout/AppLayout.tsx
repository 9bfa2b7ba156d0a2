import {
  AlertOutlined,
  AppstoreOutlined,
  AuditOutlined,
  CheckOutlined,
  CloudServerOutlined,
  BarChartOutlined,
  CalendarOutlined,
  DashboardOutlined,
  GlobalOutlined,
  KeyOutlined,
  LaptopOutlined,
  LeftOutlined,
  LogoutOutlined,
  MailOutlined,
  MessageOutlined,
  NotificationOutlined,
  MoonOutlined,
  RightOutlined,
  SafetyCertificateOutlined,
  SafetyOutlined,
  ScheduleOutlined,
  SunOutlined,
  TeamOutlined,
  UserOutlined,
  UsergroupAddOutlined,
} from '@ant-design/icons';
import { Alert, Button, ConfigProvider, Flex, Layout, Menu, Switch, Tooltip, theme } from 'antd';
import { lazy, Suspense, use, useMemo, useState, type ReactNode } from 'react';
import type { Role } from '@portal/contracts';
import { NotificationBell } from '@portal/notifications';
import { ColourAvatar, MenuButton, Text } from '@portal/ui';
import {
  chooseLanguage,
  LANGUAGES,
  logout,
  useAppDispatch,
  useLocation,
  useNavigate,
  useOffline,
  useSession,
  useThemeMode,
  type MenuIcon,
} from '@portal/web-core';
import { useShellT } from '../i18n';
import { useManifestText } from '../manifestText';
import { loadManifests, menuOf } from '../remotes';
import { PhoneNav, usePhone } from './PhoneNav';

const ChangePasswordDialog = lazy(() =>
  import('./ChangePasswordDialog').then((m) => ({ default: m.ChangePasswordDialog })),
);
const SessionsDialog = lazy(() => import('./SessionsDialog').then((m) => ({ default: m.SessionsDialog })));

/** The icon of each menu key a route manifest may name. */
const ICONS: Record<MenuIcon, ReactNode> = {
  dashboard: <DashboardOutlined aria-hidden />,
  profile: <UserOutlined aria-hidden />,
  users: <TeamOutlined aria-hidden />,
  mentorship: <UsergroupAddOutlined aria-hidden />,
  analytics: <BarChartOutlined aria-hidden />,
  attendance: <CalendarOutlined aria-hidden />,
  leaves: <ScheduleOutlined aria-hidden />,
  grievances: <AlertOutlined aria-hidden />,
  audit: <AuditOutlined aria-hidden />,
  groups: <TeamOutlined aria-hidden />,
  chat: <MessageOutlined aria-hidden />,
  mail: <MailOutlined aria-hidden />,
  deployments: <CloudServerOutlined aria-hidden />,
  privacy: <SafetyCertificateOutlined aria-hidden />,
  announcements: <NotificationOutlined aria-hidden />,
  safeguarding: <SafetyOutlined aria-hidden />,
};

/** The catalogue key of each role's name. */
const ROLE_LABEL = {
  admin: 'roles.admin',
  mentor: 'roles.mentor',
  mentee: 'roles.mentee',
  guardian: 'roles.guardian',
} as const satisfies Record<Role, string>;

export function AppLayout({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const { darkMode, toggle } = useThemeMode();
  const { t, i18n } = useShellT();
  const manifestText = useManifestText();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const dispatch = useAppDispatch();
  const { token } = theme.useToken();
  const phone = usePhone();
  const offline = useOffline();
  const [collapsed, setCollapsed] = useState(false);
  const [changingPassword, setChangingPassword] = useState(false);
  const [seeingSessions, setSeeingSessions] = useState(false);
  const manifests = use(loadManifests());
  const items = useMemo(
    () =>
      user
        ? menuOf(manifests, user.role).map((m) => ({
            key: m.path,
            label: manifestText('menu', m.label),
            icon: ICONS[m.icon as MenuIcon] ?? <AppstoreOutlined aria-hidden />,
          }))
        : [],
    [manifests, user, manifestText],
  );
  if (!user) return null;
  const selected = items.filter((i) => pathname === i.key || pathname.startsWith(`${i.key}/`)).map((i) => i.key);
  const initial = (user.fullName || user.email).trim().charAt(0).toUpperCase();

  const signOut = async () => {
    await dispatch(logout());
    navigate('/login', { replace: true });
  };

  return (
    <Layout style={{ minHeight: '100vh' }}>
      {!phone && (
        <Layout.Sider
          breakpoint="lg"
          collapsedWidth={64}
          collapsible
          collapsed={collapsed}
          onCollapse={setCollapsed}
          // antd's trigger is a bare div (no keyboard, named "left" in English): a button of our own instead.
          trigger={null}
          width={232}
          style={{ borderRight: `1px solid ${token.colorBorderSecondary}`, paddingBottom: 48 }}
          theme={darkMode ? 'dark' : 'light'}
        >
          <Flex align="center" gap={10} style={{ height: 64, padding: '0 20px' }}>
            <Flex
              align="center"
              justify="center"
              style={{
                width: 32,
                height: 32,
                borderRadius: 8,
                background: token.colorPrimary,
                color: '#fff',
                fontWeight: 700,
                flexShrink: 0,
              }}
            >
              M
            </Flex>
            {!collapsed && (
              <Text strong style={{ fontSize: 16 }}>
                {t('appName')}
              </Text>
            )}
          </Flex>
          <Menu
            mode="inline"
            selectedKeys={selected}
            items={items}
            onClick={(e) => navigate(e.key)}
            theme={darkMode ? 'dark' : 'light'}
            style={{ borderInlineEnd: 0, background: 'transparent' }}
            aria-label={t('layout.mainNav')}
          />
          <Button
            type="text"
            icon={collapsed ? <RightOutlined aria-hidden /> : <LeftOutlined aria-hidden />}
            aria-label={t(collapsed ? 'layout.expandMenu' : 'layout.collapseMenu')}
            aria-expanded={!collapsed}
            onClick={() => setCollapsed(!collapsed)}
            style={{
              position: 'fixed',
              bottom: 0,
              left: 0,
              width: collapsed ? 64 : 232,
              height: 48,
              borderRadius: 0,
              borderTop: `1px solid ${token.colorBorderSecondary}`,
            }}
          />
        </Layout.Sider>
      )}
      <Layout>
        <Layout.Header
          className="touch-targets"
          style={{
            padding: phone ? '0 12px' : '0 24px',
            borderBottom: `1px solid ${token.colorBorderSecondary}`,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'flex-end',
            gap: phone ? 8 : 16,
          }}
        >
          {phone && (
            <>
              <PhoneNav items={items} selected={selected} onNavigate={navigate} dark={darkMode} />
              {/* Pushes the bell, theme switch and account button to the end, as on desktop. */}
              <span style={{ flex: 1 }} />
            </>
          )}
          <NotificationBell />
          <Tooltip title={darkMode ? t('theme.toLight') : t('theme.toDark')}>
            <Switch
              checked={darkMode}
              onChange={toggle}
              checkedChildren={<MoonOutlined aria-hidden />}
              unCheckedChildren={<SunOutlined aria-hidden />}
              aria-label={t('theme.dark')}
            />
          </Tooltip>
          <MenuButton
            menu={{
              items: [
                {
                  key: 'language',
                  icon: <GlobalOutlined aria-hidden />,
                  label: t('common:language.label'),
                  // The current language is ticked (and said so), not greyed out: a disabled entry reads as unavailable.
                  children: LANGUAGES.map((l) => {
                    const current = i18n.language === l.code;
                    return {
                      key: `language-${l.code}`,
                      icon: <CheckOutlined aria-hidden style={{ visibility: current ? 'visible' : 'hidden' }} />,
                      label: (
                        <>
                          <span lang={l.code}>{l.name}</span>
                          {current && <span className="sr-only"> ({t('common:language.current')})</span>}
                        </>
                      ),
                      onClick: () => {
                        if (!current) void dispatch(chooseLanguage(l.code));
                      },
                    };
                  }),
                },
                {
                  key: 'password',
                  icon: <KeyOutlined aria-hidden />,
                  label: t('layout.changePassword'),
                  onClick: () => setChangingPassword(true),
                },
                {
                  key: 'sessions',
                  icon: <LaptopOutlined aria-hidden />,
                  label: t('layout.sessions'),
                  onClick: () => setSeeingSessions(true),
                },
                { key: 'signout', icon: <LogoutOutlined aria-hidden />, label: t('layout.signOut'), onClick: signOut },
              ],
            }}
          >
            {/* Named by its visible text (WCAG 2.5.3: no aria-label that differs from it), plus what it opens. */}
            <Button id="account-menu" type="text" style={{ height: 48, ...(phone && { paddingInline: 4 }) }}>
              <Flex align="center" gap={10}>
                <ColourAvatar color={token.colorPrimary} aria-hidden>
                  {initial}
                </ColourAvatar>
                {/* On a phone the name and role are read out but not shown: the header has room for the avatar only. */}
                <Flex vertical align="start" style={{ lineHeight: 1.2 }} className={phone ? 'sr-only' : undefined}>
                  <Text strong>{user.fullName}</Text>
                  <Text type="secondary" style={{ fontSize: 12 }} data-testid="user-role">
                    {t(ROLE_LABEL[user.role])}
                  </Text>
                </Flex>
              </Flex>
              <span className="sr-only">{t('layout.accountMenu')}</span>
            </Button>
          </MenuButton>
          {changingPassword && (
            <Suspense fallback={null}>
              <ChangePasswordDialog open onClose={() => setChangingPassword(false)} />
            </Suspense>
          )}
          {seeingSessions && (
            <Suspense fallback={null}>
              <SessionsDialog open onClose={() => setSeeingSessions(false)} />
            </Suspense>
          )}
        </Layout.Header>
        <Layout.Content
          style={{ padding: phone ? 12 : 24, minWidth: 0, maxWidth: 1400, width: '100%', margin: '0 auto' }}
        >
          {offline && (
            <Alert
              type="warning"
              showIcon
              role="status"
              title={t('common:offline.banner')}
              style={{ marginBottom: phone ? 12 : 16 }}
            />
          )}
          {/* Offline the page is read-only: its controls are off (the API's base query refuses writes too). */}
          <ConfigProvider componentDisabled={offline}>{children}</ConfigProvider>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
