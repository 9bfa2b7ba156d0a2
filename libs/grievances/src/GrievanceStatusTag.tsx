import { Tag } from 'antd';
import type { GrievanceStatus, Role } from '@portal/contracts';

const STATUS_COLOR: Record<GrievanceStatus, string> = {
  pending: 'gold',
  'in-progress': 'blue',
  resolved: 'green',
  rejected: 'red',
};

/** The middle state is one value; the mentor screens call it In Review, the admin screens In Progress. */
export function grievanceStatusLabel(status: GrievanceStatus, viewer: Role): string {
  if (status === 'in-progress') return viewer === 'admin' ? 'In Progress' : 'In Review';
  return status.charAt(0).toUpperCase() + status.slice(1);
}

export function GrievanceStatusTag({ status, viewer }: { status: GrievanceStatus; viewer: Role }) {
  return <Tag color={STATUS_COLOR[status] ?? 'default'}>{grievanceStatusLabel(status, viewer)}</Tag>;
}
