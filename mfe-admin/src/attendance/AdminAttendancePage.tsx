import { CheckOutlined, CloseOutlined, DownloadOutlined, SaveOutlined, SearchOutlined } from '@ant-design/icons';
import {
  Alert,
  Button,
  Card,
  Col,
  DatePicker,
  Empty,
  Flex,
  Input,
  Row,
  Segmented,
  Select,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import type { AttendanceStatus, MenteeRecord, MonthlyAttendanceRow } from '@portal/contracts';
import { errorMessage, notify, useDebounced, useDownloadFile } from '@portal/web-core';
import { PageHeader, StatCard } from '@portal/ui';
import { attendanceBand, BAND_TAG } from '@portal/attendance';
import { useAdminMenteesQuery } from '../adminApi';
import { useDayAttendanceQuery, useMonthAttendanceQuery, useSaveAttendanceMutation } from './attendanceApi';

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

function DailyView() {
  const [date, setDate] = useState<Dayjs>(dayjs());
  const [search, setSearch] = useState('');
  const [cls, setCls] = useState<string | undefined>();
  const [marks, setMarks] = useState<Record<string, AttendanceStatus>>({});
  const [changed, setChanged] = useState<Set<string>>(new Set());
  const iso = date.format('YYYY-MM-DD');
  const students = useAdminMenteesQuery({});
  const day = useDayAttendanceQuery(iso);
  const [save, { isLoading: saving }] = useSaveAttendanceMutation();
  const term = useDebounced(search, 200);

  useEffect(() => {
    if (students.error) notify.error('Failed to fetch mentees');
    if (day.error) notify.error('Failed to fetch attendance data');
  }, [students.error, day.error]);
  useEffect(() => {
    const saved: Record<string, AttendanceStatus> = {};
    for (const [id, days] of Object.entries(day.data?.attendanceData ?? {})) if (days[iso]) saved[id] = days[iso];
    // The register starts from what is saved for the day, whenever that answer arrives or the day changes.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setMarks(saved);
    setChanged(new Set());
  }, [day.data, iso]);

  const all = useMemo(() => students.data ?? [], [students.data]);
  const classes = useMemo(
    () => [...new Set(all.map((s) => s.class))].sort((a, b) => a.localeCompare(b, undefined, { numeric: true })),
    [all],
  );
  const shown = useMemo(() => filterStudents(all, term, cls), [all, term, cls]);
  const present = all.filter((s) => marks[s._id] === 'present').length;
  const absent = all.filter((s) => marks[s._id] === 'absent').length;
  const mark = (ids: string[], status: AttendanceStatus) => {
    setMarks((m) => ({ ...m, ...Object.fromEntries(ids.map((id) => [id, status])) }));
    setChanged((c) => new Set([...c, ...ids]));
  };
  const future = date.isAfter(dayjs(), 'day');
  const onSave = async () => {
    const attendanceData = Object.fromEntries(
      [...changed].filter((id) => marks[id]).map((id) => [id, { [iso]: marks[id] }]),
    );
    try {
      await save({ date: iso, attendanceData }).unwrap();
      notify.success('Attendance saved successfully');
      setChanged(new Set());
    } catch (e) {
      notify.error(errorMessage(e, 'Failed to save attendance'));
    }
  };

  return (
    <Flex vertical gap={16}>
      <Card size="small">
        <Flex gap={12} wrap align="center">
          <DatePicker
            value={date}
            onChange={(d) => d && setDate(d)}
            allowClear={false}
            format="ddd, MMM D, YYYY"
            aria-label="Date"
            disabledDate={(d) => d.isAfter(dayjs(), 'day') || d.year() < 2000}
          />
          <Select
            value={date.month() + 1}
            options={MONTHS}
            onChange={(m) => setDate(date.month(m - 1))}
            style={{ width: 130 }}
            aria-label="Month"
          />
          <Select
            value={date.year()}
            onChange={(y) => setDate(date.year(y))}
            style={{ width: 100 }}
            aria-label="Year"
            listHeight={20 * 32}
            options={YEARS.map((y) => ({ value: y, label: String(y), disabled: y > dayjs().year() }))}
          />
          <Space.Compact>
            <Button onClick={() => setDate(dayjs())}>Today</Button>
            <Button onClick={() => setDate(dayjs().subtract(1, 'day'))}>Yesterday</Button>
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
        <Col xs={12} lg={6}>
          <StatCard title="Total Students" value={all.length} icon={<SearchOutlined />} color="#3B82F6" />
        </Col>
        <Col xs={12} lg={6}>
          <StatCard title="Present" value={present} icon={<CheckOutlined />} color="#10B981" />
        </Col>
        <Col xs={12} lg={6}>
          <StatCard title="Absent" value={absent} icon={<CloseOutlined />} color="#EF4444" />
        </Col>
        <Col xs={12} lg={6}>
          <StatCard title="Unmarked" value={all.length - present - absent} icon={<span>?</span>} color="#94A3B8" />
        </Col>
      </Row>
      <Card
        size="small"
        title={
          <span>
            {date.format('dddd, MMMM D, YYYY')}{' '}
            <Typography.Text type="secondary">· {shown.length} shown</Typography.Text>
          </span>
        }
        extra={
          <Space wrap>
            <Button
              icon={<CheckOutlined />}
              onClick={() =>
                mark(
                  shown.map((s) => s._id),
                  'present',
                )
              }
              disabled={!shown.length || future}
            >
              Mark All Present
            </Button>
            <Button
              icon={<CloseOutlined />}
              onClick={() =>
                mark(
                  shown.map((s) => s._id),
                  'absent',
                )
              }
              disabled={!shown.length || future}
            >
              Mark All Absent
            </Button>
            <Button
              type="primary"
              icon={<SaveOutlined />}
              onClick={onSave}
              loading={saving}
              disabled={saving || !changed.size}
            >
              Save Attendance{changed.size ? ` (${changed.size})` : ''}
            </Button>
          </Space>
        }
      >
        <Table<MenteeRecord>
          rowKey="_id"
          size="small"
          loading={students.isLoading || day.isFetching}
          dataSource={shown}
          pagination={{ pageSize: 25, hideOnSinglePage: true }}
          locale={{
            emptyText: (
              <Empty
                description={
                  <>
                    No students found
                    <br />
                    Try adjusting your search or filter criteria.
                  </>
                }
              />
            ),
          }}
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
            { title: 'Class', width: 100, render: (_, s) => `${s.class}-${s.section}` },
            {
              title: 'Attendance',
              width: 230,
              render: (_, s) => (
                <Segmented<AttendanceStatus | ''>
                  value={marks[s._id] ?? ''}
                  disabled={future}
                  aria-label={`Attendance of ${s.fullName}`}
                  onChange={(v) => v && mark([s._id], v)}
                  options={[
                    { value: 'present', label: 'Present' },
                    { value: 'absent', label: 'Absent' },
                    ...(marks[s._id] ? [] : [{ value: '' as const, label: 'Unmarked', disabled: true }]),
                  ]}
                />
              ),
            },
            { title: '', width: 90, render: (_, s) => (changed.has(s._id) ? <Tag color="blue">Unsaved</Tag> : null) },
          ]}
        />
      </Card>
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
          { title: 'Class', render: (_, s) => `${s.class}-${s.section}` },
          { title: 'Present', dataIndex: 'present', sorter: (a, b) => a.present - b.present },
          { title: 'Absent', dataIndex: 'absent', sorter: (a, b) => a.absent - b.absent },
          {
            title: 'Percentage',
            dataIndex: 'percentage',
            sorter: (a, b) => a.percentage - b.percentage,
            render: (p: number, s) =>
              s.present + s.absent ? (
                <Tag color={BAND_TAG[attendanceBand(p)]}>{p.toFixed(1)}%</Tag>
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
      {view === 'daily' ? <DailyView /> : <MonthlyView />}
    </>
  );
}
