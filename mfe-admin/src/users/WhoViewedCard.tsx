import { DisclosureLogCard } from '@portal/people';

/** On a student's editor: every staff view of their sensitive records (the disclosure log), safeguarding reads too. */
export function WhoViewedCard({ studentId }: { studentId: string }) {
  return <DisclosureLogCard studentId={studentId} style={{ maxWidth: 960 }} />;
}
