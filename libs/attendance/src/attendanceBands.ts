/** Attendance bands of SPEC.md section 9. */
export type AttendanceBand = 'excellent' | 'good' | 'needs-improvement';

export const LEAVE_ELIGIBILITY_PERCENT = 75;

export function attendanceBand(percentage: number): AttendanceBand {
  if (percentage >= 90) return 'excellent';
  if (percentage >= 75) return 'good';
  return 'needs-improvement';
}

export const BAND_COLOR: Record<AttendanceBand, string> = {
  excellent: '#10B981',
  good: '#F59E0B',
  'needs-improvement': '#EF4444',
};
/** antd tag colours of the bands (readable in both themes). */
export const BAND_TAG: Record<AttendanceBand, string> = {
  excellent: 'green',
  good: 'gold',
  'needs-improvement': 'red',
};
/** A student with no recorded school day has no percentage yet: say so (useNoAttendanceText) instead of a red "0 %". */
export const hasRecordedDays = (a: { totalDays: number } | null | undefined): boolean => !!a && a.totalDays > 0;

export const isLeaveEligible = (percentage: number) => percentage >= LEAVE_ELIGIBILITY_PERCENT;
