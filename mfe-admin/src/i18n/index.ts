import { defineCatalogue } from '@portal/web-core';
import en from './en.json';

/** The admin area's texts; Hindi is fetched when chosen. */
export const useAdminT = defineCatalogue('admin', en, { hi: () => import('./hi.json') });
