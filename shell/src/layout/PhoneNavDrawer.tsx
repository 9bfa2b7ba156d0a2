import { Drawer, Menu } from 'antd';
import { useShellT } from '../i18n';
import type { NavItems } from './PhoneNav';

/** The drawer of the phone's menu (loaded on first use, see PhoneNav). */
export function PhoneNavDrawer({
  open,
  items,
  selected,
  dark,
  onClose,
  onClosed,
  onNavigate,
}: {
  open: boolean;
  items: NavItems;
  selected: string[];
  dark: boolean;
  onClose: () => void;
  onClosed: () => void;
  onNavigate: (path: string) => void;
}) {
  const { t } = useShellT();
  return (
    <Drawer
      id="phone-nav"
      title={t('appName')}
      placement="left"
      size={280}
      open={open}
      onClose={onClose}
      afterOpenChange={(isOpen) => {
        if (!isOpen) onClosed();
      }}
      rootClassName="touch-targets"
      styles={{ body: { padding: 0 } }}
    >
      <Menu
        mode="inline"
        selectedKeys={selected}
        items={items}
        onClick={(e) => onNavigate(e.key)}
        theme={dark ? 'dark' : 'light'}
        style={{ borderInlineEnd: 0, background: 'transparent' }}
        aria-label={t('layout.mainNav')}
      />
    </Drawer>
  );
}
