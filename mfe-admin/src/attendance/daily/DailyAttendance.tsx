import { Alert, Card, Flex, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import type { AttendanceStatus, MenteeRecord } from '@portal/contracts';
import {
  calendarDay,
  useDebounced,
  useFormat,
  useLeaveBlocker,
  useSchoolToday,
  useScreens,
  useSearchParams,
} from '@portal/web-core';
import { LoadError } from '@portal/ui';
import { useSchoolCalendar } from '@portal/attendance';
import { useAdminMenteesQuery } from '../../adminApi';
import { useAdminT } from '../i18n';
import { useDayAttendanceQuery } from '../attendanceApi';
import { DayFilters } from './DayFilters';
import { DayTiles } from './DayTiles';
import { MarkAllButtons } from './MarkAllButtons';
import { OverrideReasonDialog, type PendingOverride } from './OverrideReasonDialog';
import { OverwriteMarksDialog, type PendingOverwrite } from './OverwriteMarksDialog';
import { RegisterTable } from './RegisterTable';
import { SaveBar } from './SaveBar';
import { UnsavedChangesDialog } from './UnsavedChangesDialog';
import { defaultDay, filterStudents } from './register';
import { useAttendanceDraft } from './useAttendanceDraft';

/** One school day's register: choose the day, mark each student, save the changes. */
export function DailyAttendance() {
  const { t } = useAdminT();
  const f = useFormat();
  // On a phone the class moves under the name and the Unsaved column goes: the register never scrolls sideways.
  const screens = useScreens();
  const wide = screens.sm !== false;
  // Below md the "Mark All" buttons go under the day's title instead of squeezing it to an ellipsis.
  const headerRoom = screens.md !== false;
  // A notification's link names the day (?date=YYYY-MM-DD: a family disputes a mark of it).
  const [params] = useSearchParams();
  const [date, setDate] = useState<Dayjs>(() => {
    const asked = params.get('date');
    return asked && /^\d{4}-\d{2}-\d{2}$/.test(asked) && calendarDay(asked).isValid()
      ? calendarDay(asked)
      : defaultDay();
  });
  const [search, setSearch] = useState('');
  const [cls, setCls] = useState<string | undefined>();
  const [pendingDate, setPendingDate] = useState<Dayjs | null>(null);
  const [override, setOverride] = useState<PendingOverride | null>(null);
  const [reasonDraft, setReasonDraft] = useState('');
  const [overwrite, setOverwrite] = useState<PendingOverwrite | null>(null);
  const iso = date.format('YYYY-MM-DD');
  // The whole year of the chosen day: the date picker greys every non-school day of it.
  const calendar = useSchoolCalendar(`${date.year()}-01-01`, `${date.year()}-12-31`);
  // "Today" is the school's day, in its time zone (the calendar's answer says which zone).
  const today = calendarDay(useSchoolToday());
  const students = useAdminMenteesQuery({});
  const day = useDayAttendanceQuery(iso);
  const draft = useAttendanceDraft(iso, day.currentData);
  const term = useDebounced(search, 200);

  // A failed load is not an empty register: nothing is shown as unmarked, and nothing can be marked or saved over it.
  const failed = students.isError || day.isError;
  const loaded = !failed && !!students.data && !!day.currentData;

  // Leaving with unsaved marks asks first: in-app navigation through the router, tab close and reload through the browser.
  const blocker = useLeaveBlocker(draft.dirty);
  useEffect(() => {
    if (!draft.dirty) return;
    const ask = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [draft.dirty]);

  const all = useMemo(() => students.data ?? [], [students.data]);
  const classes = useMemo(
    () => [...new Set(all.map((s) => s.class))].sort((a, b) => a.localeCompare(b, undefined, { numeric: true })),
    [all],
  );
  const shown = useMemo(() => filterStudents(all, term, cls), [all, term, cls]);
  const closedReason = date.isAfter(today, 'day')
    ? t('attendance.futureDate')
    : !calendar.isSchoolDay(iso)
      ? (calendar.calendar?.closures.find((c) => c.date === iso)?.reason ?? t('attendance.notSchoolDay'))
      : null;
  const canMark = loaded && !closedReason && !draft.saving;

  /** Marking a student on approved leave as anything but leave asks why first. */
  const markOne = (s: MenteeRecord, status: AttendanceStatus) => {
    if (draft.needsReason(s._id, status)) {
      setReasonDraft(draft.reasonOf(s._id) ?? '');
      return setOverride({ id: s._id, name: s.fullName, status });
    }
    draft.mark([s._id], status);
  };
  const confirmOverride = () => {
    const reason = reasonDraft.trim();
    if (!override || !reason) return;
    draft.override(override.id, override.status, reason);
    setOverride(null);
  };

  const changeDate = (d: Dayjs) => {
    if (d.isSame(date, 'day')) return;
    if (draft.dirty) return setPendingDate(d);
    setDate(d);
    draft.discard();
  };
  const stay = () => (pendingDate ? setPendingDate(null) : blocker.reset());
  const leave = () => {
    // Dropped at once: while the next page's code is still on its way this page stays on screen, and coming straight
    // back to it must not find the marks that were left behind.
    draft.discard();
    if (!pendingDate) return blocker.proceed();
    setDate(pendingDate);
    setPendingDate(null);
  };
  const retry = () => {
    if (students.isError) students.refetch();
    if (day.isError || !day.currentData) day.refetch();
  };

  const markAll = (
    <MarkAllButtons
      disabled={!shown.length || !canMark}
      onMark={(status) => {
        // The unmarked are marked at once; marks already given change only if the admin says so.
        const ids = shown.map((s) => s._id);
        const marked = draft.markedOtherwise(ids, status).map((id) => ({ id, mark: draft.marks[id] }));
        draft.markAll(ids, status);
        if (marked.length) setOverwrite({ status, marked });
      }}
    />
  );
  return (
    <Flex vertical gap={16}>
      <DayFilters
        date={date}
        today={today}
        isSchoolDay={calendar.isSchoolDay}
        onDate={changeDate}
        search={search}
        onSearch={setSearch}
        cls={cls}
        onClass={setCls}
        classes={classes}
      />
      <DayTiles students={all} marks={draft.marks} loaded={loaded} />
      <Card
        size="small"
        styles={{ title: { whiteSpace: 'normal' } }}
        title={
          <span>
            {f.weekdayDate(date)}{' '}
            {/* Counted once the register has loaded: "0 shown" while loading would read as an empty class. */}
            {loaded && (
              <Typography.Text type="secondary">{t('attendance.shown', { count: shown.length })}</Typography.Text>
            )}
          </span>
        }
        extra={headerRoom ? markAll : undefined}
      >
        {!headerRoom && <div style={{ marginBottom: 12 }}>{markAll}</div>}
        {closedReason && <Alert type="info" showIcon title={closedReason} style={{ marginBottom: 12 }} />}
        {failed ? (
          <LoadError
            title={students.isError ? t('attendance.menteesFailed') : t('attendance.dayFailed')}
            onRetry={retry}
          />
        ) : (
          <RegisterTable
            students={shown}
            loaded={loaded}
            loading={!loaded || day.isFetching}
            wide={wide}
            canMark={canMark}
            draft={draft}
            date={iso}
            disputed={day.currentData?.disputedMarks ?? {}}
            onMark={markOne}
          />
        )}
        <SaveBar
          unsaved={draft.unsaved.length}
          saving={draft.saving}
          canSave={loaded && !closedReason}
          onSave={draft.save}
        />
      </Card>
      <UnsavedChangesDialog
        open={blocker.state === 'blocked' || !!pendingDate}
        count={draft.unsaved.length}
        date={date}
        onLeave={leave}
        onStay={stay}
      />
      <OverwriteMarksDialog
        pending={overwrite}
        onOverwrite={() => {
          if (overwrite)
            draft.overwrite(
              overwrite.marked.map((m) => m.id),
              overwrite.status,
            );
          setOverwrite(null);
        }}
        onKeep={() => setOverwrite(null)}
      />
      <OverrideReasonDialog
        override={override}
        date={date}
        reason={reasonDraft}
        onReason={setReasonDraft}
        onConfirm={confirmOverride}
        onCancel={() => setOverride(null)}
      />
    </Flex>
  );
}
