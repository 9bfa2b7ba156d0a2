import { useEffect, useState } from 'react';
import type { MessagePage } from '@portal/contracts';
import { useArchivedGroupHistoryQuery } from '@portal/groups';

/**
 * The chat of archived group `id`, paged backwards: the latest page first; once earlier ones are asked for, every page
 * loaded so far, oldest first.
 */
export function useArchivedHistory(id: string) {
  const [before, setBefore] = useState<string | undefined>();
  const [older, setOlder] = useState<MessagePage['messages']>([]);
  const { data, isLoading, isFetching, error, refetch } = useArchivedGroupHistoryQuery({ id, before });
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- each older page is kept above the ones shown
    if (data && before) setOlder((o) => [...data.messages.filter((m) => !o.some((x) => x._id === m._id)), ...o]);
  }, [data, before]);
  const latest = before ? [] : (data?.messages ?? []);
  const messages = before ? older : latest;
  const first = messages[0];
  const loadEarlier = () => {
    if (!first) return;
    if (!before) setOlder(latest);
    setBefore(first._id);
  };
  return { messages, hasEarlier: !!(data?.hasMore && first), loadEarlier, isLoading, isFetching, error, refetch };
}
