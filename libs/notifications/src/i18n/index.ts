import { defineCatalogue } from '@portal/web-core';
import en from './en.json';

/** The notifications' texts (bell, inbox, e-mail preferences); Hindi is fetched when chosen. */
export const useNotificationsT = defineCatalogue('notifications', en, { hi: () => import('./hi.json') });
