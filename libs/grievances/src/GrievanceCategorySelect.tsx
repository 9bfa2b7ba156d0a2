import { Select } from 'antd';
import { ErrorCode, GRIEVANCE_CATEGORIES, type GrievanceCategory, type GrievanceResponse } from '@portal/contracts';
import { errorMessage, notify } from '@portal/web-core';
import { useSetGrievanceCategoryMutation } from './grievancesApi';

const label = (c: string) => c.charAt(0).toUpperCase() + c.slice(1);

/** Admins recategorise an open grievance; harassment makes it confidential (administrators only). */
export function GrievanceCategorySelect({ grievance }: { grievance: GrievanceResponse }) {
  const [setCategory, { isLoading }] = useSetGrievanceCategoryMutation();
  const g = grievance;
  if (g.status === 'resolved' || g.status === 'rejected') return <>{label(g.category)}</>;
  const change = async (category: GrievanceCategory) => {
    try {
      const saved = await setCategory({ id: g._id, category }).unwrap();
      notify.success(
        saved.confidential && !g.confidential
          ? `Category set to ${label(category)}: now confidential (administrators only)`
          : `Category set to ${label(category)}`,
      );
    } catch (e) {
      notify.error(
        errorMessage(e, 'Failed to update category', {
          [ErrorCode.GrievanceClosed]: 'This grievance was closed meanwhile; its category can no longer change.',
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
      aria-label={`Category of ${g.ticketNumber}`}
      options={GRIEVANCE_CATEGORIES.map((c) => ({ value: c, label: label(c) }))}
    />
  );
}
