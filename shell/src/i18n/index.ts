import { defineCatalogue } from '@portal/web-core';
import en from './en.json';

/** The shell's texts (sign-in pages, frame, menu); Hindi is fetched when chosen. */
export const useShellT = defineCatalogue('shell', en, { hi: () => import('./hi.json') });
