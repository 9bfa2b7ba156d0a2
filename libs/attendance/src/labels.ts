import { useCallback } from 'react';
import type { AttendanceStatus } from '@portal/contracts';
import { useFormat } from '@portal/web-core';
import type { AttendanceBand } from './attendanceBands';
import { useAttendanceT } from './i18n';

/**
 * Attendance words in the current language, for every remote's screens (one translation, in this library):
 * `const label = useAttendanceStatusLabel(); label('leave')` is "On leave" / "छुट्टी पर".
 */
export function useAttendanceStatusLabel(): (status: AttendanceStatus) => string {
  const { t } = useAttendanceT();
  return useCallback(
    (status: AttendanceStatus) =>
      ({ present: t('status.present'), absent: t('status.absent'), late: t('status.late'), leave: t('status.leave') })[
        status
      ],
    [t],
  );
}

/** "Excellent", "Good", "Needs improvement" in the current language. */
export function useAttendanceBandLabel(): (band: AttendanceBand) => string {
  const { t } = useAttendanceT();
  return useCallback(
    (band: AttendanceBand) =>
      ({
        excellent: t('band.excellent'),
        good: t('band.good'),
        'needs-improvement': t('band.needs-improvement'),
      })[band],
    [t],
  );
}

/** "No attendance recorded yet": what a student without a recorded school day shows instead of "0 %". */
export function useNoAttendanceText(): string {
  const { t } = useAttendanceT();
  return t('noAttendance');
}

/** "92.5% excluding approved leave", or null when the student has no approved leave day (the figure is null). */
export function useExcludingLeaveText(): (percentageExcludingLeave: number | null | undefined) => string | null {
  const { t } = useAttendanceT();
  const f = useFormat();
  return useCallback(
    (p: number | null | undefined) => (p == null ? null : t('excludingLeave', { percent: f.percent(p) })),
    [t, f],
  );
}
