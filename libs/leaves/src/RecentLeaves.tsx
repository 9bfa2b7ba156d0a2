import dayjs from 'dayjs';
import type { LeaveResponse } from '@portal/contracts';
import { EmptyState, ItemList, ItemRow } from '@portal/ui';
import { LeaveStatusTag } from './LeaveStatusTag';

/** Recent leave requests, shared by the three dashboards. */
export function RecentLeaves({ leaves, showMentee = true }: { leaves: LeaveResponse[]; showMentee?: boolean }) {
  if (!leaves.length) return <EmptyState title="No leave requests" />;
  return (
    <ItemList
      items={leaves}
      rowKey={(l) => l._id}
      renderItem={(l) => (
        <ItemRow
          title={
            showMentee ? (
              (l.menteeId?.fullName ?? 'Former student')
            ) : (
              <span style={{ textTransform: 'capitalize' }}>{l.leaveType} leave</span>
            )
          }
          description={
            <>
              {showMentee && <span style={{ textTransform: 'capitalize' }}>{l.leaveType} · </span>}
              {dayjs(l.startDate).format('MMM D')} – {dayjs(l.endDate).format('MMM D, YYYY')} · {l.daysCount} day
              {l.daysCount === 1 ? '' : 's'}
            </>
          }
        >
          <LeaveStatusTag status={l.status} />
        </ItemRow>
      )}
    />
  );
}
