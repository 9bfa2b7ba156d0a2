import { LeaveDecisionButtons, LeavesBoard, PageHeader } from '@portal/kit/workflows';

export function LeavesPage() {
  return (
    <>
      <PageHeader title="Leave Requests" subtitle="Requests from your mentees" />
      <LeavesBoard role="mentor" actions={(l) => <LeaveDecisionButtons leave={l} viewer="mentor" />} />
    </>
  );
}
