import { createApi, fetchBaseQuery, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import type {
  AdminDashboardResponse, ApiError, LoginRequest, LoginResponse, MeResponse, MenteeDashboardResponse,
  MentorDashboardResponse, RegisterRequest, RegisterResponse,
} from '@portal/contracts';

export const TOKEN_KEY = 'token';

/** Query parameters without the unset ones (RTK Query would send "undefined"). */
export const queryParams = <T extends object>(q: T) => Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== ''));

export const getToken = (): string | null => {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
};

const rawBaseQuery = fetchBaseQuery({
  // Absolute, so that requests are well-formed wherever Request is strict about URLs (tests); same origin in the browser.
  baseUrl: typeof location === 'undefined' ? '/api' : new URL('/api', location.origin).href,
  prepareHeaders: (headers) => {
    const token = getToken();
    if (token) headers.set('Authorization', `Bearer ${token}`);
    return headers;
  },
});

/** Called on any 401: the session module registers what to do (clear it and go to /login). */
let onUnauthorized: () => void = () => undefined;
export const setUnauthorizedHandler = (fn: () => void) => {
  onUnauthorized = fn;
};

const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (args, api, extra) => {
  const result = await rawBaseQuery(args, api, extra);
  const url = typeof args === 'string' ? args : args.url;
  if (result.error?.status === 401 && !url.startsWith('/auth/login')) onUnauthorized();
  return result;
};

/** The one API slice; each remote adds its endpoints with injectEndpoints. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: ['Me', 'User', 'Dashboard', 'Leave', 'Grievance', 'Group', 'Announcement', 'Message', 'Attendance', 'Audit'],
  endpoints: (build) => ({
    login: build.mutation<LoginResponse, LoginRequest>({ query: (body) => ({ url: '/auth/login', method: 'POST', body }) }),
    me: build.query<MeResponse, void>({ query: () => '/auth/me', providesTags: ['Me'] }),
    register: build.mutation<RegisterResponse, RegisterRequest>({
      query: (body) => ({ url: '/auth/register', method: 'POST', body }),
      invalidatesTags: ['User', 'Dashboard'],
    }),
    logout: build.mutation<void, void>({ query: () => ({ url: '/auth/logout', method: 'POST' }) }),
    adminDashboard: build.query<AdminDashboardResponse, void>({ query: () => '/admin/dashboard', providesTags: ['Dashboard'] }),
    mentorDashboard: build.query<MentorDashboardResponse, void>({ query: () => '/mentors/dashboard', providesTags: ['Dashboard'] }),
    menteeDashboard: build.query<MenteeDashboardResponse, void>({ query: () => '/mentees/dashboard', providesTags: ['Dashboard'] }),
    updateMentorProfile: build.mutation<MeResponse, { email?: string; phone?: string; qualifications?: string; citations?: string }>({
      query: (body) => ({ url: '/mentors/profile', method: 'PUT', body }),
      invalidatesTags: ['Me'],
    }),
  }),
});

export const {
  useLoginMutation, useMeQuery, useRegisterMutation, useAdminDashboardQuery, useMentorDashboardQuery,
  useMenteeDashboardQuery, useUpdateMentorProfileMutation,
} = api;

/** The server's message for a failed call, or the fallback text the spec gives for that screen. */
export function errorMessage(error: unknown, fallback: string): string {
  const data = (error as { data?: Partial<ApiError> } | undefined)?.data;
  const message = data?.message;
  if (Array.isArray(message) && message.length) return message.join('; ');
  if (typeof message === 'string' && message) return message;
  return fallback;
}

export const errorStatus = (error: unknown): number | undefined => {
  const s = (error as { status?: unknown } | undefined)?.status;
  return typeof s === 'number' ? s : undefined;
};
