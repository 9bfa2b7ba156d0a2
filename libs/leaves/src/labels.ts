import { useCallback } from 'react';
import { automaticLeaveComment, type LeaveStatus, type LeaveType } from '@portal/contracts';
import { useLeavesT } from './i18n';

/** "Pending", "Approved"… in the current language; a status this version does not know shows as it came. */
export function useLeaveStatusLabel(): (status: LeaveStatus | string) => string {
  const { t } = useLeavesT();
  return useCallback(
    (status: LeaveStatus | string) =>
      (
        ({
          pending: t('status.pending'),
          approved: t('status.approved'),
          rejected: t('status.rejected'),
          cancelled: t('status.cancelled'),
        }) as Record<string, string>
      )[status] ?? status,
    [t],
  );
}

/** "Sick", "Casual"… (`withLeave`: "Sick leave") in the current language. */
export function useLeaveTypeLabel(): (type: LeaveType | string, withLeave?: boolean) => string {
  const { t } = useLeavesT();
  return useCallback(
    (type: LeaveType | string, withLeave = false) =>
      (
        (withLeave
          ? {
              sick: t('typeLeave.sick'),
              casual: t('typeLeave.casual'),
              emergency: t('typeLeave.emergency'),
              vacation: t('typeLeave.vacation'),
            }
          : {
              sick: t('type.sick'),
              casual: t('type.casual'),
              emergency: t('type.emergency'),
              vacation: t('type.vacation'),
            }) as Record<string, string>
      )[type] ?? type,
    [t],
  );
}

/**
 * A decision's comment in the current language when it is the automatic one ("Approved", stored in English as the
 * spec writes it); a person's own words as they wrote them.
 */
export function useLeaveCommentText(): (comment: string) => string {
  const { t } = useLeavesT();
  return useCallback(
    (comment: string) => {
      const auto = automaticLeaveComment(comment);
      if (!auto) return comment;
      return {
        approved: t('autoComment.approved'),
        rejected: t('autoComment.rejected'),
        approvedByAdmin: t('autoComment.approvedByAdmin'),
        rejectedByAdmin: t('autoComment.rejectedByAdmin'),
      }[auto];
    },
    [t],
  );
}

/** "1 school day", "3 school days" in the current language. */
export function useSchoolDaysText(): (n: number) => string {
  const { t } = useLeavesT();
  return useCallback((count: number) => t('schoolDays', { count }), [t]);
}
