import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import type { ChatMessage } from '@portal/contracts';
import { createStore } from '@portal/web-core';
import { mockApi } from '@portal/web-core/testing';
import { useArchivedHistory } from './useArchivedHistory';

const message = (n: number): ChatMessage => ({
  _id: `m${n}`,
  conversationType: 'group',
  conversationId: 'g2',
  senderId: 'mentor1',
  sender: { _id: 'mentor1', fullName: 'Dr. Carter', role: 'mentor' },
  content: `M${n}`,
  attachment: null,
  createdAt: `2026-01-30T10:0${n}:00.000Z`,
});

/** g2's chat, two messages a page, newest page first; the page before m2 repeats m2 (it is shown once). */
const PAGES: Record<string, { messages: ChatMessage[]; hasMore: boolean }> = {
  latest: { messages: [message(3), message(4)], hasMore: true },
  m3: { messages: [message(2)], hasMore: true },
  m2: { messages: [message(1), message(2)], hasMore: false },
};

function renderHistory() {
  const calls = mockApi({
    'GET /messages/group/g2': (url: URL) => PAGES[url.searchParams.get('before') ?? 'latest'],
  });
  const store = createStore();
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
  const { result } = renderHook(() => useArchivedHistory('g2'), { wrapper });
  return { history: result, calls };
}

const ids = (messages: ChatMessage[]) => messages.map((m) => m._id);

describe('useArchivedHistory', () => {
  it('shows the latest page, then each earlier page above it, once, until there are no more', async () => {
    const { history, calls } = renderHistory();
    expect(history.current.isLoading).toBe(true);
    await waitFor(() => expect(ids(history.current.messages)).toEqual(['m3', 'm4']));
    expect(history.current.hasEarlier).toBe(true);

    act(() => history.current.loadEarlier());
    await waitFor(() => expect(ids(history.current.messages)).toEqual(['m2', 'm3', 'm4']));
    expect(history.current.hasEarlier).toBe(true);

    act(() => history.current.loadEarlier());
    await waitFor(() => expect(ids(history.current.messages)).toEqual(['m1', 'm2', 'm3', 'm4']));
    await waitFor(() => expect(history.current.hasEarlier).toBe(false));
    expect(calls.map((c) => c.url.searchParams.get('before'))).toEqual([null, 'm3', 'm2']);
  });

  it('has nothing earlier to offer for an empty chat', async () => {
    mockApi({ 'GET /messages/group/g2': { messages: [], hasMore: false } });
    const wrapper = ({ children }: { children: ReactNode }) => <Provider store={createStore()}>{children}</Provider>;
    const { result } = renderHook(() => useArchivedHistory('g2'), { wrapper });
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    expect(result.current.messages).toEqual([]);
    expect(result.current.hasEarlier).toBe(false);
  });
});
