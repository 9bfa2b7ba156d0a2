import { adminSection } from '../i18n';
import english from '../i18n/en/safeguarding.json';

/** The admin area's hook, with this folder's English texts registered: they travel with its pages. */
export const useAdminT = adminSection('safeguarding', english);
