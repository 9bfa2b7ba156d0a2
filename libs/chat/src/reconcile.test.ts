import type { ChatMessage } from '@portal/contracts';
import { conversationPath, reconcile, type DisplayMessage } from './chatApi';

const msg = (over: Partial<DisplayMessage>): DisplayMessage => ({
  _id: 'm1',
  conversationType: 'individual',
  conversationId: 'individual_u2',
  senderId: 'u1',
  sender: { _id: 'u1', fullName: 'A', role: 'mentor' },
  content: 'Hello',
  attachment: null,
  createdAt: '2026-11-22T10:00:00.000Z',
  ...over,
});

describe('reconcile', () => {
  const conv = 'individual_u2';

  it('replaces the optimistic message of the same sender and content within 5000 ms', () => {
    const optimistic = msg({ _id: 'tmp-1', isOptimistic: true, createdAt: '2026-11-22T10:00:00.000Z' });
    const confirmed = msg({ _id: 'real-1', createdAt: '2026-11-22T10:00:04.900Z' }) as ChatMessage;
    expect(reconcile([optimistic], confirmed, conv)).toEqual([confirmed]);
  });

  it('keeps both when the content differs or the time is further apart than 5000 ms', () => {
    const optimistic = msg({ _id: 'tmp-1', isOptimistic: true });
    expect(reconcile([optimistic], msg({ _id: 'real-1', content: 'Other' }), conv)).toHaveLength(2);
    expect(reconcile([optimistic], msg({ _id: 'real-2', createdAt: '2026-11-22T10:00:05.100Z' }), conv)).toHaveLength(
      2,
    );
    expect(reconcile([optimistic], msg({ _id: 'real-3', senderId: 'u9' }), conv)).toHaveLength(2);
  });

  it('ignores duplicates by id and messages of other conversations', () => {
    const one = msg({});
    expect(reconcile([one], msg({}), conv)).toEqual([one]);
    expect(reconcile([one], msg({ _id: 'x', conversationId: 'group-1' }), conv)).toEqual([one]);
  });

  it('maps conversation ids to API paths', () => {
    expect(conversationPath('individual_abc')).toBe('individual/abc');
    expect(conversationPath('g-1')).toBe('group/g-1');
  });
});
