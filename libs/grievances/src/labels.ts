import { useCallback } from 'react';
import {
  FORMER_USER_NAME,
  WITHHELD_NAME,
  presetResolution,
  type GrievanceCategory,
  type GrievancePriority,
  type GrievanceStatus,
  type GrievanceType,
  type Role,
} from '@portal/contracts';
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

/** A person's name as the API gives it, its stand-ins ("Name withheld", "Former user") in the current language. */
export function usePersonName(): (name: string) => string {
  const { t } = useGrievancesT();
  return useCallback(
    (name: string) =>
      name === WITHHELD_NAME ? t('names.withheld') : name === FORMER_USER_NAME ? t('names.formerUser') : name,
    [t],
  );
}

/** A resolution in the current language when it is one of the presets (stored in English); else as written. */
export function useResolutionText(): (resolution: string) => string {
  const { t } = useGrievancesT();
  return useCallback(
    (resolution: string) => {
      const preset = presetResolution(resolution);
      if (!preset) return resolution;
      return {
        direct: t('actions.presets.direct'),
        escalated: t('actions.presets.escalated'),
        policy: t('actions.presets.policy'),
        satisfactory: t('actions.presets.satisfactory'),
      }[preset];
    },
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
