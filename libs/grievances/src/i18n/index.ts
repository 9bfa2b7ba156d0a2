import { defineCatalogue } from '@portal/web-core';
import en from './en.json';

/** The grievances library's texts; Hindi is fetched when chosen. */
export const useGrievancesT = defineCatalogue('grievances', en, { hi: () => import('./hi.json') });
