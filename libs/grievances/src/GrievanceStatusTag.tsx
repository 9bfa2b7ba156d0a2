import { Tag } from 'antd';
import type { GrievanceStatus, Role } from '@portal/contracts';
import { useGrievanceStatusLabel } from './labels';

const STATUS_COLOR: Record<GrievanceStatus, string> = {
  pending: 'gold',
  'in-progress': 'blue',
  resolved: 'green',
  rejected: 'red',
};

export function GrievanceStatusTag({ status, viewer }: { status: GrievanceStatus; viewer: Role }) {
  const label = useGrievanceStatusLabel();
  return <Tag color={STATUS_COLOR[status] ?? 'default'}>{label(status, viewer)}</Tag>;
}
