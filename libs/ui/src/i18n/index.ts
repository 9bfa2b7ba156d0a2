import { defineCatalogue } from '@portal/web-core';
import en from './en.json';

/** The shared screen parts' texts; Hindi is fetched when chosen. */
export const useUiT = defineCatalogue('ui', en, { hi: () => import('./hi.json') });
