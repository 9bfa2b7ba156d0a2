import { Select } from 'antd';
import { ErrorCode, GRIEVANCE_CATEGORIES, type GrievanceCategory, type GrievanceResponse } from '@portal/contracts';
import { errorMessage, notify } from '@portal/web-core';
import { useSetGrievanceCategoryMutation } from './grievancesApi';
import { useGrievancesT } from './i18n';
import { useGrievanceCategoryLabel } from './labels';

/** Admins recategorise an open grievance; harassment makes it confidential (administrators only). */
export function GrievanceCategorySelect({ grievance }: { grievance: GrievanceResponse }) {
  const { t } = useGrievancesT();
  const label = useGrievanceCategoryLabel();
  const [setCategory, { isLoading }] = useSetGrievanceCategoryMutation();
  const g = grievance;
  if (g.status === 'resolved' || g.status === 'rejected') return <>{label(g.category)}</>;
  const change = async (category: GrievanceCategory) => {
    try {
      const saved = await setCategory({ id: g._id, category }).unwrap();
      notify.success(
        saved.confidential && !g.confidential
          ? t('categorySelect.setConfidential', { category: label(category) })
          : t('categorySelect.set', { category: label(category) }),
      );
    } catch (e) {
      notify.error(
        errorMessage(e, t('categorySelect.failed'), {
          [ErrorCode.GrievanceClosed]: t('categorySelect.closed'),
        }),
      );
    }
  };
  return (
    <Select<GrievanceCategory>
      size="small"
      value={g.category}
      onChange={change}
      loading={isLoading}
      disabled={isLoading}
      style={{ width: 140 }}
      aria-label={t('categorySelect.ariaLabel', { ticket: g.ticketNumber })}
      options={GRIEVANCE_CATEGORIES.map((c) => ({ value: c, label: label(c) }))}
    />
  );
}
