import { Tag } from 'antd';
import type { GrievanceStatus, Role } from '@portal/contracts';
import { useGrievanceStatusLabel } from './labels';

const STATUS_COLOR: Record<GrievanceStatus, string> = {
  pending: 'gold',
  'in-progress': 'blue',
  resolved: 'green',
  rejected: 'red',
};

/**
 * The middle state is one value; the mentor screens call it In Review, the admin screens In Progress.
 * @deprecated English only: use useGrievanceStatusLabel().
 */
export function grievanceStatusLabel(status: GrievanceStatus, viewer: Role): string {
  if (status === 'in-progress') return viewer === 'admin' ? 'In Progress' : 'In Review';
  return status.charAt(0).toUpperCase() + status.slice(1);
}

export function GrievanceStatusTag({ status, viewer }: { status: GrievanceStatus; viewer: Role }) {
  const label = useGrievanceStatusLabel();
  return <Tag color={STATUS_COLOR[status] ?? 'default'}>{label(status, viewer)}</Tag>;
}
