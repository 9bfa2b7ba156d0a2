import { defineCatalogue } from '@portal/web-core';
import en from './en.json';

/** The chat's texts; Hindi is fetched when chosen. */
export const useChatT = defineCatalogue('chat', en, { hi: () => import('./hi.json') });
