import type { MeResponse, UpdateMentorProfileRequest } from '@portal/contracts';
import { api } from '@portal/web-core';

export const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    updateMentorProfile: build.mutation<MeResponse, UpdateMentorProfileRequest>({
      query: (body) => ({ url: '/mentors/profile', method: 'PUT', body }),
      invalidatesTags: ['Me'],
    }),
  }),
});

export const { useUpdateMentorProfileMutation } = profileApi;
