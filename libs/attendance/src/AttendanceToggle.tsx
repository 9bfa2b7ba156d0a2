import { CheckOutlined, ClockCircleOutlined, CloseOutlined, ScheduleOutlined } from '@ant-design/icons';
import { ConfigProvider, Segmented } from 'antd';
import type { ReactNode } from 'react';
import { DEFAULT_MARKING, type AttendanceStatus } from '@portal/contracts';
import { useAttendanceT } from './i18n';

/**
 * Fill of the selected choice, white text on it: 5.0:1 (green), 6.5:1 (red), 5.0:1 (amber), 6.7:1 (blue), in both
 * themes. The state reads by colour, icon and word, never by the pill's position alone.
 */
export const ATTENDANCE_STATUS_COLOR: Record<AttendanceStatus, string> = {
  present: '#15803D',
  absent: '#B91C1C',
  late: '#B45309',
  leave: '#1D4ED8',
};

const ICON: Record<AttendanceStatus, ReactNode> = {
  present: <CheckOutlined aria-hidden />,
  absent: <CloseOutlined aria-hidden />,
  late: <ClockCircleOutlined aria-hidden />,
  leave: <ScheduleOutlined aria-hidden />,
};

export interface AttendanceToggleProps {
  /** Whose attendance it is: names the control for screen readers. */
  name: string;
  value: AttendanceStatus | undefined;
  onChange: (status: AttendanceStatus) => void;
  disabled?: boolean;
  /** Narrow screens: no "Unmarked" pill (an unmarked student has neither choice filled), full width, no icons. */
  compact?: boolean;
  /** The choices offered, in order: the spec's present / absent unless the screen marks all four. */
  statuses?: readonly AttendanceStatus[];
}

/** One student's mark on one day; unmarked until one is chosen (there is no way back to unmarked). */
export function AttendanceToggle({
  name,
  value,
  onChange,
  disabled,
  compact,
  statuses = DEFAULT_MARKING,
}: AttendanceToggleProps) {
  const { t } = useAttendanceT();
  // The toggle's own words: short, so that four choices fit a 360 px row ("On leave" is the tag's word).
  const label: Record<AttendanceStatus, string> = {
    present: t('toggle.present'),
    absent: t('toggle.absent'),
    late: t('toggle.late'),
    leave: t('toggle.leave'),
  };
  const selected = value ? ATTENDANCE_STATUS_COLOR[value] : undefined;
  // A day already late or on leave shows as such even where only present / absent are offered.
  const offered = value && !statuses.includes(value) ? [...statuses, value] : statuses;
  // Four choices on a phone: words only, so that each keeps a 44 px target on a 360 px row.
  const icons = !(compact && offered.length > 2);
  return (
    <ConfigProvider
      theme={{ components: { Segmented: selected ? { itemSelectedBg: selected, itemSelectedColor: '#fff' } : {} } }}
    >
      <Segmented<AttendanceStatus | ''>
        value={value ?? ''}
        disabled={disabled}
        block={compact && offered.length > 2}
        aria-label={t('toggle.ariaLabel', { name })}
        data-status={value ?? 'unmarked'}
        onChange={(v) => v && onChange(v)}
        options={[
          ...offered.map((s) => ({ value: s, label: label[s], icon: icons ? ICON[s] : undefined })),
          ...(value || compact ? [] : [{ value: '' as const, label: t('toggle.unmarked'), disabled: true }]),
        ]}
      />
    </ConfigProvider>
  );
}
