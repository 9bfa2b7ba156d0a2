import { Skeleton } from 'antd';
import { MentoringEntries, useMyFollowUpQuery } from '@portal/people';
import { LoadError, PageHeader, Panel } from '@portal/ui';

/** The student's meetings with their mentor and the action items agreed (a mentor's private notes never reach here). */
export function MeetingsPage() {
  const { data, isLoading, error, refetch } = useMyFollowUpQuery(undefined, { refetchOnMountOrArgChange: true });
  return (
    <>
      <PageHeader title="My Meetings" subtitle="Meetings with your mentor and what you agreed to do" />
      <Panel title="Meetings and action items">
        {isLoading ? (
          <Skeleton active paragraph={{ rows: 4 }} />
        ) : error || !data ? (
          <LoadError title="Could not load your meetings" onRetry={refetch} />
        ) : (
          <MentoringEntries entries={data.meetings} canTick />
        )}
      </Panel>
    </>
  );
}
