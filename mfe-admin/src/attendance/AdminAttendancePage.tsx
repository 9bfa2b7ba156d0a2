import {
  CheckOutlined,
  ClockCircleOutlined,
  CloseOutlined,
  DownloadOutlined,
  SaveOutlined,
  ScheduleOutlined,
  SearchOutlined,
} from '@ant-design/icons';
import {
  Alert,
  Button,
  Card,
  Col,
  DatePicker,
  Empty,
  Flex,
  Grid,
  Input,
  Modal,
  Row,
  Segmented,
  Select,
  Space,
  Table,
  Tag,
  theme,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import {
  ATTENDANCE_STATUS_LABELS,
  ATTENDANCE_STATUSES,
  ErrorCode,
  NOT_A_SCHOOL_DAY_MESSAGE,
  type AttendanceStatus,
  type DailyAttendanceResponse,
  type MenteeRecord,
  type MonthlyAttendanceRow,
} from '@portal/contracts';
import { errorMessage, notify, useAppDispatch, useDebounced, useDownloadFile, useLeaveBlocker } from '@portal/web-core';
import { LoadError, PageHeader, StatCard } from '@portal/ui';
import { AttendanceFigure, AttendanceToggle, attendanceBand, BAND_TAG, useSchoolCalendar } from '@portal/attendance';
import { useAdminMenteesQuery } from '../adminApi';
import {
  attendanceApi,
  useDayAttendanceQuery,
  useMonthAttendanceQuery,
  useSaveAttendanceMutation,
} from './attendanceApi';

const YEARS = Array.from({ length: 51 }, (_, i) => 2000 + i);
const MONTHS = Array.from({ length: 12 }, (_, i) => ({ value: i + 1, label: dayjs().month(i).format('MMMM') }));

/** Filtered students by name or student id, and by class. */
export function filterStudents(students: MenteeRecord[], search: string, cls: string | undefined): MenteeRecord[] {
  const term = search.trim().toLowerCase();
  return students.filter(
    (s) =>
      (!cls || s.class === cls) &&
      (!term || s.fullName.toLowerCase().includes(term) || s.studentId.toLowerCase().includes(term)),
  );
}

/** The day the screen opens on: today, or the Saturday before when today is a Sunday (not a school day). */
export function defaultDay(now: Dayjs = dayjs()): Dayjs {
  return now.day() === 0 ? now.subtract(1, 'day') : now;
}

/** Longest override reason the API keeps. */
const REASON_MAX = 500;

/** A mark waiting for its override reason: the student has approved leave on the day. */
interface PendingOverride {
  id: string;
  name: string;
  status: AttendanceStatus;
}

/** The saved status of each student on `iso`, from the day's answer. */
function savedMarks(data: DailyAttendanceResponse | undefined, iso: string): Record<string, AttendanceStatus> {
  const saved: Record<string, AttendanceStatus> = {};
  for (const [id, days] of Object.entries(data?.attendanceData ?? {})) if (days[iso]) saved[id] = days[iso];
  return saved;
}

function DailyView() {
  const { token } = theme.useToken();
  // On a phone the class moves under the name and the Unsaved column goes: the register never scrolls sideways.
  const screens = Grid.useBreakpoint();
  const wide = screens.sm !== false;
  // Below md the "Mark All" buttons go under the day's title instead of squeezing it to an ellipsis.
  const headerRoom = screens.md !== false;
  const dispatch = useAppDispatch();
  const [date, setDate] = useState<Dayjs>(() => defaultDay());
  const [search, setSearch] = useState('');
  const [cls, setCls] = useState<string | undefined>();
  // Only the admin's changes live here; what is saved comes from the server's answer for the day.
  const [edits, setEdits] = useState<Record<string, AttendanceStatus>>({});
  const [pendingDate, setPendingDate] = useState<Dayjs | null>(null);
  // Reasons given in this session for marking a student on approved leave otherwise; sent with the save.
  const [reasons, setReasons] = useState<Record<string, string>>({});
  const [override, setOverride] = useState<PendingOverride | null>(null);
  const [reasonDraft, setReasonDraft] = useState('');
  const iso = date.format('YYYY-MM-DD');
  // The whole year of the chosen day: the date picker greys every non-school day of it.
  const calendar = useSchoolCalendar(`${date.year()}-01-01`, `${date.year()}-12-31`);
  // "Today" is the school's day (its time zone), once the calendar says which day that is.
  const today = calendar.today ? dayjs(calendar.today) : dayjs();
  const students = useAdminMenteesQuery({});
  const day = useDayAttendanceQuery(iso);
  const [save, { isLoading: saving }] = useSaveAttendanceMutation();
  const term = useDebounced(search, 200);

  // A failed load is not an empty register: nothing is shown as unmarked, and nothing can be marked or saved over it.
  const failed = students.isError || day.isError;
  const loaded = !failed && !!students.data && !!day.currentData;
  const saved = useMemo(() => savedMarks(day.currentData, iso), [day.currentData, iso]);
  const marks = useMemo(() => ({ ...saved, ...edits }), [saved, edits]);
  const unsaved = useMemo(() => Object.keys(edits).filter((id) => edits[id] !== saved[id]), [edits, saved]);
  const dirty = unsaved.length > 0;

  // Leaving with unsaved marks asks first: in-app navigation through the router, tab close and reload through the browser.
  const blocker = useLeaveBlocker(dirty);
  useEffect(() => {
    if (!dirty) return;
    const ask = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);

  const all = useMemo(() => students.data ?? [], [students.data]);
  const classes = useMemo(
    () => [...new Set(all.map((s) => s.class))].sort((a, b) => a.localeCompare(b, undefined, { numeric: true })),
    [all],
  );
  const shown = useMemo(() => filterStudents(all, term, cls), [all, term, cls]);
  const counts = Object.fromEntries(
    ATTENDANCE_STATUSES.map((st) => [st, all.filter((s) => marks[s._id] === st).length]),
  ) as Record<AttendanceStatus, number>;
  const marked = ATTENDANCE_STATUSES.reduce((n, st) => n + counts[st], 0);
  const onLeave = useMemo(() => new Set(day.currentData?.onLeave ?? []), [day.currentData]);
  const savedReasons = day.currentData?.overrideReasons ?? {};
  const reasonOf = (id: string): string | undefined => reasons[id] ?? savedReasons[id];
  const closedReason = date.isAfter(today, 'day')
    ? 'Attendance cannot be marked for a future date'
    : !calendar.isSchoolDay(iso)
      ? (calendar.calendar?.closures.find((c) => c.date === iso)?.reason ?? NOT_A_SCHOOL_DAY_MESSAGE)
      : null;
  const canMark = loaded && !closedReason && !saving;
  const mark = (ids: string[], status: AttendanceStatus) =>
    setEdits((e) => ({ ...e, ...Object.fromEntries(ids.map((id) => [id, status])) }));
  /** Marking a student on approved leave as anything but leave asks why first. */
  const markOne = (s: MenteeRecord, status: AttendanceStatus) => {
    if (onLeave.has(s._id) && status !== 'leave') {
      setReasonDraft(reasonOf(s._id) ?? '');
      return setOverride({ id: s._id, name: s.fullName, status });
    }
    mark([s._id], status);
  };
  const confirmOverride = () => {
    const reason = reasonDraft.trim();
    if (!override || !reason) return;
    setReasons((r) => ({ ...r, [override.id]: reason }));
    mark([override.id], override.status);
    setOverride(null);
  };
  // Mark All leaves students on approved leave as they are: each override needs its own reason.
  const markAllShown = (status: AttendanceStatus) =>
    mark(
      shown.filter((s) => !onLeave.has(s._id)).map((s) => s._id),
      status,
    );

  const changeDate = (d: Dayjs) => {
    if (d.isSame(date, 'day')) return;
    if (dirty) return setPendingDate(d);
    setDate(d);
    setEdits({});
    setReasons({});
  };
  const stay = () => (pendingDate ? setPendingDate(null) : blocker.reset());
  const leave = () => {
    if (!pendingDate) return blocker.proceed();
    setDate(pendingDate);
    setEdits({});
    setReasons({});
    setPendingDate(null);
  };
  const retry = () => {
    if (students.isError) students.refetch();
    if (day.isError || !day.currentData) day.refetch();
  };

  const onSave = async () => {
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
      setEdits({});
      setReasons({});
      notify.success('Attendance saved successfully');
    } catch (e) {
      notify.error(
        errorMessage(e, 'Failed to save attendance', {
          [ErrorCode.OverrideReasonRequired]:
            'Nothing was saved: a student has approved leave on this day. Mark them again and give the reason for marking them otherwise.',
          [ErrorCode.NotASchoolDay]: `Nothing was saved. ${NOT_A_SCHOOL_DAY_MESSAGE}.`,
        }),
      );
    }
  };
  const count = (n: number) => (loaded ? n : '—');
  const toggleOf = (s: MenteeRecord) => {
    const reason = onLeave.has(s._id) && marks[s._id] && marks[s._id] !== 'leave' ? reasonOf(s._id) : undefined;
    return (
      <Flex vertical gap={4} align={wide ? 'start' : 'stretch'}>
        <AttendanceToggle
          name={s.fullName}
          value={marks[s._id]}
          disabled={!canMark}
          compact={!wide}
          statuses={ATTENDANCE_STATUSES}
          onChange={(v) => markOne(s, v)}
        />
        {reason && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="override-reason">
            Override: {reason}
          </Typography.Text>
        )}
      </Flex>
    );
  };

  const markAll = (
    <Space wrap>
      <Button icon={<CheckOutlined />} onClick={() => markAllShown('present')} disabled={!shown.length || !canMark}>
        Mark All Present
      </Button>
      <Button icon={<CloseOutlined />} onClick={() => markAllShown('absent')} disabled={!shown.length || !canMark}>
        Mark All Absent
      </Button>
    </Space>
  );
  return (
    <Flex vertical gap={16}>
      <Card size="small">
        <Flex gap={12} wrap align="center">
          <DatePicker
            value={date}
            onChange={(d) => d && changeDate(d)}
            allowClear={false}
            format="ddd, MMM D, YYYY"
            aria-label="Date"
            disabledDate={(d) =>
              d.isAfter(today, 'day') || d.year() < 2000 || !calendar.isSchoolDay(d.format('YYYY-MM-DD'))
            }
            renderExtraFooter={() => (
              <Typography.Text type="secondary">
                Weekends, holidays and days outside the term are not school days and cannot be marked.
              </Typography.Text>
            )}
          />
          <Select
            value={date.month() + 1}
            options={MONTHS}
            onChange={(m) => changeDate(date.month(m - 1))}
            style={{ width: 130 }}
            aria-label="Month"
          />
          <Select
            value={date.year()}
            onChange={(y) => changeDate(date.year(y))}
            style={{ width: 100 }}
            aria-label="Year"
            listHeight={20 * 32}
            options={YEARS.map((y) => ({ value: y, label: String(y), disabled: y > today.year() }))}
          />
          <Space.Compact>
            <Button onClick={() => changeDate(today)}>Today</Button>
            <Button onClick={() => changeDate(today.subtract(1, 'day'))}>Yesterday</Button>
          </Space.Compact>
          <Input
            allowClear
            prefix={<SearchOutlined />}
            placeholder="Search by name or student ID"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            style={{ flex: '1 1 220px' }}
            aria-label="Search students"
          />
          <Select
            value={cls ?? ''}
            onChange={(v) => setCls(v || undefined)}
            style={{ width: 140 }}
            aria-label="Class filter"
            options={[{ value: '', label: 'All Classes' }, ...classes.map((c) => ({ value: c, label: `Class ${c}` }))]}
          />
        </Flex>
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={12} sm={8} xl={4}>
          <StatCard title="Total Students" value={count(all.length)} icon={<SearchOutlined />} color="#3B82F6" />
        </Col>
        <Col xs={12} sm={8} xl={4}>
          <StatCard title="Present" value={count(counts.present)} icon={<CheckOutlined />} color="#10B981" />
        </Col>
        <Col xs={12} sm={8} xl={4}>
          <StatCard
            testId="tile-late"
            title="Late"
            value={count(counts.late)}
            icon={<ClockCircleOutlined />}
            color="#F59E0B"
          />
        </Col>
        <Col xs={12} sm={8} xl={4}>
          <StatCard title="Absent" value={count(counts.absent)} icon={<CloseOutlined />} color="#EF4444" />
        </Col>
        <Col xs={12} sm={8} xl={4}>
          <StatCard
            testId="tile-leave"
            title="On Leave"
            value={count(counts.leave)}
            icon={<ScheduleOutlined />}
            color="#2563EB"
          />
        </Col>
        <Col xs={12} sm={8} xl={4}>
          <StatCard
            testId="tile-unmarked"
            title="Unmarked"
            value={count(all.length - marked)}
            icon={<span>?</span>}
            color="#94A3B8"
          />
        </Col>
      </Row>
      <Card
        size="small"
        styles={{ title: { whiteSpace: 'normal' } }}
        title={
          <span>
            {date.format('dddd, MMMM D, YYYY')}{' '}
            {/* Counted once the register has loaded: "0 shown" while loading would read as an empty class. */}
            {loaded && <Typography.Text type="secondary">· {shown.length} shown</Typography.Text>}
          </span>
        }
        extra={headerRoom ? markAll : undefined}
      >
        {!headerRoom && <div style={{ marginBottom: 12 }}>{markAll}</div>}
        {closedReason && <Alert type="info" showIcon title={closedReason} style={{ marginBottom: 12 }} />}
        {failed ? (
          <LoadError
            title={
              students.isError
                ? 'Failed to fetch mentees. Nothing can be marked until the list loads.'
                : 'Failed to fetch attendance data. Nothing can be marked until the saved day loads.'
            }
            onRetry={retry}
          />
        ) : (
          <Table<MenteeRecord>
            rowKey="_id"
            size="small"
            loading={!loaded || day.isFetching}
            dataSource={loaded ? shown : []}
            pagination={{ pageSize: 25, hideOnSinglePage: true }}
            locale={{
              emptyText: loaded ? (
                <Empty
                  description={
                    <>
                      No students found
                      <br />
                      Try adjusting your search or filter criteria.
                    </>
                  }
                />
              ) : (
                ' '
              ),
            }}
            columns={[
              {
                title: 'Student',
                render: (_, s) => (
                  <Flex vertical gap={wide ? 0 : 8}>
                    <Flex vertical>
                      <Typography.Text strong>
                        {s.fullName}{' '}
                        {onLeave.has(s._id) && (
                          <Tag color="blue" data-testid="on-leave-tag">
                            {ATTENDANCE_STATUS_LABELS.leave}
                          </Tag>
                        )}
                      </Typography.Text>
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        {s.studentId}
                        {wide ? '' : ` · ${s.class}-${s.section}`}
                      </Typography.Text>
                    </Flex>
                    {/* On a phone the four choices take the row's whole width, under the name. */}
                    {!wide && toggleOf(s)}
                  </Flex>
                ),
              },
              { title: 'Class', width: 100, responsive: ['sm'], render: (_, s) => `${s.class}-${s.section}` },
              ...(wide ? [{ title: 'Attendance', render: (_: unknown, s: MenteeRecord) => toggleOf(s) }] : []),
              {
                title: '',
                width: 90,
                responsive: ['sm'],
                render: (_, s) =>
                  edits[s._id] && edits[s._id] !== saved[s._id] ? <Tag color="blue">Unsaved</Tag> : null,
              },
            ]}
          />
        )}
        {/* Save stays in reach on a long class: the bar sticks to the bottom of the window while the register scrolls. */}
        <Flex
          role="region"
          aria-label="Save attendance"
          data-testid="attendance-save-bar"
          justify="space-between"
          align="center"
          gap={8}
          wrap
          style={{
            position: 'sticky',
            bottom: 0,
            zIndex: 3,
            marginTop: 12,
            padding: '10px 12px',
            background: token.colorBgContainer,
            borderTop: `1px solid ${token.colorBorderSecondary}`,
            boxShadow: '0 -4px 12px rgba(0, 0, 0, 0.08)',
          }}
        >
          <Typography.Text type={dirty ? undefined : 'secondary'} strong={dirty}>
            {dirty ? `${unsaved.length} unsaved change${unsaved.length === 1 ? '' : 's'}` : 'No unsaved changes'}
          </Typography.Text>
          <Button
            type="primary"
            icon={<SaveOutlined />}
            onClick={onSave}
            loading={saving}
            disabled={saving || !dirty || !loaded || !!closedReason}
          >
            Save Attendance{dirty ? ` (${unsaved.length})` : ''}
          </Button>
        </Flex>
      </Card>
      <Modal
        open={blocker.state === 'blocked' || !!pendingDate}
        title="Leave without saving?"
        okText="Leave without saving"
        cancelText="Stay on this page"
        okButtonProps={{ danger: true }}
        onOk={leave}
        onCancel={stay}
      >
        {unsaved.length} unsaved change{unsaved.length === 1 ? '' : 's'} for {date.format('dddd, MMMM D, YYYY')} will be
        lost. Stay and press Save Attendance to keep {unsaved.length === 1 ? 'it' : 'them'}.
      </Modal>
      <Modal
        open={!!override}
        title={override ? `${override.name} is on approved leave` : ''}
        okText={override ? `Mark ${ATTENDANCE_STATUS_LABELS[override.status].toLowerCase()}` : 'Mark'}
        okButtonProps={{ disabled: !reasonDraft.trim() }}
        cancelText="Keep on leave"
        onOk={confirmOverride}
        onCancel={() => setOverride(null)}
        destroyOnHidden
      >
        <Flex vertical gap={8}>
          <Typography.Text id="override-reason-help">
            {override?.name} has approved leave on {date.format('dddd, MMMM D')}. Say why you mark them{' '}
            {override ? ATTENDANCE_STATUS_LABELS[override.status].toLowerCase() : ''} instead: the reason is kept with
            the mark.
          </Typography.Text>
          <label htmlFor="override-reason">Reason for the override</label>
          <Input.TextArea
            id="override-reason"
            aria-describedby="override-reason-help"
            value={reasonDraft}
            maxLength={REASON_MAX}
            showCount
            autoSize={{ minRows: 2, maxRows: 5 }}
            onChange={(e) => setReasonDraft(e.target.value)}
            placeholder="e.g. Came to school for the exam"
          />
        </Flex>
      </Modal>
    </Flex>
  );
}

function MonthlyView() {
  const [month, setMonth] = useState(dayjs().month() + 1);
  const [year, setYear] = useState(dayjs().year());
  const { data, isFetching, error } = useMonthAttendanceQuery({ month, year });
  const download = useDownloadFile();
  useEffect(() => {
    if (error) notify.error('Failed to fetch monthly attendance data');
  }, [error]);
  const years = Array.from({ length: dayjs().year() - 2020 + 1 }, (_, i) => 2020 + i);
  return (
    <Card
      size="small"
      title={
        <Space wrap>
          <Select value={month} options={MONTHS} onChange={setMonth} style={{ width: 140 }} aria-label="Month" />
          <Select
            value={year}
            options={years.map((y) => ({ value: y, label: String(y) }))}
            onChange={setYear}
            style={{ width: 100 }}
            aria-label="Year"
          />
          {data && (
            <Typography.Text type="secondary">
              {data.schoolDays} school day{data.schoolDays === 1 ? '' : 's'} recorded
            </Typography.Text>
          )}
        </Space>
      }
      extra={
        <Button
          icon={<DownloadOutlined />}
          disabled={!data?.schoolDays}
          onClick={() =>
            download(
              '/admin/attendance/export',
              { month: String(month), year: String(year) },
              `attendance-${year}-${String(month).padStart(2, '0')}.csv`,
            ).catch(() => notify.error('Export failed. Please try again.'))
          }
        >
          Export CSV
        </Button>
      }
    >
      {error && (
        <Alert type="error" showIcon title="Failed to fetch monthly attendance data" style={{ marginBottom: 12 }} />
      )}
      <Table<MonthlyAttendanceRow>
        rowKey="_id"
        size="small"
        loading={isFetching}
        dataSource={data?.students ?? []}
        pagination={{ pageSize: 25, hideOnSinglePage: true }}
        locale={{ emptyText: <Empty description="No students found" /> }}
        columns={[
          {
            title: 'Student',
            render: (_, s) => (
              <Flex vertical>
                <Typography.Text strong>{s.fullName}</Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {s.studentId}
                </Typography.Text>
              </Flex>
            ),
          },
          { title: 'Class', responsive: ['sm'], render: (_, s) => `${s.class}-${s.section}` },
          { title: 'Present', dataIndex: 'present', sorter: (a, b) => a.present - b.present },
          { title: 'Late', dataIndex: 'late', responsive: ['sm'], sorter: (a, b) => a.late - b.late },
          { title: 'Absent', dataIndex: 'absent', sorter: (a, b) => a.absent - b.absent },
          { title: 'Leave', dataIndex: 'leave', responsive: ['sm'], sorter: (a, b) => a.leave - b.leave },
          {
            title: 'Percentage',
            dataIndex: 'percentage',
            sorter: (a, b) => a.percentage - b.percentage,
            render: (p: number, s) =>
              s.present + s.late + s.absent + s.leave ? (
                <>
                  <Tag color={BAND_TAG[attendanceBand(p)]}>{p.toFixed(1)}%</Tag>
                  <AttendanceFigure attendance={s} line />
                </>
              ) : (
                <Typography.Text type="secondary">No records</Typography.Text>
              ),
          },
        ]}
      />
    </Card>
  );
}

export function AdminAttendancePage() {
  const [view, setView] = useState<'daily' | 'monthly'>('daily');
  return (
    <>
      <PageHeader
        title="Attendance Management"
        subtitle="Mark the day, or review a month"
        extra={
          <Segmented
            value={view}
            onChange={(v) => setView(v as typeof view)}
            options={[
              { value: 'daily', label: 'Daily' },
              { value: 'monthly', label: 'Monthly' },
            ]}
          />
        }
      />
      {/* The daily view stays mounted while the month is shown, so switching views keeps its unsaved marks. */}
      <div hidden={view !== 'daily'}>
        <DailyView />
      </div>
      {view === 'monthly' && <MonthlyView />}
    </>
  );
}
