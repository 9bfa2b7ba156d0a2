import { Empty, Flex, theme, Typography } from 'antd';
import dayjs from 'dayjs';
import type { AnalyticsPeriod, ReportsOverviewResponse } from '@portal/contracts';
import { useFormat, useScreens } from '@portal/web-core';
import { srOnly } from '@portal/ui';
import { useAdminT } from './i18n';
import { fillTrend } from './fillTrend';

/**
 * Vertical bars of registrations per day (per month over a year) on a labelled scale; each bar carries its figure, and
 * the same figures are in a table for screen readers.
 */
export function TrendChart({ overview, period }: { overview: ReportsOverviewResponse; period: AnalyticsPeriod }) {
  const { t } = useAdminT();
  const f = useFormat();
  const { token } = theme.useToken();
  const screens = useScreens();
  const total = overview.userTrends.reduce((sum, d) => sum + d.count, 0);
  if (!total) return <Empty description={t('analytics.noRegistrations')} image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  const monthly = period === '1y';
  const within = t(`analytics.within.${period}`);
  const data = fillTrend(overview.userTrends, overview.from, overview.to, monthly);
  const max = Math.max(...data.map((d) => d.count), 1);
  const label = (id: string) => (monthly ? f.shortMonthYear(`${id}-01`) : f.dayMonth(id));
  const tick = (id: string) => (monthly ? dayjs(`${id}-01`).format(t('analytics.format.monthTick')) : f.dayMonth(id));
  // A phone's width holds about four dates side by side, a desktop card ten.
  const every = Math.ceil(data.length / (screens.md ? 10 : 4));
  const axisText = { fontSize: 11 };
  return (
    <>
      <Typography.Text type="secondary" data-testid="trend-summary">
        {monthly
          ? t('analytics.summaryMonth', { count: total, period: within })
          : t('analytics.summaryDay', { count: total, period: within })}
      </Typography.Text>
      <Flex gap={6} style={{ marginTop: 8 }} aria-hidden>
        <Flex vertical justify="space-between" align="flex-end" style={{ height: 140, paddingBottom: 0 }}>
          <Typography.Text type="secondary" style={axisText}>
            {max}
          </Typography.Text>
          <Typography.Text type="secondary" style={axisText}>
            {Math.round(max / 2) !== max && Math.round(max / 2) !== 0 ? Math.round(max / 2) : ''}
          </Typography.Text>
          <Typography.Text type="secondary" style={axisText}>
            0
          </Typography.Text>
        </Flex>
        <Flex vertical style={{ flex: 1, minWidth: 0 }}>
          <Flex
            align="flex-end"
            gap={data.length > 40 ? 1 : 4}
            style={{
              height: 140,
              borderLeft: `1px solid ${token.colorBorder}`,
              borderBottom: `1px solid ${token.colorBorder}`,
            }}
          >
            {data.map((d) => (
              <Flex
                key={d._id}
                vertical
                align="center"
                justify="flex-end"
                style={{ flex: 1, minWidth: 0, height: '100%' }}
                title={t('analytics.bar', { label: label(d._id), count: d.count })}
              >
                {data.length <= 14 && <Typography.Text style={axisText}>{d.count}</Typography.Text>}
                <div
                  style={{
                    width: '70%',
                    maxWidth: 28,
                    minWidth: 2,
                    height: `${(d.count / max) * 110}px`,
                    minHeight: d.count ? 3 : 0,
                    background: token.colorPrimary,
                    borderRadius: '3px 3px 0 0',
                  }}
                />
              </Flex>
            ))}
          </Flex>
          {/* Dates under their bars; the first and last are kept inside the card rather than centred past its edge. */}
          <div style={{ position: 'relative', height: 18 }}>
            {data.map((d, i) =>
              (data.length - 1 - i) % every === 0 ? (
                <Typography.Text
                  key={d._id}
                  type="secondary"
                  style={{
                    ...axisText,
                    position: 'absolute',
                    top: 2,
                    whiteSpace: 'nowrap',
                    ...(i === data.length - 1
                      ? { right: 0 }
                      : {
                          left: `${((i + 0.5) / data.length) * 100}%`,
                          transform: i === 0 ? undefined : 'translateX(-50%)',
                        }),
                  }}
                >
                  {tick(d._id)}
                </Typography.Text>
              ) : null,
            )}
          </div>
        </Flex>
      </Flex>
      <Flex justify="space-between" aria-hidden>
        <Typography.Text type="secondary" style={axisText}>
          {t('analytics.axisNew')}
        </Typography.Text>
        <Typography.Text type="secondary" style={axisText}>
          {monthly ? t('analytics.axisMonth') : t('analytics.axisDay')}
        </Typography.Text>
      </Flex>
      <table style={srOnly}>
        <caption>
          {monthly ? t('analytics.captionMonth', { period: within }) : t('analytics.captionDay', { period: within })}
        </caption>
        <thead>
          <tr>
            <th scope="col">{monthly ? t('analytics.month') : t('analytics.day')}</th>
            <th scope="col">{t('analytics.newAccounts')}</th>
          </tr>
        </thead>
        <tbody>
          {data.map((d) => (
            <tr key={d._id}>
              <th scope="row">{label(d._id)}</th>
              <td>{d.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
