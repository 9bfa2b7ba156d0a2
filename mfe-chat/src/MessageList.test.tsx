import { render, screen } from '@testing-library/react';
import type { Dayjs } from 'dayjs';
import type { DisplayMessage } from '@portal/chat';
import { inSchoolZone, schoolNow, setSchoolTimeZone } from '@portal/web-core';
import { dayLabel, shortStamp } from './days';
import { MessageList, type MessageListProps } from './MessageList';

const at = (d: Dayjs, hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return d.hour(h).minute(m).second(0).millisecond(0).toISOString();
};
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

const props = (over: Partial<MessageListProps>): MessageListProps => ({
  messages: [],
  loading: false,
  myId: 'u1',
  showSenders: false,
  hasMore: false,
  loadingOlder: false,
  olderFailed: false,
  onLoadOlder: () => undefined,
  ...over,
});

describe('chat message list', () => {
  const today = schoolNow();
  const yesterday = today.subtract(1, 'day');
  const older = today.subtract(9, 'day');

  it('puts one date separator above the first message of each day: a date, Yesterday, Today', () => {
    render(
      <MessageList
        {...props({
          messages: [
            message(1, at(older, '09:15')),
            message(2, at(older, '15:14')),
            message(3, at(yesterday, '15:14'), 'u1'),
            message(4, at(today, '08:00')),
            message(5, at(today, '08:05'), 'u1'),
          ],
        })}
      />,
    );
    const separators = screen.getAllByTestId('day-separator').map((s) => s.textContent);
    expect(separators).toEqual([dayLabel(at(older, '09:15')), 'Yesterday', 'Today']);
    // Each message keeps its time, with the full date in its title.
    const time = screen.getByText('Message 3').parentElement!.querySelector('time')!;
    expect(time.textContent).toBe('15:14');
    expect(time.getAttribute('title')).toBe(inSchoolZone(at(yesterday, '15:14')).format('dddd, D MMMM YYYY, HH:mm'));
  });

  it('shows the beginning of the conversation when nothing older exists, and a loading indicator while a page loads', () => {
    const messages = [message(1, at(today, '10:00'))];
    const { rerender } = render(<MessageList {...props({ messages })} />);
    expect(screen.getByText('Beginning of the conversation')).toBeInTheDocument();
    rerender(<MessageList {...props({ messages, hasMore: true, loadingOlder: true })} />);
    expect(screen.queryByText('Beginning of the conversation')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading older messages…');
    rerender(<MessageList {...props({ messages, hasMore: true, olderFailed: true })} />);
    expect(screen.getByText(/Couldn.t load older messages/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

describe('chat message list for screen readers', () => {
  const today = schoolNow();
  it('is a polite log that announces messages arriving after it opened, not the history nor older pages', () => {
    const first = [message(2, at(today, '10:00')), message(3, at(today, '10:05'))];
    const { rerender } = render(<MessageList {...props({ messages: first, hasMore: true })} />);
    const log = screen.getByRole('log', { name: 'Messages' });
    expect(log).toHaveAttribute('aria-live', 'polite');
    const quiet = (text: string) => !!screen.getByText(text).closest('[aria-live="off"]');
    expect(quiet('Message 2')).toBe(true);
    expect(quiet('Message 3')).toBe(true);
    // An older page loads in above, then a new message arrives.
    const withOlder = [message(1, at(today, '09:00')), ...first];
    rerender(<MessageList {...props({ messages: withOlder, hasMore: false })} />);
    rerender(<MessageList {...props({ messages: [...withOlder, message(4, at(today, '10:10'))] })} />);
    expect(quiet('Message 1')).toBe(true);
    expect(quiet('Message 4')).toBe(false);
    expect(screen.getByText('Message 4').closest('[role="log"]')).toBe(log);
    // Who wrote each message is said, also where the bubble doesn't show it.
    expect(screen.getByText('Message 4').closest('[data-testid="message"]')).toHaveTextContent(/^Asha Rao: Message 4/);
  });
});

describe('chat dates', () => {
  afterEach(() => setSchoolTimeZone('UTC'));

  it('names the day as a person would', () => {
    setSchoolTimeZone('UTC');
    const now = '2026-11-23T12:00:00Z';
    expect(dayLabel('2026-11-23T08:00:00Z', now)).toBe('Today');
    expect(dayLabel('2026-11-22T23:59:00Z', now)).toBe('Yesterday');
    expect(dayLabel('2026-11-02T10:00:00Z', now)).toBe('Monday, 2 November');
    expect(dayLabel('2025-12-31T10:00:00Z', now)).toBe('31 December 2025');
    expect(shortStamp('2026-11-23T15:14:00Z', now)).toBe('15:14');
    expect(shortStamp('2026-11-22T15:14:00Z', now)).toBe('Yesterday');
    expect(shortStamp('2025-12-31T10:00:00Z', now)).toBe('31 Dec 2025');
  });

  it("follows the school's clock, not the browser's: 20:00 UTC is already tomorrow in Kolkata", () => {
    setSchoolTimeZone('Asia/Kolkata');
    const now = '2026-11-23T06:30:00Z'; // 12:00 in Kolkata
    expect(dayLabel('2026-11-22T20:00:00Z', now)).toBe('Today');
    expect(shortStamp('2026-11-22T20:00:00Z', now)).toBe('01:30');
    expect(dayLabel('2026-11-22T18:00:00Z', now)).toBe('Yesterday');
  });
});
