import { Calendar, Flex, Select, Tag, theme } from 'antd';
import type { Dayjs } from 'dayjs';
import { useSchoolCalendar } from '@portal/attendance';
import { monthOfYear } from '@portal/web-core';
import { useAdminT } from './i18n';
import { ISO } from './isoFormat';

/** One month of the calendar with its non-school days marked (its own query: any month can be browsed). */
export function MonthView({ month, onMonth }: { month: Dayjs; onMonth: (d: Dayjs) => void }) {
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
              label: monthOfYear(i).format(t('calendar.format.month')),
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
