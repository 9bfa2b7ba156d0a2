import { Tag } from 'antd';
import type { LeaveStatus } from '@portal/contracts';
import { useLeaveStatusLabel } from './labels';

const LEAVE_COLOR: Record<string, string> = {
  pending: 'gold',
  approved: 'green',
  rejected: 'red',
  cancelled: 'default',
};

/** Cancelled (by the mentee) shows neutral; any unknown status shows in the rejected style (SPEC.md section 4). */
export function LeaveStatusTag({ status }: { status: LeaveStatus | string }) {
  const label = useLeaveStatusLabel();
  const color = LEAVE_COLOR[status] ?? LEAVE_COLOR.rejected;
  return (
    <Tag color={color} style={{ textTransform: 'capitalize' }}>
      {label(status)}
    </Tag>
  );
}
