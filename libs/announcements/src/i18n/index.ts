import { defineCatalogue, i18n } from '@portal/web-core';
import en from './en.json';

/** The announcements library's texts; Hindi is fetched when chosen. */
export const useAnnouncementsT = defineCatalogue('announcements', en, { hi: () => import('./hi.json') });

/** The same texts outside React (notices of the live updates, ages of posts), in the current language. */
export const announcementsT = (key: string, options: Record<string, unknown> = {}): string =>
  i18n.t(key, { ns: 'announcements', ...options });
