import { CheckOutlined, ClockCircleOutlined, CloseOutlined, ScheduleOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import type { AttendanceStatus } from '@portal/contracts';

/** The mark's icon beside its word (as the register's toggle draws it): a status never reads by colour alone. */
export const STATUS_ICON: Record<AttendanceStatus, ReactNode> = {
  present: <CheckOutlined aria-hidden />,
  absent: <CloseOutlined aria-hidden />,
  late: <ClockCircleOutlined aria-hidden />,
  leave: <ScheduleOutlined aria-hidden />,
};
