import { PageHeader } from '@portal/ui';
import { GrievanceActionButtons, GrievancesBoard } from '@portal/grievances';
import { useMentorT } from '../i18n';

export function GrievancesPage() {
  const { t } = useMentorT();
  return (
    <>
      <PageHeader title={t('grievances.title')} subtitle={t('grievances.subtitle')} />
      <GrievancesBoard role="mentor" actions={(g) => <GrievanceActionButtons grievance={g} viewer="mentor" />} />
    </>
  );
}
