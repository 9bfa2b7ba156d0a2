import { monthOfYear } from '@portal/web-core';
import { useAdminT } from './i18n';

/** The months by name in the current language, 1 = January. */
export function useMonths() {
  const { t } = useAdminT();
  return Array.from({ length: 12 }, (_, i) => ({
    value: i + 1,
    label: monthOfYear(i).format(t('attendance.format.month')),
  }));
}
