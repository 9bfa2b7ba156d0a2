import { act, render, screen } from '@testing-library/react';
import dayjs from 'dayjs';
import type { DisplayMessage } from '@portal/chat';
import { switchLanguage, ThemeProvider } from '@portal/web-core';
import { dayLabel, shortStamp } from './days';
import { MessageList } from './MessageList';

const message = (n: number, createdAt: string, senderId = 'u2'): DisplayMessage => ({
  _id: `m${n}`,
  conversationType: 'individual',
  conversationId: 'individual_u2',
  senderId,
  sender: { _id: senderId, fullName: 'Asha Rao', role: 'mentee' },
  content: `Message ${n}`,
  attachment: null,
  createdAt,
});

describe('the chat in Hindi', () => {
  beforeEach(async () => {
    await act(() => switchLanguage('hi'));
  });
  afterEach(async () => {
    await act(() => switchLanguage('en'));
  });

  it('names the days and writes the dates the Hindi way', () => {
    const now = dayjs('2031-03-12T12:00:00');
    expect(dayLabel(now.hour(9).toDate(), now)).toBe('आज');
    expect(dayLabel(now.subtract(1, 'day').toDate(), now)).toBe('कल');
    expect(dayLabel(dayjs('2030-03-02T12:00:00').toDate(), now)).toBe('2 मार्च 2030');
    expect(shortStamp(dayjs('2030-03-02T12:00:00').toDate(), now)).toBe('2 मार्च 2030');
  });

  it('shows the message list in Hindi: day separators, the start of the history, who wrote what', () => {
    const old = dayjs('2030-03-02T09:30:00').toISOString();
    render(
      <ThemeProvider>
        <MessageList
          messages={[message(1, old), message(2, old, 'u1')]}
          loading={false}
          myId="u1"
          showSenders={false}
          hasMore={false}
          loadingOlder={false}
          olderFailed={false}
          onLoadOlder={() => undefined}
        />
      </ThemeProvider>,
    );
    expect(screen.getByTestId('day-separator')).toHaveTextContent('2 मार्च 2030');
    expect(screen.getByText('बातचीत की शुरुआत')).toBeInTheDocument();
    expect(screen.getByRole('log', { name: 'संदेश' })).toBeInTheDocument();
    expect(screen.getByText('आप:')).toBeInTheDocument();
    expect(screen.getByLabelText('पहुँच गया')).toBeInTheDocument();
  });

  it('an empty conversation invites a first message in Hindi', () => {
    render(
      <ThemeProvider>
        <MessageList
          messages={[]}
          loading={false}
          showSenders={false}
          hasMore={false}
          loadingOlder={false}
          olderFailed={false}
          onLoadOlder={() => undefined}
        />
      </ThemeProvider>,
    );
    expect(screen.getByText('अभी कोई संदेश नहीं। नमस्ते कहें!')).toBeInTheDocument();
  });
});
