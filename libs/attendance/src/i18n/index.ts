import { defineCatalogue } from '@portal/web-core';
import en from './en.json';

/** The attendance library's texts; Hindi is fetched when chosen. */
export const useAttendanceT = defineCatalogue('attendance', en, { hi: () => import('./hi.json') });
