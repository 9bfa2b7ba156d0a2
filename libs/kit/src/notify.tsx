import { App } from 'antd';
import { useEffect } from 'react';
import type { ReactNode } from 'react';

type NotificationApi = ReturnType<typeof App.useApp>['notification'];
let instance: NotificationApi | null = null;

/** Durations of SPEC.md section 9: errors and neutral notices 4 s, successes 2 s, loading until dismissed. */
export const NOTICE_SECONDS = { error: 4, info: 4, success: 2 } as const;
export const MAX_NOTICES = 20;

/** Notices usable from anywhere (shell or a remote): they render in the shell's antd App, so they follow the theme. */
export const notify = {
  success: (title: ReactNode) => instance?.success({ title, duration: NOTICE_SECONDS.success, placement: 'topRight' }),
  error: (title: ReactNode) => instance?.error({ title, duration: NOTICE_SECONDS.error, placement: 'topRight' }),
  info: (title: ReactNode) => instance?.info({ title, duration: NOTICE_SECONDS.info, placement: 'topRight' }),
  /** Stays until dismissed; returns a function that closes it. */
  loading: (title: ReactNode) => {
    const key = `loading-${Date.now()}-${title}`;
    instance?.open({ key, title, duration: false, placement: 'topRight' });
    return () => instance?.destroy(key);
  },
};

/** Mounted once inside the shell's <App>: hands its notification API to `notify`. */
export function NoticeBridge() {
  const { notification } = App.useApp();
  useEffect(() => {
    instance = notification;
    return () => {
      if (instance === notification) instance = null;
    };
  }, [notification]);
  return null;
}
