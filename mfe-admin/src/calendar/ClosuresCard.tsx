import { DeleteOutlined, ExclamationCircleFilled } from '@ant-design/icons';
import { Button, Card, Empty, Flex, List, Popconfirm, Select, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import type { SchoolCalendar } from '@portal/contracts';
import { errorMessage, formats, notify, useFormat } from '@portal/web-core';
import { LoadError } from '@portal/ui';
import { useRemoveClosureMutation, useSchoolCalendar } from '@portal/attendance';
import { useAdminT } from './i18n';
import { AddClosureForm } from './AddClosureForm';
import { ImportClosures } from './ImportClosures';
import { MonthView } from './MonthView';

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

/** The holidays and closures of the range chosen, with their removal, addition, import and a month to browse. */
export function ClosuresCard({ settings }: { settings: SchoolCalendar }) {
  const { t } = useAdminT();
  const f = useFormat();
  const options = useMemo(
    () => rangeOptions(settings, (start, end) => t('calendar.closures.thisTerm', { start, end })),
    [settings, t],
  );
  const [rangeKey, setRangeKey] = useState(options[0].value === 'term' ? 'term' : String(dayjs(settings.today).year()));
  const range = options.find((o) => o.value === rangeKey) ?? options[0];
  const cal = useSchoolCalendar(range.from, range.to);
  const [remove] = useRemoveClosureMutation();
  const [month, setMonth] = useState<Dayjs>(() => dayjs(settings.today));

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
                    icon={<ExclamationCircleFilled aria-hidden />}
                    key="remove"
                    title={t('calendar.closures.removeTitle', { date: f.date(c.date) })}
                    description={t('calendar.closures.removeHelp')}
                    okText={t('calendar.closures.remove')}
                    okButtonProps={{ danger: true }}
                    onConfirm={() => onRemove(c.date)}
                  >
                    <Button
                      danger
                      icon={<DeleteOutlined aria-hidden />}
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
        <AddClosureForm />
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
