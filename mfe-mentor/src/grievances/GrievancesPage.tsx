import { GrievanceActionButtons, GrievancesBoard, PageHeader } from '@portal/kit/workflows';

export function GrievancesPage() {
  return (
    <>
      <PageHeader title="Grievances" subtitle="Concerns raised by your mentees" />
      <GrievancesBoard role="mentor" actions={(g) => <GrievanceActionButtons grievance={g} viewer="mentor" />} />
    </>
  );
}
