import { Button, Flex, Tag, theme } from 'antd';
import dayjs from 'dayjs';
import type { NotificationResponse } from '@portal/contracts';
import { srOnly, Text, TOUCH_PX } from '@portal/ui';
import { formats, i18n, Link, schoolNow, useScreens } from '@portal/web-core';
import { useNotificationsT } from './i18n';

/** "Just now" under a minute, "N min ago" under an hour, "Nh ago" under a day, otherwise the date. */
export function notificationAge(iso: string, now = schoolNow()): string {
  const minutes = now.diff(dayjs(iso), 'minute');
  if (minutes < 1) return i18n.t('item.justNow', { ns: 'notifications' });
  if (minutes < 60) return i18n.t('item.minutesAgo', { ns: 'notifications', minutes });
  if (minutes < 24 * 60) return i18n.t('item.hoursAgo', { ns: 'notifications', hours: Math.floor(minutes / 60) });
  return formats.date(iso);
}

/**
 * One notification: unread ones carry a "New" tag and a bold title (not colour alone). The title links to the record
 * and opening it marks it read; "Mark read" marks it without leaving (in the bell's list, only where there is no link).
 */
export function NotificationItem({
  notification: n,
  onOpen,
  onMarkRead,
  compact,
}: {
  notification: NotificationResponse;
  /** Called when the link is followed (after which it is read). */
  onOpen: (n: NotificationResponse) => void;
  onMarkRead: (n: NotificationResponse) => void;
  /** In the bell's list: the detail on two lines at most. */
  compact?: boolean;
}) {
  const { token } = theme.useToken();
  const { t } = useNotificationsT();
  const phone = useScreens().md === false;
  const title = n.read ? n.title : <strong style={{ fontWeight: token.fontWeightStrong }}>{n.title}</strong>;
  return (
    <li
      data-testid="notification"
      data-read={n.read}
      style={{
        listStyle: 'none',
        display: 'flex',
        gap: 10,
        padding: compact ? '10px 12px' : '14px 16px',
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
        background: n.read ? undefined : token.colorPrimaryBg,
        borderInlineStart: `3px solid ${n.read ? 'transparent' : token.colorPrimary}`,
      }}
    >
      <Flex vertical gap={2} style={{ flex: 1, minWidth: 0 }}>
        <Flex gap={6} align="baseline" wrap>
          {!n.read && (
            <Tag color="blue" style={{ marginInlineEnd: 0 }} variant="filled">
              {t('item.new')}
            </Tag>
          )}
          {n.link ? (
            <Link to={n.link} onClick={() => onOpen(n)} style={{ color: token.colorText, overflowWrap: 'anywhere' }}>
              {title}
            </Link>
          ) : (
            <Text style={{ overflowWrap: 'anywhere' }}>{title}</Text>
          )}
        </Flex>
        {n.body && (
          <Text
            type="secondary"
            style={{
              overflowWrap: 'anywhere',
              ...(compact && {
                display: '-webkit-box',
                WebkitLineClamp: 2,
                WebkitBoxOrient: 'vertical',
                overflow: 'hidden',
              }),
            }}
          >
            {n.body}
          </Text>
        )}
        <Flex justify="space-between" align="center" gap={8} wrap>
          <Text type="secondary" style={{ fontSize: 12 }}>
            <time dateTime={n.createdAt} title={formats.dateTime(n.createdAt)}>
              {notificationAge(n.createdAt)}
            </time>
          </Text>
          {!n.read && (!compact || !n.link) && (
            <Button size="small" onClick={() => onMarkRead(n)} style={phone ? { minHeight: TOUCH_PX } : undefined}>
              {t('item.markRead')}
              <span style={srOnly}>: {n.title}</span>
            </Button>
          )}
        </Flex>
      </Flex>
    </li>
  );
}
