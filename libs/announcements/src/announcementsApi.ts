import {
  ANNOUNCEMENT_PAGE_SIZE,
  type AnnouncementCommentResponse,
  type AnnouncementResponse,
  type CreateAnnouncementRequest,
  type LikesResponse,
  type UpdateAnnouncementRequest,
  PRIORITY_RANK,
} from '@portal/contracts';
import type { InfiniteData } from '@reduxjs/toolkit/query';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { api, formats, listTags, notify, onSocket, recordTags, schoolNow, type RootState } from '@portal/web-core';
import { announcementsT as t } from './i18n';

type Pages = InfiniteData<AnnouncementResponse[], string | null>;
const each = (data: Pages) => data.pages.flat();

export const announcementsApi = api.injectEndpoints({
  overrideExisting: true, // domain libraries are bundled into each remote that uses them: the copies are identical
  endpoints: (build) => ({
    /** Pages of ANNOUNCEMENT_PAGE_SIZE, newest first; the next page starts after the last id of the one before. */
    announcements: build.infiniteQuery<AnnouncementResponse[], void, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (last) => (last.length < ANNOUNCEMENT_PAGE_SIZE ? undefined : last[last.length - 1]._id),
      },
      query: ({ pageParam }) => ({
        url: '/announcements',
        params: pageParam ? { before: pageParam, limit: ANNOUNCEMENT_PAGE_SIZE } : { limit: ANNOUNCEMENT_PAGE_SIZE },
      }),
      providesTags: (data) => listTags('Announcement', data?.pages.flat()),
      // Live events of the audience the server decided keep the list (and open comment threads) current.
      async onCacheEntryAdded(_arg, { updateCachedData, cacheDataLoaded, cacheEntryRemoved, dispatch, getState }) {
        try {
          await cacheDataLoaded;
        } catch {
          return; // the entry went away before its first answer
        }
        const patchComments = (id: string, comment: AnnouncementCommentResponse) =>
          dispatch(
            announcementsApi.util.updateQueryData('announcementComments', id, (list) => {
              if (!list.some((c) => c._id === comment._id)) list.push(comment);
            }),
          );
        const stop = onSocket((socket) => {
          const onNew = (a: AnnouncementResponse) => {
            updateCachedData((data) => {
              if (!each(data).some((x) => x._id === a._id)) data.pages[0]?.unshift(a);
            });
            if (a.authorId._id !== (getState() as RootState).session.user?._id) notify.info(t('received'));
          };
          const onUpdated = (a: AnnouncementResponse) =>
            updateCachedData((data) => {
              for (const page of data.pages) {
                const i = page.findIndex((x) => x._id === a._id);
                if (i >= 0) page[i] = a;
              }
            });
          const onDeleted = ({ announcementId }: { announcementId: string }) =>
            updateCachedData((data) => {
              for (const page of data.pages) {
                const i = page.findIndex((x) => x._id === announcementId);
                if (i >= 0) page.splice(i, 1);
              }
            });
          const onLikes = ({
            announcementId,
            likes,
          }: {
            announcementId: string;
            likes: AnnouncementResponse['likes'];
          }) =>
            updateCachedData((data) => {
              const a = each(data).find((x) => x._id === announcementId);
              if (a) a.likes = likes;
            });
          const onComment = ({
            announcementId,
            comment,
          }: {
            announcementId: string;
            comment: AnnouncementCommentResponse;
          }) => {
            patchComments(announcementId, comment);
            updateCachedData((data) => {
              const a = each(data).find((x) => x._id === announcementId);
              if (a) a.commentCount += 1;
            });
          };
          socket.on('newAnnouncement', onNew);
          socket.on('announcementUpdated', onUpdated);
          socket.on('announcementDeleted', onDeleted);
          socket.on('announcementLikeUpdated', onLikes);
          socket.on('newAnnouncementComment', onComment);
          // Likes and comments reach only sockets that say they show a feed; rooms are lost with the connection.
          const watch = () => socket.emit('watchAnnouncements');
          socket.on('connect', watch);
          if (socket.connected) watch();
          return () => {
            socket.off('connect', watch);
            if (socket.connected) socket.emit('unwatchAnnouncements');
            socket.off('newAnnouncement', onNew);
            socket.off('announcementUpdated', onUpdated);
            socket.off('announcementDeleted', onDeleted);
            socket.off('announcementLikeUpdated', onLikes);
            socket.off('newAnnouncementComment', onComment);
          };
        });
        await cacheEntryRemoved;
        stop();
      },
    }),
    createAnnouncement: build.mutation<AnnouncementResponse, CreateAnnouncementRequest>({
      query: (body) => ({ url: '/announcements', method: 'POST', body }),
      invalidatesTags: recordTags('Announcement'),
    }),
    updateAnnouncement: build.mutation<AnnouncementResponse, { id: string } & UpdateAnnouncementRequest>({
      query: ({ id, ...body }) => ({ url: `/announcements/${id}`, method: 'PATCH', body }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Announcement', id }],
    }),
    deleteAnnouncement: build.mutation<void, string>({
      query: (id) => ({ url: `/announcements/${id}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, id) => recordTags('Announcement', id),
    }),
    announcementComments: build.query<AnnouncementCommentResponse[], string>({
      query: (id) => `/announcements/${id}/comments`,
    }),
    addAnnouncementComment: build.mutation<AnnouncementCommentResponse, { id: string; content: string }>({
      query: ({ id, content }) => ({ url: `/announcements/${id}/comments`, method: 'POST', body: { content } }),
    }),
    toggleLike: build.mutation<LikesResponse, string>({
      query: (id) => ({ url: `/announcements/${id}/likes`, method: 'POST' }),
    }),
  }),
});

export const {
  useAnnouncementsInfiniteQuery,
  useCreateAnnouncementMutation,
  useUpdateAnnouncementMutation,
  useDeleteAnnouncementMutation,
  useAnnouncementCommentsQuery,
  useAddAnnouncementCommentMutation,
  useToggleLikeMutation,
} = announcementsApi;

/** Every announcement loaded so far as one list, with the means to load the next page. */
export function useAnnouncements() {
  const q = useAnnouncementsInfiniteQuery();
  const list = useMemo(() => (q.data ? each(q.data) : undefined), [q.data]);
  return {
    data: list,
    isLoading: q.isLoading,
    isFetching: q.isFetching,
    error: q.error,
    refetch: q.refetch,
    hasMore: q.hasNextPage,
    loadMore: q.fetchNextPage,
    isLoadingMore: q.isFetchingNextPage,
  };
}

/** Changes one announcement wherever it sits among the loaded pages (a like's answer, for instance). */
export const patchAnnouncement = (id: string, change: (a: AnnouncementResponse) => void) =>
  announcementsApi.util.updateQueryData('announcements', undefined, (data) => {
    const a = each(data).find((x) => x._id === id);
    if (a) change(a);
  });

export type AnnouncementSort = 'newest' | 'oldest' | 'likes' | 'priority';

/** Sort orders of SPEC.md section 9: priority is urgent to low, then unknown, ties newest first. */
export function sortAnnouncements(list: AnnouncementResponse[], sort: AnnouncementSort): AnnouncementResponse[] {
  const time = (a: AnnouncementResponse) => new Date(a.createdAt).getTime();
  const copy = [...list];
  if (sort === 'oldest') return copy.sort((a, b) => time(a) - time(b));
  if (sort === 'likes') return copy.sort((a, b) => b.likes.length - a.likes.length || time(b) - time(a));
  if (sort === 'priority')
    return copy.sort(
      (a, b) => (PRIORITY_RANK[a.priority] ?? 9) - (PRIORITY_RANK[b.priority] ?? 9) || time(b) - time(a),
    );
  return copy.sort((a, b) => time(b) - time(a));
}

/** "Just now" under an hour, "Nh ago" under a day, otherwise the date (in the current language). */
export function ageLabel(iso: string, now = schoolNow()): string {
  const hours = now.diff(dayjs(iso), 'hour');
  if (hours < 1) return t('age.justNow');
  if (hours < 24) return t('age.hoursAgo', { count: hours });
  return formats.date(iso);
}

export const isEdited = (a: AnnouncementResponse) => a.updatedAt !== a.createdAt;
