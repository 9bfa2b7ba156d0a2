import { defineCatalogue } from '@portal/web-core';
import en from './en.json';

/** The mentor area's texts; Hindi is fetched when chosen. */
export const useMentorT = defineCatalogue('mentor', en, { hi: () => import('./hi.json') });
