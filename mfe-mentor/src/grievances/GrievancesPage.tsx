import { PageHeader } from '@portal/ui';
import { GrievanceActionButtons, GrievancesBoard } from '@portal/grievances';

export function GrievancesPage() {
  return (
    <>
      <PageHeader title="Grievances" subtitle="Concerns raised by your mentees" />
      <GrievancesBoard role="mentor" actions={(g) => <GrievanceActionButtons grievance={g} viewer="mentor" />} />
    </>
  );
}
