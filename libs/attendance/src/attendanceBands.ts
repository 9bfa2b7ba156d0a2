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
/** @deprecated English only: use useAttendanceBandLabel(). */
export const BAND_LABEL: Record<AttendanceBand, string> = {
  excellent: 'Excellent',
  good: 'Good',
  'needs-improvement': 'Needs improvement',
};

/**
 * A student with no recorded school day has no percentage yet: say so (neutral) instead of a red "0 %".
 * @deprecated English only: use useNoAttendanceText().
 */
export const NO_ATTENDANCE_TEXT = 'No attendance recorded yet';
export const hasRecordedDays = (a: { totalDays: number } | null | undefined): boolean => !!a && a.totalDays > 0;

export const isLeaveEligible = (percentage: number) => percentage >= LEAVE_ELIGIBILITY_PERCENT;
