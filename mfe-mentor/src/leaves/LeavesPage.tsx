import { PageHeader } from '@portal/ui';
import { LeaveDecisionButtons, LeavesBoard } from '@portal/leaves';

export function LeavesPage() {
  return (
    <>
      <PageHeader title="Leave Requests" subtitle="Requests from your mentees" />
      <LeavesBoard role="mentor" actions={(l) => <LeaveDecisionButtons leave={l} viewer="mentor" />} />
    </>
  );
}
