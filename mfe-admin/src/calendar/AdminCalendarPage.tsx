import { DeleteOutlined, ImportOutlined, PlusOutlined, SaveOutlined } from '@ant-design/icons';
import {
  Alert,
  Button,
  Calendar,
  Card,
  Checkbox,
  Col,
  DatePicker,
  Empty,
  Flex,
  Form,
  Input,
  InputNumber,
  List,
  Popconfirm,
  Row,
  Select,
  Tag,
  theme,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useState, type ChangeEvent } from 'react';
import type { SchoolCalendar, UpdateSchoolCalendarRequest } from '@portal/contracts';
import { errorMessage, notify } from '@portal/web-core';
import { LoadError, PageHeader } from '@portal/ui';
import {
  useAddClosuresMutation,
  useRemoveClosureMutation,
  useSchoolCalendar,
  useUpdateSchoolCalendarMutation,
} from '@portal/attendance';
import { CLOSURE_REASON_MAX, parseClosureList, type ClosureLineError } from './parseClosureList';

const ISO = 'YYYY-MM-DD';
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].map((label, value) => ({ label, value }));
const FULL_WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** Every IANA zone the browser knows, the saved one first among equals even if this browser lacks it. */
function timeZoneOptions(current: string | undefined) {
  const zones: string[] = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const all = current && !zones.includes(current) ? [current, ...zones] : zones;
  return all.map((z) => ({ value: z, label: z.replace(/_/g, ' ') }));
}

interface SettingsValues {
  timezone: string;
  weekendDays: number[];
  termStart: Dayjs | null;
  termEnd: Dayjs | null;
  sickLeaveBackfillDays: number;
}

const toValues = (c: SchoolCalendar): SettingsValues => ({
  timezone: c.timezone,
  weekendDays: c.weekendDays,
  termStart: c.termStart ? dayjs(c.termStart) : null,
  termEnd: c.termEnd ? dayjs(c.termEnd) : null,
  sickLeaveBackfillDays: c.sickLeaveBackfillDays,
});

function SettingsCard({ calendar }: { calendar: SchoolCalendar }) {
  const [form] = Form.useForm<SettingsValues>();
  const [update, { isLoading }] = useUpdateSchoolCalendarMutation();
  const zones = useMemo(() => timeZoneOptions(calendar.timezone), [calendar.timezone]);
  useEffect(() => form.setFieldsValue(toValues(calendar)), [calendar, form]);

  const onFinish = async (v: SettingsValues) => {
    const body: UpdateSchoolCalendarRequest = {
      timezone: v.timezone,
      weekendDays: [...v.weekendDays].sort(),
      termStart: v.termStart ? v.termStart.format(ISO) : null,
      termEnd: v.termEnd ? v.termEnd.format(ISO) : null,
      sickLeaveBackfillDays: v.sickLeaveBackfillDays,
    };
    try {
      await update(body).unwrap();
      notify.success('School calendar saved');
    } catch (e) {
      notify.error(errorMessage(e, 'Failed to save the school calendar. Please try again.'));
    }
  };

  return (
    <Card size="small" title={<h2 style={{ fontSize: 16, margin: 0 }}>Settings</h2>}>
      <Form<SettingsValues> form={form} layout="vertical" onFinish={onFinish} initialValues={toValues(calendar)}>
        <Form.Item
          label="Time zone"
          name="timezone"
          extra={`The school's today is ${dayjs(calendar.today).format('dddd, MMMM D, YYYY')}.`}
          rules={[{ required: true, message: 'Choose the school’s time zone' }]}
        >
          <Select showSearch={{ optionFilterProp: 'label' }} options={zones} aria-label="Time zone" />
        </Form.Item>
        <Form.Item
          label="Weekend days"
          name="weekendDays"
          extra="Days of the week without school."
          rules={[
            {
              validator: (_, v: number[] | undefined) =>
                (v?.length ?? 0) < 7
                  ? Promise.resolve()
                  : Promise.reject(new Error('At least one day must be a school day')),
            },
          ]}
        >
          <Checkbox.Group aria-label="Weekend days">
            <Flex wrap gap={4}>
              {WEEKDAYS.map((d) => (
                <Checkbox key={d.value} value={d.value} aria-label={FULL_WEEKDAYS[d.value]}>
                  {d.label}
                </Checkbox>
              ))}
            </Flex>
          </Checkbox.Group>
        </Form.Item>
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <Form.Item label="Term start" name="termStart">
              <DatePicker style={{ width: '100%' }} format="MMM D, YYYY" aria-label="Term start" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              label="Term end"
              name="termEnd"
              dependencies={['termStart']}
              rules={[
                ({ getFieldValue }) => ({
                  validator: (_, v: Dayjs | null) => {
                    const start: Dayjs | null = getFieldValue('termStart');
                    return !v || !start || !v.isBefore(start, 'day')
                      ? Promise.resolve()
                      : Promise.reject(new Error('The term cannot end before it starts'));
                  },
                }),
              ]}
            >
              <DatePicker style={{ width: '100%' }} format="MMM D, YYYY" aria-label="Term end" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          label="Sick leave backfill window (days)"
          name="sickLeaveBackfillDays"
          extra="How many days back a student may file sick leave."
          rules={[{ required: true, message: 'Enter a number of days from 0 to 365' }]}
        >
          <InputNumber
            min={0}
            max={365}
            precision={0}
            style={{ width: 140 }}
            aria-label="Sick leave backfill window (days)"
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={isLoading}>
          Save settings
        </Button>
      </Form>
    </Card>
  );
}

/** The ranges the closures list can show: the term when one is set (a year at most), and the years around today. */
function rangeOptions(calendar: SchoolCalendar) {
  const year = dayjs(calendar.today).year();
  const options: { value: string; label: string; from: string; to: string }[] = [];
  const { termStart, termEnd } = calendar;
  if (termStart && termEnd && dayjs(termEnd).diff(termStart, 'day') < 366)
    options.push({
      value: 'term',
      label: `This term (${dayjs(termStart).format('MMM D, YYYY')} – ${dayjs(termEnd).format('MMM D, YYYY')})`,
      from: termStart,
      to: termEnd,
    });
  for (const y of [year - 1, year, year + 1])
    options.push({ value: String(y), label: String(y), from: `${y}-01-01`, to: `${y}-12-31` });
  return options;
}

function ClosuresCard({ settings }: { settings: SchoolCalendar }) {
  const options = useMemo(() => rangeOptions(settings), [settings]);
  const [rangeKey, setRangeKey] = useState(options[0].value === 'term' ? 'term' : String(dayjs(settings.today).year()));
  const range = options.find((o) => o.value === rangeKey) ?? options[0];
  const cal = useSchoolCalendar(range.from, range.to);
  const [add, { isLoading: adding }] = useAddClosuresMutation();
  const [remove] = useRemoveClosureMutation();
  const [date, setDate] = useState<Dayjs | null>(null);
  const [reason, setReason] = useState('');
  const [month, setMonth] = useState<Dayjs>(() => dayjs(settings.today));

  const onAdd = async () => {
    if (!date || !reason.trim()) return;
    try {
      await add({ closures: [{ date: date.format(ISO), reason: reason.trim() }] }).unwrap();
      notify.success(`${date.format('MMM D, YYYY')} added as a non-school day`);
      setDate(null);
      setReason('');
    } catch (e) {
      notify.error(errorMessage(e, 'Failed to add the closure. Please try again.'));
    }
  };
  const onRemove = async (d: string) => {
    try {
      await remove(d).unwrap();
      notify.success(`${dayjs(d).format('MMM D, YYYY')} is a school day again`);
    } catch (e) {
      notify.error(errorMessage(e, 'Failed to remove the closure. Please try again.'));
    }
  };

  return (
    <Card
      size="small"
      title={<h2 style={{ fontSize: 16, margin: 0 }}>Holidays and closures</h2>}
      styles={{ title: { whiteSpace: 'normal' } }}
    >
      <Flex vertical gap={16}>
        <Select
          value={range.value}
          options={options.map((o) => ({ value: o.value, label: o.label }))}
          onChange={setRangeKey}
          aria-label="Closures shown for"
          style={{ maxWidth: '100%', width: 360 }}
        />
        {cal.isError ? (
          <LoadError title="Failed to load the closures." onRetry={cal.refetch} />
        ) : (
          <List
            loading={cal.isLoading}
            aria-label="Closures"
            dataSource={cal.calendar?.closures ?? []}
            locale={{ emptyText: <Empty description="No holidays or closures in this period" /> }}
            renderItem={(c) => (
              <List.Item
                actions={[
                  <Popconfirm
                    key="remove"
                    title={`Remove ${dayjs(c.date).format('MMM D, YYYY')}?`}
                    description="It becomes a school day again."
                    okText="Remove"
                    okButtonProps={{ danger: true }}
                    onConfirm={() => onRemove(c.date)}
                  >
                    <Button danger icon={<DeleteOutlined />} aria-label={`Remove ${c.date} (${c.reason})`}>
                      Remove
                    </Button>
                  </Popconfirm>,
                ]}
              >
                <List.Item.Meta
                  title={dayjs(c.date).format('ddd, MMM D, YYYY')}
                  description={<span style={{ overflowWrap: 'anywhere' }}>{c.reason}</span>}
                />
              </List.Item>
            )}
          />
        )}
        <Flex vertical gap={8} role="group" aria-labelledby="add-closure-heading">
          <Typography.Text strong id="add-closure-heading">
            Add a holiday or closure
          </Typography.Text>
          <Flex gap={8} wrap>
            <DatePicker
              value={date}
              onChange={setDate}
              format="MMM D, YYYY"
              aria-label="Closure date"
              placeholder="Date"
              style={{ flex: '1 1 150px' }}
            />
            <Input
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              maxLength={CLOSURE_REASON_MAX}
              placeholder="Reason, e.g. Diwali"
              aria-label="Closure reason"
              style={{ flex: '2 1 200px' }}
              onPressEnter={onAdd}
            />
            <Button icon={<PlusOutlined />} onClick={onAdd} loading={adding} disabled={!date || !reason.trim()}>
              Add
            </Button>
          </Flex>
        </Flex>
        <ImportClosures />
        <div>
          <Typography.Text strong>Month view</Typography.Text>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
            Non-school days are struck through; holidays show their reason.
          </Typography.Paragraph>
          <MonthView month={month} onMonth={setMonth} />
        </div>
      </Flex>
    </Card>
  );
}

/** One month of the calendar with its non-school days marked (its own query: any month can be browsed). */
function MonthView({ month, onMonth }: { month: Dayjs; onMonth: (d: Dayjs) => void }) {
  const { token } = theme.useToken();
  const cal = useSchoolCalendar(month.startOf('month').format(ISO), month.endOf('month').format(ISO));
  return (
    <Calendar
      fullscreen={false}
      value={month}
      headerRender={({ value, onChange }) => (
        <Flex gap={8} justify="end" wrap style={{ marginBottom: 8 }}>
          <Select
            aria-label="Month view: month"
            value={value.month()}
            style={{ width: 130 }}
            options={Array.from({ length: 12 }, (_, i) => ({ value: i, label: dayjs().month(i).format('MMMM') }))}
            onChange={(m) => onChange(value.month(m))}
          />
          <Select
            aria-label="Month view: year"
            value={value.year()}
            style={{ width: 100 }}
            options={Array.from({ length: 5 }, (_, i) => value.year() - 2 + i).map((y) => ({
              value: y,
              label: String(y),
            }))}
            onChange={(y) => onChange(value.year(y))}
          />
        </Flex>
      )}
      onPanelChange={(d) => onMonth(d)}
      onSelect={(d) => onMonth(d)}
      fullCellRender={(d, info) => {
        if (info.type !== 'date') return info.originNode;
        const iso = d.format(ISO);
        const closure = cal.calendar?.closures.find((c) => c.date === iso);
        const school = cal.isSchoolDay(iso);
        return (
          <div
            className="ant-picker-cell-inner ant-picker-calendar-date"
            title={closure ? closure.reason : school ? undefined : 'Not a school day'}
            aria-label={`${d.format('MMMM D')}: ${closure ? closure.reason : school ? 'school day' : 'not a school day'}`}
            style={{
              textDecoration: school ? undefined : 'line-through',
              color: d.isSame(month, 'month') ? undefined : token.colorTextSecondary,
            }}
          >
            <div className="ant-picker-calendar-date-value">{d.date()}</div>
            {closure && (
              <Tag color="orange" style={{ margin: 0, fontSize: 10, lineHeight: '14px', padding: '0 2px' }}>
                H
              </Tag>
            )}
          </div>
        );
      }}
    />
  );
}

function ImportClosures() {
  const [text, setText] = useState('');
  const [add, { isLoading }] = useAddClosuresMutation();
  const parsed = useMemo(() => (text.trim() ? parseClosureList(text) : null), [text]);
  const errors: ClosureLineError[] = parsed?.errors ?? [];

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (file) setText(await file.text());
  };
  const onImport = async () => {
    if (!parsed || errors.length || !parsed.closures.length) return;
    try {
      await add({ closures: parsed.closures }).unwrap();
      notify.success(`${parsed.closures.length} closure${parsed.closures.length === 1 ? '' : 's'} imported`);
      setText('');
    } catch (err) {
      notify.error(errorMessage(err, 'Failed to import the closures. Nothing was added.'));
    }
  };

  return (
    <Flex vertical gap={8} role="group" aria-labelledby="import-closures-heading">
      <Typography.Text strong id="import-closures-heading">
        Import a list
      </Typography.Text>
      <Typography.Text type="secondary" id="import-closures-help">
        One closure a line, as <code>YYYY-MM-DD,reason</code> (put a reason with commas in quotes). Paste the lines or
        choose a .csv file.
      </Typography.Text>
      <Input.TextArea
        value={text}
        onChange={(e) => setText(e.target.value)}
        autoSize={{ minRows: 3, maxRows: 10 }}
        aria-label="Closures to import"
        aria-describedby="import-closures-help"
        placeholder={'2026-12-25,Christmas\n2027-01-26,Republic Day'}
      />
      <Flex gap={8} wrap align="center">
        <label className="ant-btn ant-btn-default" style={{ cursor: 'pointer' }}>
          <ImportOutlined aria-hidden /> Choose .csv file
          <input
            type="file"
            accept=".csv,text/csv,text/plain"
            onChange={onFile}
            aria-label="Choose a .csv file of closures"
            style={{ position: 'absolute', width: 1, height: 1, opacity: 0, overflow: 'hidden' }}
          />
        </label>
        <Button
          type="primary"
          onClick={onImport}
          loading={isLoading}
          disabled={!parsed || !!errors.length || !parsed.closures.length}
        >
          {parsed && !errors.length && parsed.closures.length
            ? `Import ${parsed.closures.length} closure${parsed.closures.length === 1 ? '' : 's'}`
            : 'Import'}
        </Button>
      </Flex>
      {errors.length > 0 && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={`${errors.length} line${errors.length === 1 ? '' : 's'} to fix before importing`}
          description={
            <ul style={{ margin: 0, paddingLeft: 18 }} data-testid="import-errors">
              {errors.map((e) => (
                <li key={`${e.line}-${e.message}`} style={{ overflowWrap: 'anywhere' }}>
                  {e.line ? `Line ${e.line}: ` : ''}
                  {e.message}
                  {e.text ? ` (${e.text})` : ''}
                </li>
              ))}
            </ul>
          }
        />
      )}
    </Flex>
  );
}

/** /admin/calendar: the school's time zone, weekends, term, sick-leave window, and its holidays and closures. */
export function AdminCalendarPage() {
  const year = dayjs().year();
  const settings = useSchoolCalendar(`${year}-01-01`, `${year}-01-01`);
  return (
    <>
      <PageHeader
        title="School Calendar"
        subtitle="Which days are school days: they alone are marked, counted in percentages and in leave durations"
      />
      {settings.isError ? (
        <LoadError title="Failed to load the school calendar." onRetry={settings.refetch} />
      ) : !settings.calendar ? (
        <Card loading size="small" />
      ) : (
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={10}>
            <SettingsCard calendar={settings.calendar} />
          </Col>
          <Col xs={24} lg={14}>
            <ClosuresCard settings={settings.calendar} />
          </Col>
        </Row>
      )}
    </>
  );
}
