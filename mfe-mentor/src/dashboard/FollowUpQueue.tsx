import { Button, Flex, Skeleton } from 'antd';
import { Suspense, useState } from 'react';
import type { FollowUpQueueEntry } from '@portal/contracts';
import { lastContactText, RiskSignalChips, useFollowUpQueueQuery } from '@portal/people';
import { EmptyState, ItemList, ItemRow, LoadError, Panel, Text } from '@portal/ui';
import { lazyPage } from '@portal/web-core';

const LogFollowUpDialog = lazyPage(() => import('./FollowUpQueueDialogs'), 'LogFollowUpDialog');
const DismissSignalsDialog = lazyPage(() => import('./FollowUpQueueDialogs'), 'DismissSignalsDialog');

/** Students with a waiting signal, most urgent first; new signals arrive live (the riskSignal socket event). */
export function FollowUpQueue() {
  const { data, isLoading, error, refetch } = useFollowUpQueueQuery();
  const [logFor, setLogFor] = useState<FollowUpQueueEntry | null>(null);
  const [dismissFor, setDismissFor] = useState<FollowUpQueueEntry | null>(null);
  const [used, setUsed] = useState(false);

  const row = (e: FollowUpQueueEntry) => (
    <ItemRow
      title={e.fullName}
      description={`${e.studentId} · Class ${e.class}-${e.section} · ${lastContactText(e.lastContactDate)}`}
    >
      <div data-testid={`queue-signals-${e.menteeId}`} style={{ flex: '1 1 220px', minWidth: 0 }}>
        <RiskSignalChips signals={e.signals} />
      </div>
      <Flex gap={8} wrap>
        <Button
          size="small"
          type="primary"
          aria-label={`Log follow-up with ${e.fullName}`}
          onClick={() => {
            setLogFor(e);
            setUsed(true);
          }}
        >
          Log follow-up
        </Button>
        <Button
          size="small"
          aria-label={`Dismiss ${e.fullName}`}
          onClick={() => {
            setDismissFor(e);
            setUsed(true);
          }}
        >
          Dismiss
        </Button>
      </Flex>
    </ItemRow>
  );

  return (
    <Panel title="Follow-up queue" data-testid="followup-queue">
      {isLoading ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : error || !data ? (
        <LoadError title="Could not load the follow-up queue" onRetry={refetch} />
      ) : data.length ? (
        <>
          <Text type="secondary" style={{ display: 'block', marginBottom: 8 }}>
            {data.length === 1 ? '1 student needs' : `${data.length} students need`} you: log a meeting or contact, or
            dismiss with a reason.
          </Text>
          <ItemList items={data} rowKey={(e) => e.menteeId} renderItem={row} />
        </>
      ) : (
        <EmptyState title="Nobody waiting" description="No student shows a risk signal that needs a follow-up." />
      )}
      {used && (
        <Suspense fallback={null}>
          <LogFollowUpDialog student={logFor} onClose={() => setLogFor(null)} />
          <DismissSignalsDialog student={dismissFor} onClose={() => setDismissFor(null)} />
        </Suspense>
      )}
    </Panel>
  );
}
