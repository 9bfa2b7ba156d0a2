import { defineCatalogue } from '@portal/web-core';
import en from './en.json';

/** The leaves library's texts; Hindi is fetched when chosen. */
export const useLeavesT = defineCatalogue('leaves', en, { hi: () => import('./hi.json') });
