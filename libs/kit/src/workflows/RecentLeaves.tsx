import { List, Typography } from 'antd';
import dayjs from 'dayjs';
import type { LeaveResponse } from '@portal/contracts';
import { EmptyState, LeaveStatusTag } from './Common';

/** Recent leave requests, shared by the three dashboards. */
export function RecentLeaves({ leaves, showMentee = true }: { leaves: LeaveResponse[]; showMentee?: boolean }) {
  if (!leaves.length) return <EmptyState title="No leave requests" />;
  return (
    <List
      dataSource={leaves}
      renderItem={(l) => (
        <List.Item extra={<LeaveStatusTag status={l.status} />}>
          <List.Item.Meta
            title={showMentee ? l.menteeId?.fullName ?? 'Former student' : <span style={{ textTransform: 'capitalize' }}>{l.leaveType} leave</span>}
            description={
              <Typography.Text type="secondary">
                {showMentee && <span style={{ textTransform: 'capitalize' }}>{l.leaveType} · </span>}
                {dayjs(l.startDate).format('MMM D')} – {dayjs(l.endDate).format('MMM D, YYYY')} · {l.daysCount} day{l.daysCount === 1 ? '' : 's'}
              </Typography.Text>
            }
          />
        </List.Item>
      )}
    />
  );
}
