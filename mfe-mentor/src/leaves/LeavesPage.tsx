import { PageHeader } from '@portal/ui';
import { LeaveDecisionButtons, LeavesBoard } from '@portal/leaves';
import { useMentorT } from '../i18n';

export function LeavesPage() {
  const { t } = useMentorT();
  return (
    <>
      <PageHeader title={t('leaves.title')} subtitle={t('leaves.subtitle')} />
      <LeavesBoard role="mentor" actions={(l) => <LeaveDecisionButtons leave={l} viewer="mentor" />} />
    </>
  );
}
