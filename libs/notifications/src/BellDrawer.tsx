import { Drawer } from 'antd';
import type { ReactNode } from 'react';
import { useNotificationsT } from './i18n';

/** The bell's full-width drawer on phones (loaded on first use, see NotificationBell). */
export function BellDrawer({
  open,
  onClose,
  onClosed,
  children,
}: {
  open: boolean;
  onClose: () => void;
  onClosed: () => void;
  children: ReactNode;
}) {
  const { t } = useNotificationsT();
  return (
    <Drawer
      title={t('title')}
      placement="right"
      size="100%"
      open={open}
      onClose={onClose}
      afterOpenChange={(isOpen) => {
        if (!isOpen) onClosed();
      }}
      rootClassName="touch-targets"
      styles={{ body: { padding: 0 } }}
    >
      {children}
    </Drawer>
  );
}
