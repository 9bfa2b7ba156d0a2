import { Flex, Tooltip, Typography, theme } from 'antd';
import dayjs from 'dayjs';
import type { AttendanceHistoryEntry } from '@portal/contracts';
import { schoolToday, useFormat } from '@portal/web-core';
import { attendanceBand, BAND_COLOR } from './attendanceBands';
import { useAttendanceT } from './i18n';

/** The last 12 months of real history; a month without records shows as an empty slot, never an invented figure. */
export function MonthlyAttendanceChart({
  history,
  months = 12,
}: {
  history: AttendanceHistoryEntry[];
  months?: number;
}) {
  const { token } = theme.useToken();
  const { t } = useAttendanceT();
  const f = useFormat();
  const byMonth = new Map(history.map((h) => [h.month, h]));
  // The school's months: on the 1st, the browser's zone may still be in the month before.
  const thisMonth = dayjs(`${schoolToday().slice(0, 7)}-01`);
  const slots = Array.from({ length: months }, (_, i) => thisMonth.subtract(months - 1 - i, 'month').format('YYYY-MM'));
  return (
    <Flex align="flex-end" gap={6} style={{ height: 170 }} role="img" aria-label={t('chart.ariaLabel')}>
      {slots.map((m) => {
        const h = byMonth.get(m);
        return (
          <Tooltip
            key={m}
            title={
              h
                ? t('chart.month', {
                    month: dayjs(`${m}-01`).format(t('format.month')),
                    percent: f.percent(h.percentage),
                    present: f.number(h.presentDays),
                    total: f.number(h.totalDays),
                  })
                : t('chart.noRecords', { month: dayjs(`${m}-01`).format(t('format.month')) })
            }
          >
            <Flex vertical align="center" justify="flex-end" style={{ flex: 1, height: '100%' }}>
              <Typography.Text style={{ fontSize: 10 }}>{h ? f.percent(h.percentage) : ''}</Typography.Text>
              <div
                style={{
                  width: '80%',
                  borderRadius: 4,
                  height: h ? `${Math.max(4, h.percentage * 1.2)}px` : 120,
                  background: h ? BAND_COLOR[attendanceBand(h.percentage)] : 'transparent',
                  border: h ? undefined : `1px dashed ${token.colorBorder}`,
                }}
              />
              <Typography.Text type="secondary" style={{ fontSize: 10, marginTop: 4 }}>
                {dayjs(`${m}-01`).format(t('format.shortMonth'))}
              </Typography.Text>
            </Flex>
          </Tooltip>
        );
      })}
    </Flex>
  );
}
