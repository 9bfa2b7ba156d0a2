import { createAsyncThunk, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import {
  isUserLanguage,
  type AnyProfile,
  type ErrorCode,
  type MeResponse,
  type MfaChallengeResponse,
  type UserResponse,
} from '@portal/contracts';
import { api, errorCode, errorMessage, getToken, TOKEN_KEY } from './api';
// From the catalogue's module (not i18n.ts alone): it registers the common texts this file reads.
import { i18n, switchLanguage, type Language } from './i18n';
import { notify } from './notify';
import { keepAnswer, requestKey, wipeKept } from './offline';

export interface SessionState {
  /** An admin's sign-in waiting for its second step (the challenge the server gave instead of a token). */
  mfa: MfaChallengeResponse['mfa'] | null;
  user: UserResponse | null;
  profile: AnyProfile | null;
  token: string | null;
  loading: boolean;
  isAuthenticated: boolean;
  error: string | null;
}

export const initialSessionState = (): SessionState => ({
  mfa: null,
  user: null,
  profile: null,
  token: getToken(),
  loading: true,
  isAuthenticated: false,
  error: null,
});

const ME_ATTEMPTS = 3;
const ME_RETRY_MS = 500;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const storeToken = (token: string | null) => {
  try {
    if (token) localStorage.setItem(TOKEN_KEY, token);
    else localStorage.removeItem(TOKEN_KEY);
  } catch {
    /* private mode: the session lasts for this page only */
  }
};

const isAuthError = (e: unknown) => (e as { status?: number } | undefined)?.status === 401;

/** Fetches the current user, up to 3 attempts 500 ms apart (SPEC.md section 9). */
async function fetchMe(dispatch: (a: unknown) => unknown, attempts = ME_ATTEMPTS): Promise<MeResponse> {
  let lastError: unknown;
  for (let i = 0; i < attempts; i++) {
    const sub = dispatch(api.endpoints.me.initiate(undefined, { forceRefetch: true, subscribe: false })) as unknown as {
      unwrap: () => Promise<MeResponse>;
    };
    try {
      return await sub.unwrap();
    } catch (e) {
      lastError = e;
      if (isAuthError(e)) break;
      if (i < attempts - 1) await sleep(ME_RETRY_MS);
    }
  }
  throw lastError;
}

/** The `/api/auth/me` request shell/index.html starts while the app's code downloads, with the token stored then. */
interface EarlyMe {
  token: string;
  response: Promise<Response>;
}

/**
 * The early answer, taken once (a later restore asks afresh), if it was asked with `token` and succeeded; anything else
 * (none, another token, an error status, no network) gives null and the usual request with its retries and 401
 * handling is made instead.
 */
async function takeEarlyMe(token: string): Promise<MeResponse | null> {
  if (typeof window === 'undefined') return null;
  const w = window as { __authMe?: EarlyMe };
  const early = w.__authMe;
  delete w.__authMe;
  if (!early || early.token !== token) return null;
  try {
    const res = await early.response;
    return res.ok ? ((await res.json()) as MeResponse) : null;
  } catch {
    return null;
  }
}

/**
 * The page takes the language stored on the account (chosen on another device, or at an earlier sign-in): the first
 * screen after sign-in is in it. A language this page cannot show leaves the page as it is.
 */
async function adoptLanguage(me: MeResponse): Promise<void> {
  if (!isUserLanguage(me.language) || me.language === i18n.language) return;
  try {
    await switchLanguage(me.language);
  } catch {
    // Its texts could not be fetched (offline): the page stays in the language it has.
  }
}

/** Stores the caller's language on their account; null when the server could not (the person is told). */
async function saveLanguage(dispatch: (a: unknown) => unknown, language: Language): Promise<MeResponse | null> {
  try {
    return await (
      dispatch(api.endpoints.updateMe.initiate({ language })) as unknown as { unwrap: () => Promise<MeResponse> }
    ).unwrap();
  } catch {
    notify.error(i18n.t('common:language.saveFailed'));
    return null;
  }
}

/**
 * A language chosen on this page before signing in (the sign-in page's switch): that sign-in stores it on the account,
 * rather than taking the account's.
 */
let chosenSignedOut: Language | null = null;

/** Restores a stored session. A network blip or a busy server is retried; only an auth error (401) forgets the token,
 * so a reload during a hiccup does not sign the user out for good. */
export const bootSession = createAsyncThunk<MeResponse | null, void, { rejectValue: { authError: boolean } }>(
  'session/boot',
  async (_: void, { dispatch, rejectWithValue }) => {
    const token = getToken();
    if (!token) return null;
    try {
      const early = await takeEarlyMe(token);
      if (early) {
        // In the query cache as if asked through it, and kept for offline use as an answer through it would be.
        await (dispatch as (a: unknown) => Promise<unknown>)(api.util.upsertQueryData('me', undefined, early));
        keepAnswer(token, requestKey('/auth/me'), early);
        await adoptLanguage(early);
        return early;
      }
      const me = await fetchMe(dispatch);
      await adoptLanguage(me);
      return me;
    } catch (e) {
      return rejectWithValue({ authError: isAuthError(e) });
    }
  },
);

/**
 * A sign-in with a password, or (`{ provider: true }`) the collection of the token of a sign-in through the school's
 * provider that this browser just finished, or (`{ token }`) the token an admin's second step gave. An admin's first
 * step may answer a challenge instead of a token (the session then waits in `mfa`). A refused sign-in carries the
 * server's message as its payload and the error code in meta (e.g. ACCOUNT_PENDING).
 */
export const login = createAsyncThunk<
  (MeResponse & { token: string }) | MfaChallengeResponse,
  { email: string; password: string } | { provider: true } | { token: string },
  { rejectValue: string; rejectedMeta: { code?: ErrorCode } }
>('session/login', async (how, { dispatch, rejectWithValue }) => {
  let token: string;
  try {
    if ('token' in how) token = how.token;
    else {
      const asked =
        'provider' in how
          ? dispatch(api.endpoints.providerSession.initiate())
          : dispatch(api.endpoints.login.initiate(how));
      const res = await (
        asked as unknown as { unwrap: () => Promise<{ token: string } | MfaChallengeResponse> }
      ).unwrap();
      if ('mfa' in res) return res;
      token = res.token;
    }
  } catch (e) {
    storeToken(null);
    return rejectWithValue(errorMessage(e, i18n.t('common:loginFailed')), { code: errorCode(e) });
  }
  storeToken(token);
  try {
    let me = await fetchMe(dispatch);
    const chosen = chosenSignedOut;
    chosenSignedOut = null;
    if (chosen && chosen !== me.language) me = (await saveLanguage(dispatch, chosen)) ?? me;
    else await adoptLanguage(me);
    return { ...me, token };
  } catch (e) {
    storeToken(null);
    return rejectWithValue(errorMessage(e, i18n.t('common:loginFailed')), { code: errorCode(e) });
  }
});

export const logout = createAsyncThunk('session/logout', async (_: void, { dispatch }) => {
  // Ends the token on the server too; the local sign-out happens whatever the answer.
  if (getToken()) await (dispatch(api.endpoints.logout.initiate()) as unknown as Promise<unknown>);
  storeToken(null);
  wipeKept();
  dispatch(api.util.resetApiState());
});

/**
 * The person's choice of language: the page switches at once and the choice is stored on their account (the server
 * writes their notifications and e-mails in it, and their next sign-in anywhere starts in it): now when signed in, at
 * the sign-in when made on the sign-in page.
 */
export const chooseLanguage = createAsyncThunk(
  'session/language',
  async (language: Language, { dispatch, getState }) => {
    await switchLanguage(language);
    if (!(getState() as { session: SessionState }).session.isAuthenticated) {
      chosenSignedOut = language;
      return;
    }
    const me = await saveLanguage(dispatch, language);
    if (me) dispatch(sessionActions.profileLoaded(me));
  },
);

export const refreshProfile = createAsyncThunk('session/refresh', async (_: void, { dispatch }) =>
  fetchMe(dispatch, 1),
);

export const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState,
  reducers: {
    /** The admin left the second step: back to the sign-in form. */
    mfaCancelled(state) {
      state.mfa = null;
    },
    /** Any 401 or auth error: forget everything. */
    cleared(state) {
      storeToken(null);
      wipeKept();
      Object.assign(state, { user: null, profile: null, token: null, isAuthenticated: false, loading: false });
    },
    /** A fresh token after a password change (the old ones stopped working); the socket reconnects with it. */
    tokenReplaced(state, action: PayloadAction<string>) {
      storeToken(action.payload);
      state.token = action.payload;
    },
    profileLoaded(state, action: PayloadAction<MeResponse>) {
      state.user = action.payload.user;
      state.profile = action.payload.profile;
    },
  },
  extraReducers: (b) => {
    b.addCase(bootSession.fulfilled, (s, a) => {
      s.loading = false;
      if (a.payload) Object.assign(s, { user: a.payload.user, profile: a.payload.profile, isAuthenticated: true });
      else Object.assign(s, { user: null, profile: null, token: null, isAuthenticated: false });
    });
    b.addCase(bootSession.rejected, (s, a) => {
      if (a.payload?.authError) {
        storeToken(null);
        wipeKept();
      }
      Object.assign(s, { user: null, profile: null, token: null, isAuthenticated: false, loading: false });
    });
    b.addCase(login.pending, (s) => {
      s.error = null;
    });
    b.addCase(login.fulfilled, (s, a) => {
      if ('mfa' in a.payload) {
        Object.assign(s, { mfa: a.payload.mfa, loading: false, error: null });
        return;
      }
      Object.assign(s, {
        mfa: null,
        user: a.payload.user,
        profile: a.payload.profile,
        token: a.payload.token,
        isAuthenticated: true,
        loading: false,
        error: null,
      });
    });
    b.addCase(login.rejected, (s, a) => {
      Object.assign(s, {
        user: null,
        profile: null,
        token: null,
        isAuthenticated: false,
        loading: false,
        error: a.payload ?? i18n.t('common:loginFailed'),
      });
    });
    b.addCase(logout.fulfilled, (s) => {
      Object.assign(s, { user: null, profile: null, token: null, isAuthenticated: false, loading: false, error: null });
    });
    b.addCase(refreshProfile.fulfilled, (s, a) => {
      s.user = a.payload.user;
      s.profile = a.payload.profile;
    });
  },
});

export const sessionActions = sessionSlice.actions;
