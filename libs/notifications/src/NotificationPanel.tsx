import { Button, Flex, Spin, theme } from 'antd';
import { useEffect, useRef } from 'react';
import { EmptyState, LoadError, srOnly, Text } from '@portal/ui';
import { errorMessage, Link, notify } from '@portal/web-core';
import { useNotificationsT } from './i18n';
import { NotificationItem } from './NotificationItem';
import {
  useMarkAllNotificationsReadMutation,
  useMarkNotificationReadMutation,
  useNotifications,
} from './notificationsApi';

/** How many of the newest the bell lists; the rest are on the notifications page. */
export const BELL_ITEMS = 8;

/** The bell's list (loaded with its first opening, not with every page): the newest, Mark all read, See all. */
export function NotificationPanel({
  open,
  unread,
  onClose,
  phone,
}: {
  open: boolean;
  unread: number;
  onClose: (refocus?: boolean) => void;
  phone: boolean;
}) {
  const { token } = theme.useToken();
  const { t } = useNotificationsT();
  const list = useNotifications({ skip: !open });
  const [markRead] = useMarkNotificationReadMutation();
  const [markAll, markAllState] = useMarkAllNotificationsReadMutation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // On desktop the popover opens beside the button: focus moves into it so its links are next for the keyboard.
    if (open && !phone) requestAnimationFrame(() => heading.current?.focus());
  }, [open, phone]);

  const readAll = () =>
    markAll()
      .unwrap()
      .catch((e) => notify.error(errorMessage(e, t('markAllFailed'))));
  const items = list.data?.slice(0, BELL_ITEMS) ?? [];

  return (
    <section
      aria-label={t('title')}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && !phone) onClose();
      }}
      style={{ width: phone ? '100%' : 380, maxWidth: '100%' }}
    >
      <Flex
        align="center"
        justify="space-between"
        gap={8}
        style={{ padding: '8px 12px', borderBottom: `1px solid ${token.colorBorderSecondary}` }}
      >
        {/* The drawer shows its own title on phones. */}
        <h2
          ref={heading}
          tabIndex={-1}
          style={phone ? srOnly : { margin: 0, fontSize: token.fontSizeLG, fontWeight: token.fontWeightStrong }}
        >
          {t('title')}
        </h2>
        <Text type="secondary" style={{ fontSize: 12, flex: 1 }}>
          {unread > 0 ? t('unread', { count: unread }) : t('allRead')}
        </Text>
        <Button type="link" size="small" disabled={unread === 0} loading={markAllState.isLoading} onClick={readAll}>
          {t('markAllRead')}
        </Button>
      </Flex>
      <div style={{ maxHeight: phone ? undefined : 420, overflowY: 'auto' }}>
        {list.isLoading ? (
          <Flex justify="center" style={{ padding: 24 }}>
            <Spin aria-label={t('bell.loading')} />
          </Flex>
        ) : list.isError && !list.data ? (
          <div style={{ padding: 12 }}>
            <LoadError title={t('bell.loadFailed')} onRetry={list.refetch} />
          </div>
        ) : items.length === 0 ? (
          <div style={{ padding: 16 }}>
            <EmptyState title={t('emptyTitle')} description={t('bell.emptyDescription')} />
          </div>
        ) : (
          <ul style={{ margin: 0, padding: 0 }} aria-label={t('bell.newest')}>
            {items.map((n) => (
              <NotificationItem
                key={n._id}
                notification={n}
                compact
                onOpen={(x) => {
                  if (!x.read) void markRead(x._id);
                  onClose(false);
                }}
                onMarkRead={(x) => void markRead(x._id)}
              />
            ))}
          </ul>
        )}
      </div>
      <Flex justify="center" style={{ padding: 8, borderTop: `1px solid ${token.colorBorderSecondary}` }}>
        <Link to="/notifications" onClick={() => onClose(false)} style={{ padding: '6px 12px' }}>
          {t('bell.seeAll')}
        </Link>
      </Flex>
    </section>
  );
}
