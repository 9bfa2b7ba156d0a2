import {
  NOTIFICATION_PAGE_SIZE,
  type GuardianNotificationsResponse,
  type MailLogQuery,
  type MailLogResponse,
  type NotificationPage,
  type NotificationPreferences,
  type NotificationResponse,
  type UnreadCountResponse,
  type UpdateNotificationPreferencesRequest,
} from '@portal/contracts';
import type { InfiniteData } from '@reduxjs/toolkit/query';
import { useMemo } from 'react';
import { api, onSocket, queryParams } from '@portal/web-core';

type Pages = InfiniteData<NotificationPage, string | null>;
const each = (data: Pages) => data.pages.flatMap((p) => p.notifications);

const withTags = api.enhanceEndpoints({ addTagTypes: ['Notification', 'NotificationPrefs', 'MailLog', 'Guardian'] });

export const notificationsApi = withTags.injectEndpoints({
  overrideExisting: true, // domain libraries are bundled into each app that uses them: the copies are identical
  endpoints: (build) => ({
    /** The inbox, newest first, NOTIFICATION_PAGE_SIZE a page; the next page ends just before the last id shown. */
    notifications: build.infiniteQuery<NotificationPage, void, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (last) => (last.hasMore ? last.notifications.at(-1)?._id : undefined),
      },
      query: ({ pageParam }) => ({
        url: '/notifications',
        params: pageParam ? { before: pageParam, limit: NOTIFICATION_PAGE_SIZE } : { limit: NOTIFICATION_PAGE_SIZE },
      }),
      providesTags: ['Notification', { type: 'Notification', id: 'LIST' }],
      // A new one goes on top of the loaded list as it arrives; "all read" elsewhere shows as read here, and fewer unread
      // than the list shows (one read in another tab) reloads it.
      async onCacheEntryAdded(_arg, { updateCachedData, cacheDataLoaded, cacheEntryRemoved, dispatch, getCacheEntry }) {
        try {
          await cacheDataLoaded;
        } catch {
          return; // the entry went away before its first answer
        }
        const stop = onSocket((socket) => {
          const onNew = ({ notification }: { notification: NotificationResponse }) =>
            updateCachedData((data) => {
              if (!each(data).some((n) => n._id === notification._id))
                data.pages[0]?.notifications.unshift(notification);
            });
          const onRead = ({ unreadCount }: { unreadCount: number }) => {
            if (unreadCount === 0)
              updateCachedData((data) => {
                for (const n of each(data)) n.read = true;
              });
            else {
              const data = getCacheEntry().data;
              if (data && each(data).filter((n) => !n.read).length > unreadCount)
                dispatch(notificationsApi.util.invalidateTags([{ type: 'Notification', id: 'LIST' }]));
            }
          };
          socket.on('notification', onNew);
          socket.on('notificationsRead', onRead);
          return () => {
            socket.off('notification', onNew);
            socket.off('notificationsRead', onRead);
          };
        });
        await cacheEntryRemoved;
        stop();
      },
    }),
    /** The bell's count, kept current by the socket. */
    unreadCount: build.query<UnreadCountResponse, void>({
      query: () => '/notifications/unread-count',
      providesTags: ['Notification'],
      async onCacheEntryAdded(_arg, { updateCachedData, cacheDataLoaded, cacheEntryRemoved }) {
        try {
          await cacheDataLoaded;
        } catch {
          return;
        }
        const stop = onSocket((socket) => {
          const set = ({ unreadCount }: { unreadCount: number }) =>
            updateCachedData((data) => {
              data.unreadCount = unreadCount;
            });
          socket.on('notification', set);
          socket.on('notificationsRead', set);
          return () => {
            socket.off('notification', set);
            socket.off('notificationsRead', set);
          };
        });
        await cacheEntryRemoved;
        stop();
      },
    }),
    markNotificationRead: build.mutation<NotificationResponse, string>({
      query: (id) => ({ url: `/notifications/${id}/read`, method: 'PUT' }),
      // Shown read at once; put back if the server refuses.
      async onQueryStarted(id, { dispatch, getState, queryFulfilled }) {
        const entry = notificationsApi.endpoints.notifications.select()(getState() as never);
        const wasUnread = entry.data ? each(entry.data).some((n) => n._id === id && !n.read) : false;
        const patches = [
          dispatch(
            notificationsApi.util.updateQueryData('notifications', undefined, (data) => {
              const n = each(data).find((x) => x._id === id);
              if (n) n.read = true;
            }),
          ),
          dispatch(
            notificationsApi.util.updateQueryData('unreadCount', undefined, (data) => {
              if (wasUnread) data.unreadCount = Math.max(0, data.unreadCount - 1);
            }),
          ),
        ];
        try {
          await queryFulfilled;
        } catch {
          patches.forEach((p) => p.undo());
        }
      },
    }),
    markAllNotificationsRead: build.mutation<UnreadCountResponse, void>({
      query: () => ({ url: '/notifications/read-all', method: 'PUT' }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (!data) return;
        dispatch(
          notificationsApi.util.updateQueryData('notifications', undefined, (pages) => {
            for (const n of each(pages)) n.read = true;
          }),
        );
        dispatch(
          notificationsApi.util.updateQueryData('unreadCount', undefined, (c) => {
            c.unreadCount = data.unreadCount;
          }),
        );
      },
    }),
    notificationPreferences: build.query<NotificationPreferences, void>({
      query: () => '/notifications/preferences',
      providesTags: ['NotificationPrefs'],
    }),
    updateNotificationPreferences: build.mutation<NotificationPreferences, UpdateNotificationPreferencesRequest>({
      query: (body) => ({ url: '/notifications/preferences', method: 'PUT', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(notificationsApi.util.upsertQueryData('notificationPreferences', undefined, data));
      },
    }),
    /** Admins: every e-mail the portal sent or kept. */
    mailLog: build.query<MailLogResponse, MailLogQuery>({
      query: (q) => ({ url: '/admin/mail-log', params: queryParams(q) }),
      providesTags: ['MailLog'],
    }),
    /** Admins: whether a student's guardian is told of absences. */
    guardianNotifications: build.query<GuardianNotificationsResponse, string>({
      query: (menteeId) => `/admin/users/${menteeId}/guardian-notifications`,
      providesTags: (_r, _e, id) => [{ type: 'Guardian', id }],
    }),
    setGuardianNotifications: build.mutation<GuardianNotificationsResponse, { menteeId: string; enabled: boolean }>({
      query: ({ menteeId, enabled }) => ({
        url: `/admin/users/${menteeId}/guardian-notifications`,
        method: 'PUT',
        body: { enabled },
      }),
      async onQueryStarted({ menteeId }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(notificationsApi.util.upsertQueryData('guardianNotifications', menteeId, data));
      },
    }),
  }),
});

export const {
  useNotificationsInfiniteQuery,
  useUnreadCountQuery,
  useMarkNotificationReadMutation,
  useMarkAllNotificationsReadMutation,
  useNotificationPreferencesQuery,
  useUpdateNotificationPreferencesMutation,
  useMailLogQuery,
  useGuardianNotificationsQuery,
  useSetGuardianNotificationsMutation,
} = notificationsApi;

/** Every notification loaded so far as one list, with the means to load the next page. */
export function useNotifications(options?: { skip?: boolean }) {
  const q = useNotificationsInfiniteQuery(undefined, { skip: options?.skip });
  const list = useMemo(() => (q.data ? each(q.data) : undefined), [q.data]);
  return {
    data: list,
    isLoading: q.isLoading,
    isFetching: q.isFetching,
    error: q.error,
    isError: q.isError,
    refetch: q.refetch,
    hasMore: q.hasNextPage,
    loadMore: q.fetchNextPage,
    isLoadingMore: q.isFetchingNextPage,
  };
}
