import { Select, Tag } from 'antd';
import { ErrorCode, GRIEVANCE_PRIORITIES, type GrievancePriority, type GrievanceResponse } from '@portal/contracts';
import { errorMessage, notify } from '@portal/web-core';
import { useSetGrievancePriorityMutation } from './grievancesApi';
import { useGrievancesT } from './i18n';
import { useGrievancePriorityLabel } from './labels';

const PRIORITY_COLOR: Record<GrievancePriority, string> = {
  urgent: 'magenta',
  high: 'red',
  medium: 'gold',
  low: 'green',
};

export function GrievancePriorityTag({ priority }: { priority: GrievancePriority }) {
  const label = useGrievancePriorityLabel();
  return <Tag color={PRIORITY_COLOR[priority]}>{label(priority)}</Tag>;
}

/** Admins change the priority of an open grievance; a closed one shows it read-only. */
export function GrievancePrioritySelect({ grievance }: { grievance: GrievanceResponse }) {
  const { t } = useGrievancesT();
  const label = useGrievancePriorityLabel();
  const [setPriority, { isLoading }] = useSetGrievancePriorityMutation();
  const g = grievance;
  if (g.status === 'resolved' || g.status === 'rejected') return <GrievancePriorityTag priority={g.priority} />;
  const change = async (priority: GrievancePriority) => {
    try {
      await setPriority({ id: g._id, priority }).unwrap();
      notify.success(t('prioritySelect.set', { priority: label(priority) }));
    } catch (e) {
      notify.error(
        errorMessage(e, t('prioritySelect.failed'), {
          [ErrorCode.GrievanceClosed]: t('prioritySelect.closed'),
        }),
      );
    }
  };
  return (
    <Select<GrievancePriority>
      size="small"
      value={g.priority}
      onChange={change}
      loading={isLoading}
      disabled={isLoading}
      style={{ width: 110 }}
      aria-label={t('prioritySelect.ariaLabel', { subject: g.subject })}
      options={GRIEVANCE_PRIORITIES.map((p) => ({ value: p, label: <GrievancePriorityTag priority={p} /> }))}
    />
  );
}
