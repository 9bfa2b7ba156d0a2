import type { NotificationInstance } from 'antd/es/notification/interface';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useCommonT } from './i18n';

/** Durations of SPEC.md section 9: errors and neutral notices 4 s, successes 2 s, loading until dismissed. */
export const NOTICE_SECONDS = { error: 4, info: 4, success: 2 } as const;
export const MAX_NOTICES = 20;

// The notification code (and its antd parts) downloads with the first notice, not with every page: calls made before
// it has loaded wait in `pending` and are shown as soon as it is there.
let instance: NotificationInstance | null = null;
let pending: ((api: NotificationInstance) => void)[] = [];
let requestHolder: () => void = () => undefined;

function withApi(fn: (api: NotificationInstance) => void) {
  if (instance) fn(instance);
  else {
    pending.push(fn);
    requestHolder();
  }
}

/** Called by the notice holder once mounted (and with null when it unmounts). */
export function setNoticeApi(api: NotificationInstance | null) {
  instance = api;
  if (!api) return;
  const queued = pending;
  pending = [];
  queued.forEach((fn) => fn(api));
}

let loadingNotices = 0;

/** Notices usable from anywhere (shell or a remote): they render inside the shell's theme, so they follow it. */
export const notify = {
  // Screen readers hear every notice: errors interrupt (role alert, assertive), the others wait their turn (status).
  success: (title: ReactNode) =>
    withApi((n) => n.success({ title, duration: NOTICE_SECONDS.success, placement: 'topRight', role: 'status' })),
  error: (title: ReactNode) =>
    withApi((n) => n.error({ title, duration: NOTICE_SECONDS.error, placement: 'topRight', role: 'alert' })),
  info: (title: ReactNode) =>
    withApi((n) => n.info({ title, duration: NOTICE_SECONDS.info, placement: 'topRight', role: 'status' })),
  /** Stays until dismissed; returns a function that closes it. */
  loading: (title: ReactNode) => {
    const key = `loading-${++loadingNotices}`;
    let closed = false;
    withApi((n) => !closed && n.open({ key, title, duration: false, placement: 'topRight', role: 'status' }));
    return () => {
      closed = true;
      instance?.destroy(key);
    };
  },
};

const NoticeHolder = lazy(() => import('./NoticeHolder'));

/**
 * Mounted once inside the theme: the notices' live region (there from the start, so a screen reader announces what is
 * added to it; polite, each error notice itself is an assertive alert), and the notice holder from the first notice on.
 */
export function NoticeHost() {
  const { t } = useCommonT();
  const [needed, setNeeded] = useState(pending.length > 0);
  const [region, setRegion] = useState<HTMLDivElement | null>(null);
  useEffect(() => {
    requestHolder = () => setNeeded(true);
    // A notice may have been queued between the first render and this effect.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (pending.length) setNeeded(true);
    return () => {
      requestHolder = () => undefined;
    };
  }, []);
  return (
    <div ref={setRegion} role="status" aria-live="polite" aria-label={t('notices')}>
      {needed && region && (
        <Suspense fallback={null}>
          <NoticeHolder container={region} />
        </Suspense>
      )}
    </div>
  );
}
