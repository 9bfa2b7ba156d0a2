import {
  createApi,
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react';
import type {
  ApiError,
  ChangePasswordRequest,
  ChangePasswordResponse,
  ErrorCode,
  ForgotPasswordRequest,
  ForgotPasswordResponse,
  LoginRequest,
  SignInOptionsResponse,
  SignInResponse,
  MfaEnrolmentRequest,
  MfaEnrolmentResponse,
  MfaVerifyRequest,
  MfaVerifyResponse,
  MeResponse,
  MessageResponse,
  RegisterRequest,
  RegisterResponse,
  ResetPasswordRequest,
  SchoolCalendar,
  UpdateMeRequest,
} from '@portal/contracts';
import { dashboardTags, LIST_ID, recordTags } from './cacheTags';
import { schoolToday, setSchoolTimeZone } from './dates';
import { fetchWithEarlyReads } from './earlyReads';
import { i18n } from './i18n/i18n';
import { isOffline, keepAnswer, keptAnswer, requestKey, wentOffline } from './offline';

export const TOKEN_KEY = 'token';

/** Query parameters without the unset ones (RTK Query would send "undefined"). */
export const queryParams = <T extends object>(q: T) =>
  Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== ''));

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
  fetchFn: fetchWithEarlyReads,
});

/** Called on any 401: the session module registers what to do (clear it and go to /login). */
let onUnauthorized: () => void = () => undefined;
export const setUnauthorizedHandler = (fn: () => void) => {
  onUnauthorized = fn;
};

/** A call the page cannot make offline: a change (writes are off), or a read of a page not yet seen on this device. */
const offlineError = (what: 'write' | 'read'): { error: FetchBaseQueryError } => ({
  error: {
    status: 'CUSTOM_ERROR',
    error: 'offline',
    data: { message: i18n.t(what === 'write' ? 'common:offline.writeRefused' : 'common:offline.notSeen') },
  },
});

const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (args, api, extra) => {
  const url = typeof args === 'string' ? args : args.url;
  // JSON reads are kept for the signed-in person (offline.ts); a file (responseHandler) is not.
  const reads = typeof args === 'string' || ((args.method ?? 'GET').toUpperCase() === 'GET' && !args.responseHandler);
  const key = requestKey(args);
  const token = getToken();
  if (isOffline()) {
    const hit = reads ? keptAnswer(token, key) : undefined;
    return hit ?? offlineError(reads ? 'read' : 'write');
  }
  const result = await rawBaseQuery(args, api, extra);
  if (result.error?.status === 'FETCH_ERROR' && reads && !api.signal.aborted) {
    // The server could not be reached: what this person last saw here, and the page goes offline.
    const hit = keptAnswer(token, key);
    if (hit) {
      wentOffline();
      return hit;
    }
  }
  if (!result.error && reads && token) keepAnswer(token, key, result.data);
  // A 401 for a token replaced meanwhile (the fresh one of a new password) says nothing of the session held now.
  if (result.error?.status === 401 && !url.startsWith('/auth/login') && getToken() === token) onUnauthorized();
  return result;
};

/** The one API slice; each domain library and remote adds its endpoints with injectEndpoints. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  refetchOnReconnect: true,
  tagTypes: [
    'Me',
    'User',
    'Dashboard',
    'Leave',
    'Grievance',
    'FollowUp',
    'Group',
    'Announcement',
    'Message',
    'Attendance',
    'Audit',
    'Calendar',
    'Notification',
  ],
  endpoints: (build) => ({
    login: build.mutation<SignInResponse, LoginRequest>({
      query: (body) => ({ url: '/auth/login', method: 'POST', body }),
    }),
    /** The token of the provider sign-in this browser just finished (its HttpOnly cookie names it; once). */
    providerSession: build.mutation<SignInResponse, void>({
      query: () => ({ url: '/auth/oidc/session', method: 'POST' }),
    }),
    /** A challenged admin's new authenticator (its QR code), active once a first code from it is given. */
    mfaEnrolment: build.mutation<MfaEnrolmentResponse, MfaEnrolmentRequest>({
      query: (body) => ({ url: '/auth/mfa/enrolment', method: 'POST', body }),
    }),
    /** An admin's second step: the token (and, at enrolment, the recovery codes, shown once). */
    mfaVerify: build.mutation<MfaVerifyResponse, MfaVerifyRequest>({
      query: (body) => ({ url: '/auth/mfa/verify', method: 'POST', body }),
    }),
    /** What the sign-in pages offer: the school's provider, and password sign-in for whom. */
    signInOptions: build.query<SignInOptionsResponse, void>({ query: () => '/auth/sign-in-options' }),
    me: build.query<MeResponse, void>({ query: () => '/auth/me', providesTags: ['Me'] }),
    /** The caller's language, stored on their account: what the server wrote for them before is asked for again. */
    updateMe: build.mutation<MeResponse, UpdateMeRequest>({
      query: (body) => ({ url: '/auth/me', method: 'PATCH', body }),
      // Notifications, risk evidence and chat subtitles come written in the reader's language.
      invalidatesTags: ['Me', 'Notification', 'FollowUp', { type: 'Message', id: LIST_ID }],
    }),
    register: build.mutation<RegisterResponse, RegisterRequest>({
      query: (body) => ({ url: '/auth/register', method: 'POST', body }),
      invalidatesTags: [...recordTags('User'), ...dashboardTags('user')],
    }),
    logout: build.mutation<void, void>({ query: () => ({ url: '/auth/logout', method: 'POST' }) }),
    changePassword: build.mutation<ChangePasswordResponse, ChangePasswordRequest>({
      query: (body) => ({ url: '/auth/change-password', method: 'POST', body }),
    }),
    forgotPassword: build.mutation<ForgotPasswordResponse, ForgotPasswordRequest>({
      query: (body) => ({ url: '/auth/forgot-password', method: 'POST', body }),
    }),
    resetPassword: build.mutation<MessageResponse, ResetPasswordRequest>({
      query: (body) => ({ url: '/auth/reset-password', method: 'POST', body }),
    }),
    /** A file from the API (CSV exports, attachments) as an object URL; the caller revokes it. */
    downloadFile: build.mutation<string, { url: string; params?: Record<string, string | undefined> }>({
      query: ({ url, params }) => ({
        url,
        params: params && queryParams(params),
        responseHandler: async (res) => (res.ok ? URL.createObjectURL(await res.blob()) : res.json()),
      }),
    }),
    /** The school's time zone (any calendar answer says it): dates.ts decides every day by it from then on. */
    schoolTimeZone: build.query<string, void>({
      query: () => ({ url: '/calendar', params: { from: schoolToday(), to: schoolToday() } }),
      transformResponse: (calendar: SchoolCalendar) => calendar.timezone,
      providesTags: ['Calendar'],
      async onQueryStarted(_arg, { queryFulfilled }) {
        try {
          setSchoolTimeZone((await queryFulfilled).data);
        } catch {
          // Unanswered: the zone known so far stays (the API's default at first).
        }
      },
    }),
    /** A multipart upload (chat attachments). */
    uploadFile: build.mutation<unknown, { url: string; body: FormData }>({
      query: ({ url, body }) => ({ url, method: 'POST', body }),
    }),
  }),
});

export const {
  useLoginMutation,
  useMeQuery,
  useSignInOptionsQuery,
  useMfaEnrolmentMutation,
  useMfaVerifyMutation,
  useRegisterMutation,
  useChangePasswordMutation,
  useForgotPasswordMutation,
  useResetPasswordMutation,
  useSchoolTimeZoneQuery,
} = api;

/** Saves a file from the API under fileName (CSV exports): `const download = useDownloadFile(); download(url, params, name)`. */
export function useDownloadFile(): (
  url: string,
  params: Record<string, string | undefined>,
  fileName: string,
) => Promise<void> {
  const [fetchFile] = api.useDownloadFileMutation();
  return async (url, params, fileName) => saveObjectUrl(await fetchFile({ url, params }).unwrap(), fileName);
}

function saveObjectUrl(objectUrl: string, fileName: string): void {
  const a = document.createElement('a');
  a.href = objectUrl;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Revoked on the next turn: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(objectUrl), 0);
}

/** The error code of a failed call (undefined for a network failure). */
export const errorCode = (error: unknown): ErrorCode | undefined =>
  (error as { data?: Partial<ApiError> } | undefined)?.data?.code;

/**
 * The text for a failed call: the screen's own text for its code when it has one, else the server's message, else the
 * fallback the spec gives for that screen.
 */
export function errorMessage(error: unknown, fallback: string, byCode?: Partial<Record<ErrorCode, string>>): string {
  const code = errorCode(error);
  if (code && byCode?.[code]) return byCode[code];
  // The server writes English: in another language the code's own text, when the catalogue has one, says it instead.
  if (code && i18n.language !== 'en' && i18n.exists(`common:errors.${code}`)) return i18n.t(`common:errors.${code}`);
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
