import { CheckOutlined, ClockCircleOutlined, DeleteOutlined, FlagOutlined } from '@ant-design/icons';
import { Button, Divider, Empty, Flex, Skeleton, Spin, Typography, theme } from 'antd';
import { Fragment, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { FORMER_USER_NAME } from '@portal/contracts';
import type { DisplayMessage } from '@portal/chat';
import { AttachmentView } from './Attachments';
import { dayLabel, fullStamp } from './days';
import { srOnly } from '@portal/ui';
import { schoolDayOf, useFormat } from '@portal/web-core';
import { useChatT } from './i18n';

/** How close to an edge (px) counts as being at it. */
const EDGE_PX = 48;

export interface MessageListProps {
  messages: DisplayMessage[];
  loading: boolean;
  myId?: string;
  /** Group chats name the sender of each message. */
  showSenders: boolean;
  /** Older messages exist on the server. */
  hasMore: boolean;
  loadingOlder: boolean;
  olderFailed: boolean;
  onLoadOlder: () => void;
  /** Offered on one's own confirmed messages: deleting one asks first (the pane's confirmation). */
  onDelete?: (message: DisplayMessage) => void;
  /** Reporting someone else's message to the safeguarding leads; ids already reported here show as such. */
  onReport?: (message: DisplayMessage) => void;
  reported?: ReadonlySet<string>;
}

/**
 * The message list: opens at the newest message and stays there while the user is at the bottom (images that load
 * later included); scrolling to the top loads the older page without moving what the user is looking at.
 */
export function MessageList({
  messages,
  loading,
  myId,
  showSenders,
  hasMore,
  loadingOlder,
  olderFailed,
  onLoadOlder,
  onDelete,
  onReport,
  reported,
}: MessageListProps) {
  const { t } = useChatT();
  const senderName = (name: string) => (name === FORMER_USER_NAME ? t('messages.formerUser') : name);
  const f = useFormat();
  const { token } = theme.useToken();
  const box = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  /** The user is at the bottom: growth of the content (new messages, images) keeps them there. */
  const atBottom = useRef(true);
  const lastTop = useRef(0);
  /** The scroll height before an older page was asked for, to keep the same messages in view once it is in. */
  const heightBeforeOlder = useRef<number | null>(null);

  /**
   * The newest message when the thread first showed: it and everything older (pages loaded at the top included) sit
   * outside the live region; only what arrives after it is announced.
   */
  const [liveAfter, setLiveAfter] = useState<string | null>(null);
  const settled = !loading;
  const newestAtOpen = messages.at(-1)?.createdAt ?? '';
  // Set while rendering (React's pattern for state that follows props): the first render with messages knows it.
  if (settled && liveAfter === null) setLiveAfter(newestAtOpen);
  const firstNew = liveAfter === null ? -1 : messages.findIndex((m) => m.createdAt > liveAfter);
  const firstLive = firstNew < 0 ? messages.length : firstNew;

  const toBottom = useCallback(() => {
    const el = box.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, []);

  const askOlder = useCallback(() => {
    if (!hasMore || loadingOlder || !box.current) return;
    heightBeforeOlder.current = box.current.scrollHeight;
    onLoadOlder();
  }, [hasMore, loadingOlder, onLoadOlder]);

  const onScroll = () => {
    const el = box.current;
    if (!el) return;
    // Only the user leaves the bottom, by scrolling up: a scroll event of our own can arrive after the content grew
    // (an image decoded), and must not read as leaving.
    if (el.scrollHeight - el.scrollTop - el.clientHeight < EDGE_PX) atBottom.current = true;
    else if (el.scrollTop < lastTop.current) atBottom.current = false;
    lastTop.current = el.scrollTop;
    if (el.scrollTop < EDGE_PX && !olderFailed) askOlder();
  };

  // Any change of the content's height (messages, images decoded later, fonts) while at the bottom: stay there.
  useEffect(() => {
    const inner = content.current;
    if (!inner || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (atBottom.current && heightBeforeOlder.current === null) toBottom();
    });
    observer.observe(inner);
    return () => observer.disconnect();
  }, [toBottom]);

  const firstId = messages[0]?._id;
  const lastId = messages.at(-1)?._id;
  const lastMine = !!myId && messages.at(-1)?.senderId === myId;
  // An older page came in above: keep the same messages in view (the content grew by what was added on top).
  useLayoutEffect(() => {
    const el = box.current;
    if (!el || heightBeforeOlder.current === null) return;
    el.scrollTop += el.scrollHeight - heightBeforeOlder.current;
    heightBeforeOlder.current = null;
  }, [firstId]);
  // The load ended without new messages (failed or empty): nothing to keep in place.
  useEffect(() => {
    if (!loadingOlder) heightBeforeOlder.current = null;
  }, [loadingOlder]);
  // A new last message: follow it when at the bottom, and always after one's own (it was just sent).
  useLayoutEffect(() => {
    if (atBottom.current || lastMine) {
      atBottom.current = true;
      toBottom();
    }
  }, [lastId, lastMine, loading, toBottom]);
  // A first page that does not fill the box can't be scrolled: fetch until it does or the history ends.
  useEffect(() => {
    const el = box.current;
    if (el && !loading && hasMore && !olderFailed && el.scrollHeight <= el.clientHeight + EDGE_PX) askOlder();
  }, [loading, hasMore, olderFailed, messages.length, askOlder]);

  const bubble = (m: DisplayMessage, i: number) => {
    const mine = m.senderId === myId;
    const newDay = i === 0 || schoolDayOf(m.createdAt) !== schoolDayOf(messages[i - 1].createdAt);
    return (
      <Fragment key={m._id}>
        {newDay && (
          <Divider plain style={{ margin: '8px 0', fontSize: 12 }} data-testid="day-separator">
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {dayLabel(m.createdAt)}
            </Typography.Text>
          </Divider>
        )}
        <Flex justify={mine ? 'flex-end' : 'flex-start'} align="center" gap={4} style={{ marginBottom: 8 }}>
          {mine && !m.isOptimistic && onDelete && (
            // Beside the bubble, not on it: the icon keeps its contrast; the message it deletes is its description.
            <Button
              type="text"
              size="small"
              icon={<DeleteOutlined aria-hidden />}
              aria-label={t('messages.delete')}
              aria-describedby={`message-${m._id}`}
              title={t('messages.delete')}
              onClick={() => onDelete(m)}
              style={{ flexShrink: 0, color: token.colorTextSecondary }}
            />
          )}
          <div
            id={`message-${m._id}`}
            data-testid="message"
            data-optimistic={m.isOptimistic ? 'true' : 'false'}
            data-held={m.heldUntil ? 'true' : 'false'}
            style={{
              maxWidth: '72%',
              padding: '8px 12px',
              borderRadius: 12,
              opacity: m.isOptimistic ? 0.55 : 1,
              // Held over quiet hours: outlined, not filled, until it is delivered.
              ...(m.heldUntil
                ? { background: 'transparent', color: token.colorText, border: `1px dashed ${token.colorPrimary}` }
                : {}),
              ...(m.heldUntil
                ? {}
                : {
                    background: mine ? token.colorPrimary : token.colorFillSecondary,
                    color: mine ? '#fff' : token.colorText,
                  }),
            }}
          >
            {/* Who wrote it, for screen readers where it isn't shown. */}
            {(mine || !showSenders) && (
              <span style={srOnly}>{mine ? t('messages.you') : senderName(m.sender.fullName)}: </span>
            )}
            {!mine && showSenders && (
              <Typography.Text strong style={{ fontSize: 12, display: 'block', color: token.colorText }}>
                {senderName(m.sender.fullName)}
              </Typography.Text>
            )}
            {m.attachment && <AttachmentView attachment={m.attachment} />}
            {m.content && <span style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{m.content}</span>}
            {/* Full colour (no fading): small text needs its 4.5:1 contrast on the bubble. */}
            <Flex justify="flex-end" gap={4} style={{ fontSize: 11, marginTop: 2 }}>
              {m.heldUntil ? (
                <span data-testid="held">
                  <ClockCircleOutlined aria-hidden /> {t('messages.heldUntil', { time: f.time(m.heldUntil) })}
                </span>
              ) : (
                <time dateTime={m.createdAt} title={fullStamp(m.createdAt)}>
                  {f.time(m.createdAt)}
                </time>
              )}
              {mine && !m.isOptimistic && !m.heldUntil && <CheckOutlined aria-label={t('messages.delivered')} />}
            </Flex>
            {m.sentAt && (
              <div style={{ fontSize: 11 }} data-testid="delivered-late">
                {t('messages.writtenAt', { time: f.time(m.sentAt) })}
              </div>
            )}
          </div>
          {!mine &&
            !m.isOptimistic &&
            onReport &&
            (reported?.has(m._id) ? (
              <Typography.Text type="secondary" style={{ fontSize: 12, flexShrink: 0 }} data-testid="reported">
                {t('messages.reported')}
              </Typography.Text>
            ) : (
              <Button
                type="text"
                size="small"
                icon={<FlagOutlined aria-hidden />}
                aria-label={t('messages.report')}
                aria-describedby={`message-${m._id}`}
                title={t('messages.report')}
                onClick={() => onReport(m)}
                style={{ flexShrink: 0, color: token.colorTextSecondary }}
              />
            ))}
        </Flex>
      </Fragment>
    );
  };

  return (
    <div
      ref={box}
      onScroll={onScroll}
      style={{ flex: 1, overflowY: 'auto', overflowX: 'hidden', padding: '0 16px 16px' }}
      data-testid="message-list"
      // New messages are read out politely; the box can be focused to scroll it with the keyboard.
      role="log"
      aria-live="polite"
      aria-relevant="additions"
      aria-label={t('messages.label')}
      tabIndex={0}
    >
      <div ref={content}>
        {loading ? (
          <Skeleton active style={{ paddingTop: 16 }} />
        ) : !messages.length ? (
          <Empty style={{ paddingTop: 16 }} description={t('messages.empty')} />
        ) : (
          <>
            {/* One fixed-height slot, so that its states do not move the messages below. */}
            <Flex align="center" justify="center" style={{ height: 40 }} data-testid="history-start">
              {loadingOlder ? (
                <Flex gap={8} align="center" role="status">
                  <Spin size="small" />
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {t('messages.loadingOlder')}
                  </Typography.Text>
                </Flex>
              ) : olderFailed ? (
                <Typography.Text type="danger" style={{ fontSize: 12 }}>
                  {t('messages.olderFailed')}{' '}
                  <Button size="small" type="link" onClick={askOlder}>
                    {t('messages.retry')}
                  </Button>
                </Typography.Text>
              ) : !hasMore ? (
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t('messages.beginning')}
                </Typography.Text>
              ) : (
                <Button size="small" type="link" onClick={askOlder}>
                  {t('messages.loadOlder')}
                </Button>
              )}
            </Flex>
            {/* History: not announced (nor are older pages as they load in above). */}
            <div aria-live="off">{messages.slice(0, firstLive).map((m, i) => bubble(m, i))}</div>
            {messages.slice(firstLive).map((m, i) => bubble(m, firstLive + i))}
          </>
        )}
      </div>
    </div>
  );
}
