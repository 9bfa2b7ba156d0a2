import { defineCatalogue } from '@portal/web-core';
import en from './en.json';

/** The follow-up and mentee screens' texts; Hindi is fetched when chosen. */
export const usePeopleT = defineCatalogue('people', en, { hi: () => import('./hi.json') });
