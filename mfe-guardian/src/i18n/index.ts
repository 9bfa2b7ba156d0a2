import { defineCatalogue } from '@portal/web-core';
import en from './en.json';

/** The guardian's area's texts; Hindi is fetched when chosen. */
export const useGuardianT = defineCatalogue('guardian', en, { hi: () => import('./hi.json') });
