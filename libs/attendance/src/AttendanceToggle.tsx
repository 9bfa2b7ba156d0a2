import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { ConfigProvider, Segmented } from 'antd';
import type { AttendanceStatus } from '@portal/contracts';

/**
 * Fill of the selected choice, white text on it: 5.0:1 (green) and 6.5:1 (red), in both themes. The state reads by
 * colour, icon and word, never by the pill's position alone.
 */
export const ATTENDANCE_STATUS_COLOR: Record<AttendanceStatus, string> = { present: '#15803D', absent: '#B91C1C' };

export interface AttendanceToggleProps {
  /** Whose attendance it is: names the control for screen readers. */
  name: string;
  value: AttendanceStatus | undefined;
  onChange: (status: AttendanceStatus) => void;
  disabled?: boolean;
  /** Narrow screens: no "Unmarked" pill (an unmarked student has neither choice filled). */
  compact?: boolean;
}

/** Present / absent for one student on one day; unmarked until one is chosen (there is no way back to unmarked). */
export function AttendanceToggle({ name, value, onChange, disabled, compact }: AttendanceToggleProps) {
  const selected = value ? ATTENDANCE_STATUS_COLOR[value] : undefined;
  return (
    <ConfigProvider
      theme={{ components: { Segmented: selected ? { itemSelectedBg: selected, itemSelectedColor: '#fff' } : {} } }}
    >
      <Segmented<AttendanceStatus | ''>
        value={value ?? ''}
        disabled={disabled}
        aria-label={`Attendance of ${name}`}
        data-status={value ?? 'unmarked'}
        onChange={(v) => v && onChange(v)}
        options={[
          { value: 'present', label: 'Present', icon: <CheckOutlined aria-hidden /> },
          { value: 'absent', label: 'Absent', icon: <CloseOutlined aria-hidden /> },
          ...(value || compact ? [] : [{ value: '' as const, label: 'Unmarked', disabled: true }]),
        ]}
      />
    </ConfigProvider>
  );
}
