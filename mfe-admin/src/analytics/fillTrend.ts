import type { ReportsOverviewResponse } from '@portal/contracts';

/**
 * Every day (every month over a year) of the period with its sign-ups, zeros included, so the bars keep a true time scale.
 * Keys are UTC dates, as the API groups them.
 */
export function fillTrend(
  data: ReportsOverviewResponse['userTrends'],
  from: string,
  to: string,
  monthly: boolean,
): { _id: string; count: number }[] {
  const counts = new Map(data.map((d) => [d._id, d.count]));
  const keys: string[] = [];
  const keyOf = (d: Date) => d.toISOString().slice(0, monthly ? 7 : 10);
  const cursor = new Date(from);
  cursor.setUTCHours(0, 0, 0, 0);
  if (monthly) cursor.setUTCDate(1);
  const last = keyOf(new Date(to));
  while (keyOf(cursor) <= last && keys.length < 400) {
    keys.push(keyOf(cursor));
    if (monthly) cursor.setUTCMonth(cursor.getUTCMonth() + 1);
    else cursor.setUTCDate(cursor.getUTCDate() + 1);
  }
  for (const d of data) if (!keys.includes(d._id)) keys.push(d._id);
  return keys.sort().map((k) => ({ _id: k, count: counts.get(k) ?? 0 }));
}
