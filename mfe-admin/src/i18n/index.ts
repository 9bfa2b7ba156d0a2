import { defineCatalogue, i18n } from '@portal/web-core';
import shared from './en/shared.json';

/**
 * The admin area's texts. English comes in sections, one per folder (`en/<folder>.json`), each registered by its
 * folder's `i18n.ts`, so a page downloads its own texts and not the whole area's; Hindi is one file, fetched when
 * chosen.
 */
export const useAdminT = defineCatalogue('admin', { shared }, { hi: () => import('./hi.json') });

/** Adds one section's English to the admin catalogue and returns the area's hook. */
export function adminSection(section: string, english: Record<string, unknown>) {
  i18n.addResourceBundle('en', 'admin', { [section]: english }, true, true);
  return useAdminT;
}
