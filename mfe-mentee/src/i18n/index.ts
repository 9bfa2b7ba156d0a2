import { defineCatalogue } from '@portal/web-core';
import en from './en.json';

/** The student's area's texts; Hindi is fetched when chosen. */
export const useMenteeT = defineCatalogue('mentee', en, { hi: () => import('./hi.json') });
