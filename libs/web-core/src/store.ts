import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { useDispatch, useSelector } from 'react-redux';
import { api, setUnauthorizedHandler } from './api';
import { trackConnectivity } from './offline';
import { sessionSlice, sessionActions } from './session';

/** Remotes add their own slices lazily with rootReducer.inject(slice); nobody patches the store. */
export const rootReducer = combineSlices(api, sessionSlice).withLazyLoadedSlices();

export function createStore() {
  const store = configureStore({
    reducer: rootReducer,
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
  setUnauthorizedHandler(() => {
    store.dispatch(sessionActions.cleared());
    if (!window.location.pathname.includes('/login')) window.location.assign('/login');
  });
  // Back online (the server answers again), every shown answer is asked for afresh (refetchOnReconnect); the session's
  // own answer among them, so a session that ended meanwhile signs out (401) and wipes what was kept.
  setupListeners(store.dispatch, (dispatch, { onOnline }) => {
    trackConnectivity(() => dispatch(onOnline()));
    return () => undefined;
  });
  return store;
}

export type AppStore = ReturnType<typeof createStore>;
export type RootState = ReturnType<typeof rootReducer>;
export type AppDispatch = AppStore['dispatch'];
export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
export const useSession = () => useAppSelector((s) => s.session);
