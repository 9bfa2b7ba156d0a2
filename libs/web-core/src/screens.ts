import { useSyncExternalStore } from 'react';

/** The breakpoints a window matches, named as antd's Grid names them. */
export type Screens = Partial<Record<'xs' | 'sm' | 'md' | 'lg' | 'xl' | 'xxl' | 'xxxl', boolean>>;

// antd's breakpoints (its default theme's screen sizes, as its responsive observer queries them).
const QUERIES: Record<keyof Screens, string> = {
  xs: '(max-width: 575px)',
  sm: '(min-width: 576px)',
  md: '(min-width: 768px)',
  lg: '(min-width: 992px)',
  xl: '(min-width: 1200px)',
  xxl: '(min-width: 1600px)',
  xxxl: '(min-width: 1920px)',
};
const NONE: Screens = {};
const media = () =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia : null;

let last: { key: string; screens: Screens } = { key: '', screens: NONE };
/** The screens now, the same object while nothing changed (what useSyncExternalStore requires). */
function snapshot(): Screens {
  const match = media();
  if (!match) return NONE;
  const entries = Object.entries(QUERIES).map(([name, query]) => [name, match(query).matches] as const);
  const key = entries.map(([, on]) => (on ? 1 : 0)).join('');
  if (key !== last.key) last = { key, screens: Object.fromEntries(entries) };
  return last.screens;
}

function subscribe(changed: () => void): () => void {
  const match = media();
  if (!match) return () => undefined;
  const lists = Object.values(QUERIES).map((query) => match(query));
  for (const list of lists) list.addEventListener?.('change', changed);
  return () => lists.forEach((list) => list.removeEventListener?.('change', changed));
}

/**
 * What antd's `Grid.useBreakpoint()` answers, right from the first render: antd's starts from no breakpoint and learns
 * the window's after mounting, so a phone first drew the desktop layout and then moved everything (the admin register's
 * filters: a layout shift of 0.15 in Lighthouse's mobile audit).
 */
export function useScreens(): Screens {
  return useSyncExternalStore(subscribe, snapshot, () => NONE);
}
