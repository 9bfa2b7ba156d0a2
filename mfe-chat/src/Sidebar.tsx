import { SearchOutlined, TeamOutlined } from '@ant-design/icons';
import { Badge, Empty, Flex, Input, Typography, theme } from 'antd';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { Conversation } from '@portal/contracts';
import { srOnly, ColourAvatar } from '@portal/ui';
import { shortStamp } from './days';
import { useChatT } from './i18n';

export function Sidebar({
  conversations,
  activeId,
  focusId,
  onOpen,
  large,
}: {
  conversations: Conversation[];
  activeId?: string;
  /** The conversation to give focus to (the one just left by Back). */
  focusId?: string;
  onOpen: (c: Conversation) => void;
  large: boolean;
}) {
  const { t } = useChatT();
  const { token } = theme.useToken();
  const [filter, setFilter] = useState('');
  const list = useRef<HTMLUListElement>(null);
  const shown = conversations.filter((c) => c.displayName.toLowerCase().includes(filter.trim().toLowerCase()));
  useEffect(() => {
    if (focusId) list.current?.querySelector<HTMLButtonElement>(`[data-id="${CSS.escape(focusId)}"]`)?.focus();
  }, [focusId]);
  // Up/Down/Home/End move between conversations; Tab goes through them in the order shown.
  const onKeyDown = (e: KeyboardEvent<HTMLUListElement>) => {
    const items = [...(list.current?.querySelectorAll<HTMLButtonElement>('button[data-id]') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLButtonElement);
    if (at < 0) return;
    const next = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: items.length - 1 }[e.key];
    if (next === undefined || !items[next]) return;
    e.preventDefault();
    items[next].focus();
  };
  return (
    <Flex vertical style={{ height: '100%', minHeight: 0 }}>
      <div style={{ padding: 12 }}>
        <Input
          allowClear
          size={large ? 'large' : 'middle'}
          prefix={<SearchOutlined aria-hidden />}
          placeholder={t('sidebar.search')}
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          aria-label={t('sidebar.search')}
        />
      </div>
      <div style={{ overflowY: 'auto', flex: 1 }}>
        {!shown.length ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('sidebar.empty')} />
        ) : (
          <ul ref={list} onKeyDown={onKeyDown} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {shown.map((c) => {
              const preview = c.lastMessage?.content || c.subtitle;
              return (
                <li key={c._id}>
                  <button
                    type="button"
                    data-id={c._id}
                    data-testid="conversation"
                    onClick={() => onOpen(c)}
                    aria-current={c._id === activeId ? 'true' : undefined}
                    style={{
                      display: 'flex',
                      gap: 12,
                      alignItems: 'center',
                      width: '100%',
                      minHeight: 56,
                      padding: '10px 12px',
                      border: 0,
                      textAlign: 'left',
                      font: 'inherit',
                      color: 'inherit',
                      cursor: 'pointer',
                      background: c._id === activeId ? token.controlItemBgActive : 'transparent',
                    }}
                  >
                    <Badge count={c.unreadCount} size="small" aria-hidden>
                      <ColourAvatar
                        color={c.color}
                        icon={c.type === 'group' ? <TeamOutlined aria-hidden /> : undefined}
                      >
                        {c.type === 'group' ? undefined : c.displayName.charAt(0)}
                      </ColourAvatar>
                    </Badge>
                    <Flex vertical style={{ minWidth: 0, flex: 1 }}>
                      <Flex justify="space-between" gap={8}>
                        <Typography.Text strong ellipsis>
                          {/* Named by what it shows (the name first), with what a screen reader can't see. */}
                          <span style={srOnly}>{t('sidebar.open')} </span>
                          {c.displayName}
                          {!!c.unreadCount && (
                            <span style={srOnly}>, {t('sidebar.unread', { count: c.unreadCount })}</span>
                          )}
                        </Typography.Text>
                        {c.lastMessage && (
                          <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
                            {shortStamp(c.lastMessage.createdAt)}
                          </Typography.Text>
                        )}
                      </Flex>
                      <Typography.Text type="secondary" ellipsis style={{ fontSize: 12 }}>
                        {preview}
                      </Typography.Text>
                    </Flex>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </Flex>
  );
}
