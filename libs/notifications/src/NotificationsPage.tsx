import { CheckOutlined } from '@ant-design/icons';
import { Button, Flex, Skeleton, theme } from 'antd';
import { EmptyState, LoadError, PageHeader, Panel, Text, TOUCH_PX } from '@portal/ui';
import { errorMessage, notify, useScreens } from '@portal/web-core';
import { EmailPreferences } from './EmailPreferences';
import { useNotificationsT } from './i18n';
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
  const { t } = useNotificationsT();
  const touch = useScreens().md === false ? { minHeight: TOUCH_PX } : undefined;
  const list = useNotifications();
  const { data: count } = useUnreadCountQuery();
  const unread = count?.unreadCount ?? list.data?.filter((n) => !n.read).length ?? 0;
  const [markRead] = useMarkNotificationReadMutation();
  const [markAll, markAllState] = useMarkAllNotificationsReadMutation();

  const readAll = async () => {
    try {
      await markAll().unwrap();
      notify.success(t('page.allMarked'));
    } catch (e) {
      notify.error(errorMessage(e, t('markAllFailed')));
    }
  };
  const readOne = (id: string) =>
    markRead(id)
      .unwrap()
      .catch((e) => notify.error(errorMessage(e, t('markOneFailed'))));

  return (
    <>
      <PageHeader
        title={t('title')}
        subtitle={unread > 0 ? t('unread', { count: unread }) : t('allRead')}
        extra={
          <Button
            icon={<CheckOutlined aria-hidden />}
            onClick={readAll}
            disabled={unread === 0}
            loading={markAllState.isLoading}
            style={touch}
          >
            {t('markAllRead')}
          </Button>
        }
      />
      <Flex vertical gap={16}>
        <Panel title={t('page.inbox')} style={{ overflow: 'hidden' }} data-testid="inbox">
          <div style={{ margin: -token.paddingLG }}>
            {list.isLoading ? (
              <div style={{ padding: token.paddingLG }}>
                <Skeleton active paragraph={{ rows: 6 }} />
              </div>
            ) : list.error && !list.data ? (
              <div style={{ padding: token.paddingLG }}>
                <LoadError title={errorMessage(list.error, t('page.loadFailed'))} onRetry={list.refetch} />
              </div>
            ) : !list.data?.length ? (
              <div style={{ padding: token.paddingLG }}>
                <EmptyState title={t('emptyTitle')} description={t('page.emptyDescription')} />
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
                      {t('page.loadMore')}
                    </Button>
                  ) : (
                    <Text type="secondary">
                      {list.data.length === 1 ? t('page.onlyOne') : t('page.allShown', { count: list.data.length })}
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
