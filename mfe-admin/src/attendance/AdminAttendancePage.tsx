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
  ATTENDANCE_STATUSES,
  ErrorCode,
  type AttendanceStatus,
  type DailyAttendanceResponse,
  type MenteeRecord,
  type MonthlyAttendanceRow,
} from '@portal/contracts';
import {
  errorMessage,
  notify,
  useAppDispatch,
  useDebounced,
  useDownloadFile,
  useFormat,
  useLeaveBlocker,
} from '@portal/web-core';
import { LoadError, PageHeader, StatCard } from '@portal/ui';
import {
  AttendanceFigure,
  AttendanceToggle,
  attendanceBand,
  BAND_TAG,
  useAttendanceStatusLabel,
  useSchoolCalendar,
} from '@portal/attendance';
import { useAdminMenteesQuery } from '../adminApi';
import { useAdminT } from './i18n';
import {
  attendanceApi,
  useDayAttendanceQuery,
  useMonthAttendanceQuery,
  useSaveAttendanceMutation,
} from './attendanceApi';

const YEARS = Array.from({ length: 51 }, (_, i) => 2000 + i);

/** The months by name in the current language, 1 = January. */
function useMonths() {
  const { t } = useAdminT();
  return Array.from({ length: 12 }, (_, i) => ({
    value: i + 1,
    label: dayjs().month(i).format(t('attendance.format.month')),
  }));
}

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
  const { t } = useAdminT();
  const f = useFormat();
  const statusLabel = useAttendanceStatusLabel();
  const MONTHS = useMonths();
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
    ? t('attendance.futureDate')
    : !calendar.isSchoolDay(iso)
      ? (calendar.calendar?.closures.find((c) => c.date === iso)?.reason ?? t('attendance.notSchoolDay'))
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
  const count = (n: number) => (loaded ? f.number(n) : '—');
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
            {t('attendance.overrideNote', { reason })}
          </Typography.Text>
        )}
      </Flex>
    );
  };

  const markAll = (
    <Space wrap>
      <Button icon={<CheckOutlined />} onClick={() => markAllShown('present')} disabled={!shown.length || !canMark}>
        {t('attendance.markAllPresent')}
      </Button>
      <Button icon={<CloseOutlined />} onClick={() => markAllShown('absent')} disabled={!shown.length || !canMark}>
        {t('attendance.markAllAbsent')}
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
            format={t('attendance.format.picker')}
            aria-label={t('attendance.date')}
            disabledDate={(d) =>
              d.isAfter(today, 'day') || d.year() < 2000 || !calendar.isSchoolDay(d.format('YYYY-MM-DD'))
            }
            renderExtraFooter={() => <Typography.Text type="secondary">{t('attendance.pickerFooter')}</Typography.Text>}
          />
          <Select
            value={date.month() + 1}
            options={MONTHS}
            onChange={(m) => changeDate(date.month(m - 1))}
            style={{ width: 130 }}
            aria-label={t('attendance.month')}
          />
          <Select
            value={date.year()}
            onChange={(y) => changeDate(date.year(y))}
            style={{ width: 100 }}
            aria-label={t('attendance.year')}
            listHeight={20 * 32}
            options={YEARS.map((y) => ({ value: y, label: String(y), disabled: y > today.year() }))}
          />
          <Space.Compact>
            <Button onClick={() => changeDate(today)}>{t('attendance.today')}</Button>
            <Button onClick={() => changeDate(today.subtract(1, 'day'))}>{t('attendance.yesterday')}</Button>
          </Space.Compact>
          <Input
            allowClear
            prefix={<SearchOutlined />}
            placeholder={t('attendance.searchPlaceholder')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            style={{ flex: '1 1 220px' }}
            aria-label={t('attendance.searchLabel')}
          />
          <Select
            value={cls ?? ''}
            onChange={(v) => setCls(v || undefined)}
            style={{ width: 140 }}
            aria-label={t('attendance.classFilter')}
            options={[
              { value: '', label: t('attendance.allClasses') },
              ...classes.map((c) => ({ value: c, label: t('attendance.classOption', { class: c }) })),
            ]}
          />
        </Flex>
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={12} sm={8} xl={4}>
          <StatCard
            title={t('attendance.tiles.total')}
            value={count(all.length)}
            icon={<SearchOutlined />}
            color="#3B82F6"
          />
        </Col>
        <Col xs={12} sm={8} xl={4}>
          <StatCard
            title={t('attendance.tiles.present')}
            value={count(counts.present)}
            icon={<CheckOutlined />}
            color="#10B981"
          />
        </Col>
        <Col xs={12} sm={8} xl={4}>
          <StatCard
            testId="tile-late"
            title={t('attendance.tiles.late')}
            value={count(counts.late)}
            icon={<ClockCircleOutlined />}
            color="#F59E0B"
          />
        </Col>
        <Col xs={12} sm={8} xl={4}>
          <StatCard
            title={t('attendance.tiles.absent')}
            value={count(counts.absent)}
            icon={<CloseOutlined />}
            color="#EF4444"
          />
        </Col>
        <Col xs={12} sm={8} xl={4}>
          <StatCard
            testId="tile-leave"
            title={t('attendance.tiles.leave')}
            value={count(counts.leave)}
            icon={<ScheduleOutlined />}
            color="#2563EB"
          />
        </Col>
        <Col xs={12} sm={8} xl={4}>
          <StatCard
            testId="tile-unmarked"
            title={t('attendance.tiles.unmarked')}
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
                      {t('attendance.noStudents')}
                      <br />
                      {t('attendance.adjust')}
                    </>
                  }
                />
              ) : (
                ' '
              ),
            }}
            columns={[
              {
                title: t('attendance.columns.student'),
                render: (_, s) => (
                  <Flex vertical gap={wide ? 0 : 8}>
                    <Flex vertical>
                      <Typography.Text strong>
                        {s.fullName}{' '}
                        {onLeave.has(s._id) && (
                          <Tag color="blue" data-testid="on-leave-tag">
                            {statusLabel('leave')}
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
              {
                title: t('attendance.columns.class'),
                width: 100,
                responsive: ['sm'],
                render: (_, s) => `${s.class}-${s.section}`,
              },
              ...(wide
                ? [{ title: t('attendance.columns.attendance'), render: (_: unknown, s: MenteeRecord) => toggleOf(s) }]
                : []),
              {
                title: '',
                width: 90,
                responsive: ['sm'],
                render: (_, s) =>
                  edits[s._id] && edits[s._id] !== saved[s._id] ? (
                    <Tag color="blue">{t('attendance.unsavedTag')}</Tag>
                  ) : null,
              },
            ]}
          />
        )}
        {/* Save stays in reach on a long class: the bar sticks to the bottom of the window while the register scrolls. */}
        <Flex
          role="region"
          aria-label={t('attendance.saveRegion')}
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
            {dirty ? t('attendance.unsaved', { count: unsaved.length }) : t('attendance.noUnsaved')}
          </Typography.Text>
          <Button
            type="primary"
            icon={<SaveOutlined />}
            onClick={onSave}
            loading={saving}
            disabled={saving || !dirty || !loaded || !!closedReason}
          >
            {dirty ? t('attendance.saveCount', { count: unsaved.length }) : t('attendance.save')}
          </Button>
        </Flex>
      </Card>
      <Modal
        open={blocker.state === 'blocked' || !!pendingDate}
        title={t('attendance.leave.title')}
        okText={t('attendance.leave.ok')}
        cancelText={t('attendance.leave.stay')}
        okButtonProps={{ danger: true }}
        onOk={leave}
        onCancel={stay}
      >
        {t('attendance.leave.body', { count: unsaved.length, date: f.weekdayDate(date) })}
      </Modal>
      <Modal
        open={!!override}
        title={override ? t('attendance.override.title', { name: override.name }) : ''}
        okText={
          override
            ? t('attendance.override.mark', { status: statusLabel(override.status).toLowerCase() })
            : t('attendance.override.markPlain')
        }
        okButtonProps={{ disabled: !reasonDraft.trim() }}
        cancelText={t('attendance.override.keep')}
        onOk={confirmOverride}
        onCancel={() => setOverride(null)}
        destroyOnHidden
      >
        <Flex vertical gap={8}>
          <Typography.Text id="override-reason-help">
            {t('attendance.override.help', {
              name: override?.name ?? '',
              date: date.format(t('attendance.format.weekdayDayMonth')),
              status: override ? statusLabel(override.status).toLowerCase() : '',
            })}
          </Typography.Text>
          <label htmlFor="override-reason">{t('attendance.override.reason')}</label>
          <Input.TextArea
            id="override-reason"
            aria-describedby="override-reason-help"
            value={reasonDraft}
            maxLength={REASON_MAX}
            showCount
            autoSize={{ minRows: 2, maxRows: 5 }}
            onChange={(e) => setReasonDraft(e.target.value)}
            placeholder={t('attendance.override.placeholder')}
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
  const { t } = useAdminT();
  const f = useFormat();
  const MONTHS = useMonths();
  useEffect(() => {
    if (error) notify.error(t('attendance.monthFailed'));
  }, [error, t]);
  const years = Array.from({ length: dayjs().year() - 2020 + 1 }, (_, i) => 2020 + i);
  return (
    <Card
      size="small"
      title={
        <Space wrap>
          <Select
            value={month}
            options={MONTHS}
            onChange={setMonth}
            style={{ width: 140 }}
            aria-label={t('attendance.month')}
          />
          <Select
            value={year}
            options={years.map((y) => ({ value: y, label: String(y) }))}
            onChange={setYear}
            style={{ width: 100 }}
            aria-label={t('attendance.year')}
          />
          {data && (
            <Typography.Text type="secondary">{t('attendance.schoolDays', { count: data.schoolDays })}</Typography.Text>
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
            ).catch(() => notify.error(t('attendance.exportFailed')))
          }
        >
          {t('attendance.exportCsv')}
        </Button>
      }
    >
      {error && <Alert type="error" showIcon title={t('attendance.monthFailed')} style={{ marginBottom: 12 }} />}
      <Table<MonthlyAttendanceRow>
        rowKey="_id"
        size="small"
        loading={isFetching}
        dataSource={data?.students ?? []}
        pagination={{ pageSize: 25, hideOnSinglePage: true }}
        locale={{ emptyText: <Empty description={t('attendance.noStudents')} /> }}
        columns={[
          {
            title: t('attendance.columns.student'),
            render: (_, s) => (
              <Flex vertical>
                <Typography.Text strong>{s.fullName}</Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {s.studentId}
                </Typography.Text>
              </Flex>
            ),
          },
          { title: t('attendance.columns.class'), responsive: ['sm'], render: (_, s) => `${s.class}-${s.section}` },
          { title: t('attendance.columns.present'), dataIndex: 'present', sorter: (a, b) => a.present - b.present },
          {
            title: t('attendance.columns.late'),
            dataIndex: 'late',
            responsive: ['sm'],
            sorter: (a, b) => a.late - b.late,
          },
          { title: t('attendance.columns.absent'), dataIndex: 'absent', sorter: (a, b) => a.absent - b.absent },
          {
            title: t('attendance.columns.leave'),
            dataIndex: 'leave',
            responsive: ['sm'],
            sorter: (a, b) => a.leave - b.leave,
          },
          {
            title: t('attendance.columns.percentage'),
            dataIndex: 'percentage',
            sorter: (a, b) => a.percentage - b.percentage,
            render: (p: number, s) =>
              s.present + s.late + s.absent + s.leave ? (
                <>
                  <Tag color={BAND_TAG[attendanceBand(p)]}>
                    {f.number(p / 100, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 })}
                  </Tag>
                  <AttendanceFigure attendance={s} line />
                </>
              ) : (
                <Typography.Text type="secondary">{t('attendance.noRecords')}</Typography.Text>
              ),
          },
        ]}
      />
    </Card>
  );
}

export function AdminAttendancePage() {
  const [view, setView] = useState<'daily' | 'monthly'>('daily');
  const { t } = useAdminT();
  return (
    <>
      <PageHeader
        title={t('attendance.title')}
        subtitle={t('attendance.subtitle')}
        extra={
          <Segmented
            value={view}
            onChange={(v) => setView(v as typeof view)}
            options={[
              { value: 'daily', label: t('attendance.daily') },
              { value: 'monthly', label: t('attendance.monthly') },
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
