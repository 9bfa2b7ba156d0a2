import { Button, Flex, Skeleton } from 'antd';
import { Suspense, useState } from 'react';
import type { FollowUpQueueEntry } from '@portal/contracts';
import { lastContactText, RiskSignalChips, useFollowUpQueueQuery } from '@portal/people';
import { EmptyState, ItemList, ItemRow, LoadError, Panel, Text } from '@portal/ui';
import { lazyPage } from '@portal/web-core';
import { useMentorT } from '../i18n';

const LogFollowUpDialog = lazyPage(() => import('./FollowUpQueueDialogs'), 'LogFollowUpDialog');
const DismissSignalsDialog = lazyPage(() => import('./FollowUpQueueDialogs'), 'DismissSignalsDialog');

/** Students with a waiting signal, most urgent first; new signals arrive live (the recordChanged socket event). */
export function FollowUpQueue() {
  const { t } = useMentorT();
  const { data, isLoading, error, refetch } = useFollowUpQueueQuery();
  const [logFor, setLogFor] = useState<FollowUpQueueEntry | null>(null);
  const [dismissFor, setDismissFor] = useState<FollowUpQueueEntry | null>(null);
  const [used, setUsed] = useState(false);

  const row = (e: FollowUpQueueEntry) => (
    <ItemRow
      title={e.fullName}
      description={`${t('dashboard.menteeLine', { studentId: e.studentId, class: e.class, section: e.section })} · ${lastContactText(e.lastContactDate)}`}
    >
      <div data-testid={`queue-signals-${e.menteeId}`} style={{ flex: '1 1 220px', minWidth: 0 }}>
        <RiskSignalChips signals={e.signals} />
      </div>
      <Flex gap={8} wrap>
        <Button
          size="small"
          type="primary"
          aria-label={t('queue.logWith', { name: e.fullName })}
          onClick={() => {
            setLogFor(e);
            setUsed(true);
          }}
        >
          {t('queue.log')}
        </Button>
        <Button
          size="small"
          aria-label={t('queue.dismissName', { name: e.fullName })}
          onClick={() => {
            setDismissFor(e);
            setUsed(true);
          }}
        >
          {t('queue.dismiss')}
        </Button>
      </Flex>
    </ItemRow>
  );

  return (
    <Panel title={t('queue.title')} data-testid="followup-queue">
      {isLoading ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : error || !data ? (
        <LoadError title={t('queue.loadFailed')} onRetry={refetch} />
      ) : data.length ? (
        <>
          <Text type="secondary" style={{ display: 'block', marginBottom: 8 }}>
            {t('queue.need', { count: data.length })}
          </Text>
          <ItemList items={data} rowKey={(e) => e.menteeId} renderItem={row} />
        </>
      ) : (
        <EmptyState title={t('queue.empty')} description={t('queue.emptyHelp')} />
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
