import { PageHeader } from '@portal/kit';
import { GrievanceActionButtons, GrievancesBoard } from '@portal/kit/workflows';

export function GrievancesPage() {
  return (
    <>
      <PageHeader title="Grievances" subtitle="Concerns raised by your mentees" />
      <GrievancesBoard role="mentor" actions={(g) => <GrievanceActionButtons grievance={g} viewer="mentor" />} />
    </>
  );
}
