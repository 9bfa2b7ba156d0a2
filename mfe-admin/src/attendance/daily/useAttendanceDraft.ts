import { useMemo, useState } from 'react';
import { ErrorCode, type AttendanceStatus, type DailyAttendanceResponse } from '@portal/contracts';
import { errorMessage, notify, useAppDispatch } from '@portal/web-core';
import { useAdminT } from '../i18n';
import { attendanceApi, useSaveAttendanceMutation } from '../attendanceApi';

/** The saved status of each student on `iso`, from the day's answer. */
function savedMarks(data: DailyAttendanceResponse | undefined, iso: string): Record<string, AttendanceStatus> {
  const saved: Record<string, AttendanceStatus> = {};
  for (const [id, days] of Object.entries(data?.attendanceData ?? {})) if (days[iso]) saved[id] = days[iso];
  return saved;
}

/**
 * The admin's unsaved marks on the day `iso` over what the server's answer for it (`day`) holds, the reasons given for
 * marking a student on approved leave otherwise, and their save.
 */
export function useAttendanceDraft(iso: string, day: DailyAttendanceResponse | undefined) {
  const { t } = useAdminT();
  const dispatch = useAppDispatch();
  const [save, { isLoading: saving }] = useSaveAttendanceMutation();
  // Only the admin's changes live here; what is saved comes from the server's answer for the day.
  const [edits, setEdits] = useState<Record<string, AttendanceStatus>>({});
  // Reasons given in this session for marking a student on approved leave otherwise; sent with the save.
  const [reasons, setReasons] = useState<Record<string, string>>({});

  const saved = useMemo(() => savedMarks(day, iso), [day, iso]);
  const marks = useMemo(() => ({ ...saved, ...edits }), [saved, edits]);
  const unsaved = useMemo(() => Object.keys(edits).filter((id) => edits[id] !== saved[id]), [edits, saved]);
  const onLeave = useMemo(() => new Set(day?.onLeave ?? []), [day]);
  const savedReasons = day?.overrideReasons ?? {};
  const reasonOf = (id: string): string | undefined => reasons[id] ?? savedReasons[id];

  const mark = (ids: string[], status: AttendanceStatus) =>
    setEdits((e) => ({ ...e, ...Object.fromEntries(ids.map((id) => [id, status])) }));
  const discard = () => {
    setEdits({});
    setReasons({});
  };

  const saveDraft = async () => {
    const attendanceData = Object.fromEntries(unsaved.map((id) => [id, { [iso]: edits[id] }]));
    const overrideReasons = Object.fromEntries(
      unsaved.filter((id) => onLeave.has(id) && edits[id] !== 'leave' && reasonOf(id)).map((id) => [id, reasonOf(id)!]),
    );
    try {
      await save({
        date: iso,
        attendanceData,
        ...(Object.keys(overrideReasons).length ? { overrideReasons } : {}),
      }).unwrap();
      // The day now holds these marks: show them as saved at once (the refetch that follows confirms them).
      dispatch(
        attendanceApi.util.updateQueryData('dayAttendance', iso, (d) => {
          Object.assign(d.attendanceData, attendanceData);
          Object.assign(d.overrideReasons ?? {}, overrideReasons);
        }),
      );
      discard();
      notify.success(t('attendance.saved'));
    } catch (e) {
      notify.error(
        errorMessage(e, t('attendance.saveFailed'), {
          [ErrorCode.OverrideReasonRequired]: t('attendance.overrideRequired'),
          [ErrorCode.NotASchoolDay]: t('attendance.notSchoolDaySave'),
        }),
      );
    }
  };

  return {
    /** Each student's status as shown: the saved one, or the admin's change. */
    marks,
    /** The students whose shown status differs from the saved one. */
    unsaved,
    dirty: unsaved.length > 0,
    saving,
    /** The students with approved leave on the day. */
    onLeave,
    isUnsaved: (id: string) => !!edits[id] && edits[id] !== saved[id],
    /** The reason given for overriding the student's approved leave, in this session or saved. */
    reasonOf,
    /** Marking a student on approved leave as anything but leave needs a reason. */
    needsReason: (id: string, status: AttendanceStatus) => onLeave.has(id) && status !== 'leave',
    /** The reason to show under a mark that overrides approved leave. */
    overrideNote: (id: string): string | undefined =>
      onLeave.has(id) && marks[id] && marks[id] !== 'leave' ? reasonOf(id) : undefined,
    mark,
    /**
     * Mark All fills the students without a mark (saved or changed); students on approved leave keep it (each override
     * needs its own reason). Marks already given are changed only through `overwrite`, after the admin agreed.
     */
    markAll: (ids: string[], status: AttendanceStatus) =>
      mark(
        ids.filter((id) => !onLeave.has(id) && !marks[id]),
        status,
      ),
    /** Of `ids`, the students not on approved leave who already have another mark than `status`, saved or changed. */
    markedOtherwise: (ids: string[], status: AttendanceStatus) =>
      ids.filter((id) => !onLeave.has(id) && marks[id] && marks[id] !== status),
    overwrite: (ids: string[], status: AttendanceStatus) => mark(ids, status),
    override: (id: string, status: AttendanceStatus, reason: string) => {
      setReasons((r) => ({ ...r, [id]: reason }));
      mark([id], status);
    },
    discard,
    save: saveDraft,
  };
}

export type AttendanceDraft = ReturnType<typeof useAttendanceDraft>;
