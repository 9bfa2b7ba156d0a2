import { adminSection } from '../i18n';
import english from '../i18n/en/privacy.json';

/** The admin area's hook, with this folder's English texts registered: they travel with its pages. */
export const useAdminT = adminSection('privacy', english);
