import { CheckOutlined } from '@ant-design/icons';
import { Button, Flex, Grid, Skeleton, theme } from 'antd';
import { EmptyState, LoadError, PageHeader, Panel, Text, TOUCH_PX } from '@portal/ui';
import { errorMessage, notify } from '@portal/web-core';
import { EmailPreferences } from './EmailPreferences';
import { NotificationItem } from './NotificationItem';
import {
  useMarkAllNotificationsReadMutation,
  useMarkNotificationReadMutation,
  useNotifications,
  useUnreadCountQuery,
} from './notificationsApi';

/** Every notification, newest first, a page at a time; and the e-mail preferences. The same screen for every role. */
export function NotificationsPage() {
  const { token } = theme.useToken();
  const touch = Grid.useBreakpoint().md === false ? { minHeight: TOUCH_PX } : undefined;
  const list = useNotifications();
  const { data: count } = useUnreadCountQuery();
  const unread = count?.unreadCount ?? list.data?.filter((n) => !n.read).length ?? 0;
  const [markRead] = useMarkNotificationReadMutation();
  const [markAll, markAllState] = useMarkAllNotificationsReadMutation();

  const readAll = async () => {
    try {
      await markAll().unwrap();
      notify.success('All notifications marked read');
    } catch (e) {
      notify.error(errorMessage(e, 'Could not mark the notifications read. Please try again.'));
    }
  };
  const readOne = (id: string) =>
    markRead(id)
      .unwrap()
      .catch((e) => notify.error(errorMessage(e, 'Could not mark the notification read. Please try again.')));

  return (
    <>
      <PageHeader
        title="Notifications"
        subtitle={unread > 0 ? `${unread} unread` : 'All read'}
        extra={
          <Button
            icon={<CheckOutlined />}
            onClick={readAll}
            disabled={unread === 0}
            loading={markAllState.isLoading}
            style={touch}
          >
            Mark all read
          </Button>
        }
      />
      <Flex vertical gap={16}>
        <Panel title="Inbox" style={{ overflow: 'hidden' }} data-testid="inbox">
          <div style={{ margin: -token.paddingLG }}>
            {list.isLoading ? (
              <div style={{ padding: token.paddingLG }}>
                <Skeleton active paragraph={{ rows: 6 }} />
              </div>
            ) : list.error && !list.data ? (
              <div style={{ padding: token.paddingLG }}>
                <LoadError
                  title={errorMessage(list.error, 'Could not load your notifications')}
                  onRetry={list.refetch}
                />
              </div>
            ) : !list.data?.length ? (
              <div style={{ padding: token.paddingLG }}>
                <EmptyState
                  title="No notifications yet"
                  description="Decisions on your requests, news for you and changes to your groups will show here."
                />
              </div>
            ) : (
              <>
                <ul style={{ margin: 0, padding: 0 }}>
                  {list.data.map((n) => (
                    <NotificationItem
                      key={n._id}
                      notification={n}
                      onOpen={(x) => !x.read && void readOne(x._id)}
                      onMarkRead={(x) => void readOne(x._id)}
                    />
                  ))}
                </ul>
                <Flex justify="center" style={{ padding: 12 }}>
                  {list.hasMore ? (
                    <Button onClick={() => void list.loadMore()} loading={list.isLoadingMore} style={touch}>
                      Load more notifications
                    </Button>
                  ) : (
                    <Text type="secondary">
                      {list.data.length === 1
                        ? 'Your only notification'
                        : `All ${list.data.length} notifications shown`}
                    </Text>
                  )}
                </Flex>
              </>
            )}
          </div>
        </Panel>
        <EmailPreferences />
      </Flex>
    </>
  );
}
