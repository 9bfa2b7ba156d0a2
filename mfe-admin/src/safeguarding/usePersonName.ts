import { FORMER_USER_NAME, type PersonRef } from '@portal/contracts';
import { useAdminT } from './i18n';

/** A person's name as it was kept; "Former user" (kept for an account already gone) in the reader's language. */
export function usePersonName(): (person: PersonRef) => string {
  const { t } = useAdminT();
  return (person) => (person.fullName === FORMER_USER_NAME ? t('safeguarding.formerUser') : person.fullName);
}
