import type {
  AnnouncementCommentResponse, AnnouncementResponse, CreateAnnouncementRequest, LikesResponse, UpdateAnnouncementRequest,
} from '@portal/contracts';
import { PRIORITY_RANK } from '@portal/contracts';
import dayjs from 'dayjs';
import { api } from '@portal/kit';

export const announcementsApi = api.injectEndpoints({
  overrideExisting: true, // each remote bundles its own copy of these (identical) endpoints; the last one loaded wins
  endpoints: (build) => ({
    announcements: build.query<AnnouncementResponse[], void>({ query: () => '/announcements', providesTags: ['Announcement'] }),
    createAnnouncement: build.mutation<AnnouncementResponse, CreateAnnouncementRequest>({
      query: (body) => ({ url: '/announcements', method: 'POST', body }), invalidatesTags: ['Announcement'],
    }),
    updateAnnouncement: build.mutation<AnnouncementResponse, { id: string } & UpdateAnnouncementRequest>({
      query: ({ id, ...body }) => ({ url: `/announcements/${id}`, method: 'PATCH', body }), invalidatesTags: ['Announcement'],
    }),
    deleteAnnouncement: build.mutation<void, string>({ query: (id) => ({ url: `/announcements/${id}`, method: 'DELETE' }), invalidatesTags: ['Announcement'] }),
    announcementComments: build.query<AnnouncementCommentResponse[], string>({ query: (id) => `/announcements/${id}/comments` }),
    addAnnouncementComment: build.mutation<AnnouncementCommentResponse, { id: string; content: string }>({
      query: ({ id, content }) => ({ url: `/announcements/${id}/comments`, method: 'POST', body: { content } }),
    }),
    toggleLike: build.mutation<LikesResponse, string>({ query: (id) => ({ url: `/announcements/${id}/likes`, method: 'POST' }) }),
  }),
});

export const {
  useAnnouncementsQuery, useCreateAnnouncementMutation, useUpdateAnnouncementMutation, useDeleteAnnouncementMutation,
  useAnnouncementCommentsQuery, useAddAnnouncementCommentMutation, useToggleLikeMutation,
} = announcementsApi;

export type AnnouncementSort = 'newest' | 'oldest' | 'likes' | 'priority';

/** Sort orders of SPEC.md section 9: priority is urgent to low, then unknown, ties newest first. */
export function sortAnnouncements(list: AnnouncementResponse[], sort: AnnouncementSort): AnnouncementResponse[] {
  const time = (a: AnnouncementResponse) => new Date(a.createdAt).getTime();
  const copy = [...list];
  if (sort === 'oldest') return copy.sort((a, b) => time(a) - time(b));
  if (sort === 'likes') return copy.sort((a, b) => b.likes.length - a.likes.length || time(b) - time(a));
  if (sort === 'priority') return copy.sort((a, b) => (PRIORITY_RANK[a.priority] ?? 9) - (PRIORITY_RANK[b.priority] ?? 9) || time(b) - time(a));
  return copy.sort((a, b) => time(b) - time(a));
}

/** "Just now" under an hour, "Nh ago" under a day, otherwise the date. */
export function ageLabel(iso: string, now = dayjs()): string {
  const hours = now.diff(dayjs(iso), 'hour');
  if (hours < 1) return 'Just now';
  if (hours < 24) return `${hours}h ago`;
  return dayjs(iso).format('MMM D, YYYY');
}

export const isEdited = (a: AnnouncementResponse) => a.updatedAt !== a.createdAt;
