import { useCallback } from 'react';
import type { GrievanceCategory, GrievancePriority, GrievanceStatus, GrievanceType, Role } from '@portal/contracts';
import { useGrievancesT } from './i18n';

/**
 * A grievance's status in the current language. The middle state is one value: the mentor screens call it In Review,
 * the admin screens In Progress.
 */
export function useGrievanceStatusLabel(): (status: GrievanceStatus, viewer: Role) => string {
  const { t } = useGrievancesT();
  return useCallback(
    (status: GrievanceStatus, viewer: Role) =>
      status === 'in-progress'
        ? viewer === 'admin'
          ? t('status.inProgress')
          : t('status.inReview')
        : ({ pending: t('status.pending'), resolved: t('status.resolved'), rejected: t('status.rejected') }[status] ??
          status),
    [t],
  );
}

/** "Academic", "Harassment"… in the current language. */
export function useGrievanceCategoryLabel(): (category: GrievanceCategory) => string {
  const { t } = useGrievancesT();
  return useCallback(
    (category: GrievanceCategory) =>
      ({
        academic: t('category.academic'),
        administrative: t('category.administrative'),
        facilities: t('category.facilities'),
        harassment: t('category.harassment'),
        disciplinary: t('category.disciplinary'),
        other: t('category.other'),
      })[category] ?? category,
    [t],
  );
}

/** "Urgent", "High", "Medium", "Low" in the current language. */
export function useGrievancePriorityLabel(): (priority: GrievancePriority) => string {
  const { t } = useGrievancesT();
  return useCallback(
    (priority: GrievancePriority) =>
      ({
        urgent: t('priority.urgent'),
        high: t('priority.high'),
        medium: t('priority.medium'),
        low: t('priority.low'),
      })[priority] ?? priority,
    [t],
  );
}

/** The type a student picks ("Misconduct complaint"…) in the current language. */
export function useGrievanceTypeLabel(): (type: GrievanceType) => string {
  const { t } = useGrievancesT();
  return useCallback(
    (type: GrievanceType) =>
      ({
        'misconduct-complaint': t('type.misconduct-complaint'),
        'user-experience': t('type.user-experience'),
        'billing-payment': t('type.billing-payment'),
        'communication-support': t('type.communication-support'),
        'administrative-issues': t('type.administrative-issues'),
        'technical-issues': t('type.technical-issues'),
        other: t('type.other'),
      })[type] ?? type,
    [t],
  );
}
