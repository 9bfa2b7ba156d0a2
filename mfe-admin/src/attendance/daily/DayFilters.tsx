import { SearchOutlined } from '@ant-design/icons';
import { Button, Card, DatePicker, Flex, Input, Select, Space, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { DAY, useScreens } from '@portal/web-core';
import { useAdminT } from '../i18n';
import { useMonths } from '../useMonths';

const YEARS = Array.from({ length: 51 }, (_, i) => 2000 + i);

/** The register's day (picker, month, year, Today and Yesterday) and the search by name and class. */
export function DayFilters({
  date,
  today,
  isSchoolDay,
  onDate,
  search,
  onSearch,
  cls,
  onClass,
  classes,
}: {
  date: Dayjs;
  /** The school's today: later days cannot be chosen. */
  today: Dayjs;
  isSchoolDay: (iso: string) => boolean;
  onDate: (d: Dayjs) => void;
  search: string;
  onSearch: (search: string) => void;
  cls: string | undefined;
  onClass: (cls: string | undefined) => void;
  classes: string[];
}) {
  const { t } = useAdminT();
  const MONTHS = useMonths();
  // A phone: the date picker alone chooses the day (the month and year lists repeat it), so the register starts higher.
  const phone = useScreens().sm === false;
  return (
    <Card size="small">
      <Flex gap={12} wrap align="center">
        <DatePicker
          value={date}
          onChange={(d) => d && onDate(d)}
          allowClear={false}
          format={[t('attendance.format.picker'), DAY]}
          aria-label={t('attendance.date')}
          disabledDate={(d) => d.isAfter(today, 'day') || d.year() < 2000 || !isSchoolDay(d.format(DAY))}
          renderExtraFooter={() => <Typography.Text type="secondary">{t('attendance.pickerFooter')}</Typography.Text>}
          style={phone ? { flex: '1 1 160px' } : undefined}
        />
        {!phone && (
          <>
            <Select
              value={date.month() + 1}
              options={MONTHS}
              onChange={(m) => onDate(date.month(m - 1))}
              style={{ width: 130 }}
              aria-label={t('attendance.month')}
            />
            <Select
              value={date.year()}
              onChange={(y) => onDate(date.year(y))}
              style={{ width: 100 }}
              aria-label={t('attendance.year')}
              listHeight={20 * 32}
              options={YEARS.map((y) => ({ value: y, label: String(y), disabled: y > today.year() }))}
            />
          </>
        )}
        <Space.Compact>
          <Button onClick={() => onDate(today)}>{t('attendance.today')}</Button>
          <Button onClick={() => onDate(today.subtract(1, 'day'))}>{t('attendance.yesterday')}</Button>
        </Space.Compact>
        <Input
          allowClear
          prefix={<SearchOutlined aria-hidden />}
          placeholder={t('attendance.searchPlaceholder')}
          value={search}
          onChange={(e) => onSearch(e.target.value)}
          style={{ flex: phone ? '1 1 160px' : '1 1 220px' }}
          aria-label={t('attendance.searchLabel')}
        />
        <Select
          value={cls ?? ''}
          onChange={(v) => onClass(v || undefined)}
          style={{ width: phone ? 120 : 140 }}
          aria-label={t('attendance.classFilter')}
          options={[
            { value: '', label: t('attendance.allClasses') },
            ...classes.map((c) => ({ value: c, label: t('attendance.classOption', { class: c }) })),
          ]}
        />
      </Flex>
    </Card>
  );
}
