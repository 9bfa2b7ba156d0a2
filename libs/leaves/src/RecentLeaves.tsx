import type { LeaveResponse } from '@portal/contracts';
import { EmptyState, ItemList, ItemRow } from '@portal/ui';
import { useFormat } from '@portal/web-core';
import { useLeavesT } from './i18n';
import { useLeaveTypeLabel } from './labels';
import { LeaveStatusTag } from './LeaveStatusTag';

/** Recent leave requests, shared by the three dashboards. */
export function RecentLeaves({ leaves, showMentee = true }: { leaves: LeaveResponse[]; showMentee?: boolean }) {
  const { t } = useLeavesT();
  const f = useFormat();
  const typeLabel = useLeaveTypeLabel();
  if (!leaves.length) return <EmptyState title={t('recent.none')} />;
  return (
    <ItemList
      items={leaves}
      rowKey={(l) => l._id}
      renderItem={(l) => (
        <ItemRow
          title={
            showMentee ? (
              (l.menteeId?.fullName ?? t('formerStudent'))
            ) : (
              <span style={{ textTransform: 'capitalize' }}>{typeLabel(l.leaveType, true)}</span>
            )
          }
          description={
            <>
              {showMentee && <span style={{ textTransform: 'capitalize' }}>{typeLabel(l.leaveType)} · </span>}
              {t('recent.range', { start: f.dayMonth(l.startDate), end: f.date(l.endDate) })} ·{' '}
              {t('days', { count: l.daysCount })}
            </>
          }
        >
          <LeaveStatusTag status={l.status} />
        </ItemRow>
      )}
    />
  );
}
