import {
  KEPT_CHATS_PAGE_SIZE,
  type KeptChatDetail,
  type KeptChatPage,
  type ReadKeptChatRequest,
} from '@portal/contracts';
import { useMemo } from 'react';
import { api } from '@portal/web-core';

/**
 * Deleted chats kept for the safeguarding leads: the list a page at a time (newest deletion first; the next page ends
 * just before the last one shown), and reading one with a reason (audited each time, so never cached).
 */
export const keptChatsApi = api.injectEndpoints({
  endpoints: (build) => ({
    keptChats: build.infiniteQuery<KeptChatPage, void, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (last) => (last.hasMore ? last.items.at(-1)?._id : undefined),
      },
      query: ({ pageParam }) => ({
        url: '/safeguarding/kept-chats',
        params: pageParam ? { before: pageParam, limit: KEPT_CHATS_PAGE_SIZE } : { limit: KEPT_CHATS_PAGE_SIZE },
      }),
      // Chats are deleted elsewhere, by people who are not here: read afresh each time the page opens.
      keepUnusedDataFor: 0,
    }),
    readKeptChat: build.mutation<KeptChatDetail, { id: string } & ReadKeptChatRequest>({
      query: ({ id, reason }) => ({ url: `/safeguarding/kept-chats/${id}/read`, method: 'POST', body: { reason } }),
      invalidatesTags: ['Audit'],
    }),
  }),
});

export const { useReadKeptChatMutation } = keptChatsApi;

/** Every kept chat loaded so far as one list, with the means to load the next page. */
export function useKeptChats() {
  const q = keptChatsApi.useKeptChatsInfiniteQuery(undefined, { refetchOnMountOrArgChange: true });
  const list = useMemo(() => (q.data ? q.data.pages.flatMap((p) => p.items) : undefined), [q.data]);
  return {
    data: list,
    isLoading: q.isLoading,
    error: q.error,
    refetch: q.refetch,
    hasMore: q.hasNextPage,
    loadMore: q.fetchNextPage,
    isLoadingMore: q.isFetchingNextPage,
  };
}
