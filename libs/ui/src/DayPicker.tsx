import { DatePicker } from 'antd';
import { calendarDay, DAY, useFormat } from '@portal/web-core';

/**
 * A calendar day held as "YYYY-MM-DD" (what the API takes), shown in the language's date format like every other
 * picker: a native date input would show the browser's own (11/27/2026 in an American browser).
 */
export function DayPicker({
  value,
  onChange,
  max,
  id,
  ...aria
}: {
  value?: string | null;
  onChange?: (day: string | undefined) => void;
  /** The last day that may be chosen ("YYYY-MM-DD"). */
  max?: string;
  id?: string;
  'aria-label'?: string;
}) {
  const f = useFormat();
  return (
    <DatePicker
      id={id}
      {...aria}
      style={{ width: '100%' }}
      format={f.picker()}
      value={value ? calendarDay(value) : null}
      onChange={(d) => onChange?.(d ? d.format(DAY) : undefined)}
      disabledDate={max ? (d) => d.format(DAY) > max : undefined}
    />
  );
}
