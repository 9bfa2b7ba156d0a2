import { Skeleton } from 'antd';
import { MentoringEntries, useMyFollowUpQuery } from '@portal/people';
import { LoadError, PageHeader, Panel } from '@portal/ui';
import { useMenteeT } from '../i18n';

/** The student's meetings with their mentor and the action items agreed (a mentor's private notes never reach here). */
export function MeetingsPage() {
  const { t } = useMenteeT();
  const { data, isLoading, error, refetch } = useMyFollowUpQuery(undefined, { refetchOnMountOrArgChange: true });
  return (
    <>
      <PageHeader title={t('meetings.title')} subtitle={t('meetings.subtitle')} />
      <Panel title={t('meetings.panel')}>
        {isLoading ? (
          <Skeleton active paragraph={{ rows: 4 }} />
        ) : error || !data ? (
          <LoadError title={t('meetings.loadFailed')} onRetry={refetch} />
        ) : (
          <MentoringEntries entries={data.meetings} canTick />
        )}
      </Panel>
    </>
  );
}
