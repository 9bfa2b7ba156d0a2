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
import { errorMessage, formats, notify, Trans, useFormat } from '@portal/web-core';
import { LoadError, PageHeader } from '@portal/ui';
import {
  useAddClosuresMutation,
  useRemoveClosureMutation,
  useSchoolCalendar,
  useUpdateSchoolCalendarMutation,
} from '@portal/attendance';
import { useAdminT } from './i18n';
import { CLOSURE_REASON_MAX, parseClosureList, type ClosureLineError } from './parseClosureList';

const ISO = 'YYYY-MM-DD';

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
  const { t } = useAdminT();
  const f = useFormat();
  // Sunday first (dayjs's day 0), named in the current language.
  const weekdays = Array.from({ length: 7 }, (_, value) => ({
    value,
    label: dayjs().day(value).format(t('calendar.format.weekdayShort')),
    full: dayjs().day(value).format(t('calendar.format.weekdayLong')),
  }));
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
      notify.success(t('calendar.settings.saved'));
    } catch (e) {
      notify.error(errorMessage(e, t('calendar.settings.saveFailed')));
    }
  };

  return (
    <Card size="small" title={<h2 style={{ fontSize: 16, margin: 0 }}>{t('calendar.settings.title')}</h2>}>
      <Form<SettingsValues> form={form} layout="vertical" onFinish={onFinish} initialValues={toValues(calendar)}>
        <Form.Item
          label={t('calendar.settings.timezone')}
          name="timezone"
          extra={t('calendar.settings.today', { date: f.weekdayDate(calendar.today) })}
          rules={[{ required: true, message: t('calendar.settings.timezoneRequired') }]}
        >
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            options={zones}
            aria-label={t('calendar.settings.timezone')}
          />
        </Form.Item>
        <Form.Item
          label={t('calendar.settings.weekend')}
          name="weekendDays"
          extra={t('calendar.settings.weekendHelp')}
          rules={[
            {
              validator: (_, v: number[] | undefined) =>
                (v?.length ?? 0) < 7
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('calendar.settings.oneSchoolDay'))),
            },
          ]}
        >
          <Checkbox.Group aria-label={t('calendar.settings.weekend')}>
            <Flex wrap gap={4}>
              {weekdays.map((d) => (
                <Checkbox key={d.value} value={d.value} aria-label={d.full}>
                  {d.label}
                </Checkbox>
              ))}
            </Flex>
          </Checkbox.Group>
        </Form.Item>
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <Form.Item label={t('calendar.settings.termStart')} name="termStart">
              <DatePicker
                style={{ width: '100%' }}
                format={t('common:format.date')}
                aria-label={t('calendar.settings.termStart')}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              label={t('calendar.settings.termEnd')}
              name="termEnd"
              dependencies={['termStart']}
              rules={[
                ({ getFieldValue }) => ({
                  validator: (_, v: Dayjs | null) => {
                    const start: Dayjs | null = getFieldValue('termStart');
                    return !v || !start || !v.isBefore(start, 'day')
                      ? Promise.resolve()
                      : Promise.reject(new Error(t('calendar.settings.termOrder')));
                  },
                }),
              ]}
            >
              <DatePicker
                style={{ width: '100%' }}
                format={t('common:format.date')}
                aria-label={t('calendar.settings.termEnd')}
              />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          label={t('calendar.settings.backfill')}
          name="sickLeaveBackfillDays"
          extra={t('calendar.settings.backfillHelp')}
          rules={[{ required: true, message: t('calendar.settings.backfillRequired') }]}
        >
          <InputNumber
            min={0}
            max={365}
            precision={0}
            style={{ width: 140 }}
            aria-label={t('calendar.settings.backfill')}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={isLoading}>
          {t('calendar.settings.save')}
        </Button>
      </Form>
    </Card>
  );
}

/** The ranges the closures list can show: the term when one is set (a year at most), and the years around today. */
function rangeOptions(calendar: SchoolCalendar, thisTerm: (start: string, end: string) => string) {
  const year = dayjs(calendar.today).year();
  const options: { value: string; label: string; from: string; to: string }[] = [];
  const { termStart, termEnd } = calendar;
  if (termStart && termEnd && dayjs(termEnd).diff(termStart, 'day') < 366)
    options.push({
      value: 'term',
      label: thisTerm(formats.date(termStart), formats.date(termEnd)),
      from: termStart,
      to: termEnd,
    });
  for (const y of [year - 1, year, year + 1])
    options.push({ value: String(y), label: String(y), from: `${y}-01-01`, to: `${y}-12-31` });
  return options;
}

function ClosuresCard({ settings }: { settings: SchoolCalendar }) {
  const { t } = useAdminT();
  const f = useFormat();
  const options = useMemo(
    () => rangeOptions(settings, (start, end) => t('calendar.closures.thisTerm', { start, end })),
    [settings, t],
  );
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
      notify.success(t('calendar.closures.added', { date: f.date(date) }));
      setDate(null);
      setReason('');
    } catch (e) {
      notify.error(errorMessage(e, t('calendar.closures.addFailed')));
    }
  };
  const onRemove = async (d: string) => {
    try {
      await remove(d).unwrap();
      notify.success(t('calendar.closures.removed', { date: f.date(d) }));
    } catch (e) {
      notify.error(errorMessage(e, t('calendar.closures.removeFailed')));
    }
  };

  return (
    <Card
      size="small"
      title={<h2 style={{ fontSize: 16, margin: 0 }}>{t('calendar.closures.title')}</h2>}
      styles={{ title: { whiteSpace: 'normal' } }}
    >
      <Flex vertical gap={16}>
        <Select
          value={range.value}
          options={options.map((o) => ({ value: o.value, label: o.label }))}
          onChange={setRangeKey}
          aria-label={t('calendar.closures.shownFor')}
          style={{ maxWidth: '100%', width: 360 }}
        />
        {cal.isError ? (
          <LoadError title={t('calendar.closures.loadFailed')} onRetry={cal.refetch} />
        ) : (
          <List
            loading={cal.isLoading}
            aria-label={t('calendar.closures.list')}
            dataSource={cal.calendar?.closures ?? []}
            locale={{ emptyText: <Empty description={t('calendar.closures.none')} /> }}
            renderItem={(c) => (
              <List.Item
                actions={[
                  <Popconfirm
                    key="remove"
                    title={t('calendar.closures.removeTitle', { date: f.date(c.date) })}
                    description={t('calendar.closures.removeHelp')}
                    okText={t('calendar.closures.remove')}
                    okButtonProps={{ danger: true }}
                    onConfirm={() => onRemove(c.date)}
                  >
                    <Button
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={t('calendar.closures.removeLabel', { date: c.date, reason: c.reason })}
                    >
                      {t('calendar.closures.remove')}
                    </Button>
                  </Popconfirm>,
                ]}
              >
                <List.Item.Meta
                  title={dayjs(c.date).format(t('calendar.format.weekdayDate'))}
                  description={<span style={{ overflowWrap: 'anywhere' }}>{c.reason}</span>}
                />
              </List.Item>
            )}
          />
        )}
        <Flex vertical gap={8} role="group" aria-labelledby="add-closure-heading">
          <Typography.Text strong id="add-closure-heading">
            {t('calendar.closures.addTitle')}
          </Typography.Text>
          <Flex gap={8} wrap>
            <DatePicker
              value={date}
              onChange={setDate}
              format={t('common:format.date')}
              aria-label={t('calendar.closures.date')}
              placeholder={t('calendar.closures.datePlaceholder')}
              style={{ flex: '1 1 150px' }}
            />
            <Input
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              maxLength={CLOSURE_REASON_MAX}
              placeholder={t('calendar.closures.reasonPlaceholder')}
              aria-label={t('calendar.closures.reason')}
              style={{ flex: '2 1 200px' }}
              onPressEnter={onAdd}
            />
            <Button icon={<PlusOutlined />} onClick={onAdd} loading={adding} disabled={!date || !reason.trim()}>
              {t('calendar.closures.add')}
            </Button>
          </Flex>
        </Flex>
        <ImportClosures />
        <div>
          <Typography.Text strong>{t('calendar.closures.monthView')}</Typography.Text>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
            {t('calendar.closures.monthViewHelp')}
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
  const { t } = useAdminT();
  const cal = useSchoolCalendar(month.startOf('month').format(ISO), month.endOf('month').format(ISO));
  return (
    <Calendar
      fullscreen={false}
      value={month}
      headerRender={({ value, onChange }) => (
        <Flex gap={8} justify="end" wrap style={{ marginBottom: 8 }}>
          <Select
            aria-label={t('calendar.month.month')}
            value={value.month()}
            style={{ width: 130 }}
            options={Array.from({ length: 12 }, (_, i) => ({
              value: i,
              label: dayjs().month(i).format(t('calendar.format.month')),
            }))}
            onChange={(m) => onChange(value.month(m))}
          />
          <Select
            aria-label={t('calendar.month.year')}
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
            title={closure ? closure.reason : school ? undefined : t('calendar.month.notSchoolDayTitle')}
            aria-label={t('calendar.month.cell', {
              date: d.format(t('calendar.format.monthDay')),
              what: closure
                ? closure.reason
                : school
                  ? t('calendar.month.schoolDay')
                  : t('calendar.month.notSchoolDay'),
            })}
            style={{
              textDecoration: school ? undefined : 'line-through',
              color: d.isSame(month, 'month') ? undefined : token.colorTextSecondary,
            }}
          >
            <div className="ant-picker-calendar-date-value">{d.date()}</div>
            {closure && (
              <Tag color="orange" style={{ margin: 0, fontSize: 10, lineHeight: '14px', padding: '0 2px' }}>
                {t('calendar.month.holiday')}
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
  const { t } = useAdminT();
  const problem = ({ problem: p }: ClosureLineError): string =>
    p.kind === 'unreadable'
      ? t('calendar.import.errors.unreadable')
      : p.kind === 'notDate'
        ? t('calendar.import.errors.notDate', { date: p.date })
        : p.kind === 'noReason'
          ? t('calendar.import.errors.noReason')
          : p.kind === 'tooLong'
            ? t('calendar.import.errors.tooLong', { max: p.max })
            : t('calendar.import.errors.tooMany', { max: p.max });
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
      notify.success(t('calendar.import.imported', { count: parsed.closures.length }));
      setText('');
    } catch (err) {
      notify.error(errorMessage(err, t('calendar.import.failed')));
    }
  };

  return (
    <Flex vertical gap={8} role="group" aria-labelledby="import-closures-heading">
      <Typography.Text strong id="import-closures-heading">
        {t('calendar.import.title')}
      </Typography.Text>
      <Typography.Text type="secondary" id="import-closures-help">
        <Trans t={t} i18nKey="calendar.import.help" components={{ code: <code /> }} />
      </Typography.Text>
      <Input.TextArea
        value={text}
        onChange={(e) => setText(e.target.value)}
        autoSize={{ minRows: 3, maxRows: 10 }}
        aria-label={t('calendar.import.label')}
        aria-describedby="import-closures-help"
        placeholder={t('calendar.import.placeholder')}
      />
      <Flex gap={8} wrap align="center">
        <label className="ant-btn ant-btn-default" style={{ cursor: 'pointer' }}>
          <ImportOutlined aria-hidden /> {t('calendar.import.choose')}
          <input
            type="file"
            accept=".csv,text/csv,text/plain"
            onChange={onFile}
            aria-label={t('calendar.import.chooseLabel')}
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
            ? t('calendar.import.importCount', { count: parsed.closures.length })
            : t('calendar.import.import')}
        </Button>
      </Flex>
      {errors.length > 0 && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={t('calendar.import.toFix', { count: errors.length })}
          description={
            <ul style={{ margin: 0, paddingLeft: 18 }} data-testid="import-errors">
              {errors.map((e) => (
                <li key={`${e.line}-${e.problem.kind}`} style={{ overflowWrap: 'anywhere' }}>
                  {e.line ? t('calendar.import.line', { line: e.line }) : ''}
                  {problem(e)}
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
  const { t } = useAdminT();
  return (
    <>
      <PageHeader title={t('calendar.title')} subtitle={t('calendar.subtitle')} />
      {settings.isError ? (
        <LoadError title={t('calendar.loadFailed')} onRetry={settings.refetch} />
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
