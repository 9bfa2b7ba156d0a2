import {
  ArrowLeftOutlined,
  MessageOutlined,
  PlusOutlined,
  SearchOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import {
  Avatar,
  Badge,
  Button,
  Card,
  Empty,
  Flex,
  Grid,
  Input,
  List,
  Modal,
  Segmented,
  Skeleton,
  Tabs,
  Typography,
  theme,
} from 'antd';
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { formatConversationId, type Conversation } from '@portal/contracts';
import { Trans, useAppDispatch, useLocation, useNavigate, useParams, useSession } from '@portal/web-core';
import { LoadError, srOnly, TOUCH_PX } from '@portal/ui';
import { chatApi, useConversationsQuery } from '@portal/chat';
import { useMyMenteesQuery } from '@portal/people';
import { AnnouncementsPanel } from './AnnouncementsPanel';
import { ChatPane } from './ChatPane';
import { shortStamp } from './days';
import { useChatT } from './i18n';

/** A list row's content as a real button (keyboard, screen readers), named by what it shows after `verb`. */
function RowButton({ verb, onPress, children }: { verb: string; onPress: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      onClick={onPress}
      style={{
        display: 'block',
        width: '100%',
        minHeight: TOUCH_PX,
        padding: 0,
        border: 0,
        background: 'transparent',
        textAlign: 'left',
        font: 'inherit',
        color: 'inherit',
        cursor: 'pointer',
      }}
    >
      <span style={srOnly}>{verb} </span>
      {children}
    </button>
  );
}

/** Mentors start a chat with one of their mentees, or open one of their groups' chats (a group is its chat). */
export function NewChatPicker({
  open,
  onClose,
  groups,
}: {
  open: boolean;
  onClose: () => void;
  groups: Conversation[];
}) {
  const { t } = useChatT();
  const { data = [], isLoading, isFetching, isError, refetch } = useMyMenteesQuery(undefined, { skip: !open });
  const [kind, setKind] = useState<'mentees' | 'groups'>('mentees');
  const [search, setSearch] = useState('');
  const navigate = useNavigate();
  const phone = usePhoneLayout();
  const term = search.trim().toLowerCase();
  const listHeight = phone ? 'calc(100dvh - 220px)' : 380;
  const go = (conversationId: string) => {
    onClose();
    navigate(`/chat/${conversationId}`);
  };
  // Name, student ID or class-section, case-insensitively (SPEC.md section 5).
  const shown = data.filter(
    (m) =>
      !term ||
      m.fullName.toLowerCase().includes(term) ||
      m.studentId.toLowerCase().includes(term) ||
      `${m.class}-${m.section}`.toLowerCase().includes(term),
  );
  const shownGroups = groups.filter((g) => !term || g.displayName.toLowerCase().includes(term));
  return (
    <Modal
      open={open}
      title={t('picker.title')}
      onCancel={onClose}
      footer={null}
      // Full screen on a phone: the lists get the room, and nothing sits half off the edge.
      {...(phone && {
        width: '100%',
        style: { top: 0, maxWidth: '100vw', margin: 0, paddingBottom: 0 },
        styles: { container: { minHeight: '100dvh', borderRadius: 0 } },
      })}
    >
      <Segmented
        block
        value={kind}
        onChange={(v) => setKind(v as 'mentees' | 'groups')}
        options={[
          { value: 'mentees', label: t('picker.mentees'), icon: <UserOutlined /> },
          { value: 'groups', label: t('picker.groups', { count: groups.length }), icon: <TeamOutlined /> },
        ]}
        size={phone ? 'large' : 'middle'}
        style={{ marginBottom: 8 }}
      />
      <Input
        allowClear
        autoFocus
        size={phone ? 'large' : 'middle'}
        prefix={<SearchOutlined aria-hidden />}
        placeholder={kind === 'mentees' ? t('picker.searchMenteesPlaceholder') : t('picker.searchGroups')}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        aria-label={kind === 'mentees' ? t('picker.searchMentees') : t('picker.searchGroups')}
      />
      {kind === 'groups' ? (
        <>
          <List
            style={{ maxHeight: listHeight, overflow: 'auto', marginTop: 8 }}
            dataSource={shownGroups}
            locale={{ emptyText: groups.length ? t('picker.noGroupsMatch') : t('picker.noGroups') }}
            renderItem={(g) => (
              <List.Item>
                <RowButton verb={t('picker.open')} onPress={() => go(g._id)}>
                  <List.Item.Meta
                    avatar={<Avatar style={{ background: g.color }} icon={<TeamOutlined />} />}
                    title={g.displayName}
                    description={g.subtitle}
                  />
                </RowButton>
              </List.Item>
            )}
          />
          <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8 }}>
            <Trans
              t={t}
              i18nKey="picker.groupsHelp"
              components={{
                groups: (
                  <Typography.Link
                    onClick={() => {
                      onClose();
                      navigate('/groups');
                    }}
                  />
                ),
              }}
            />
          </Typography.Text>
        </>
      ) : isError ? (
        <div style={{ marginTop: 8 }}>
          <LoadError title={t('picker.menteesFailed')} onRetry={refetch} />
        </div>
      ) : (
        <List
          loading={isLoading || (isFetching && !data.length)}
          style={{ maxHeight: listHeight, overflow: 'auto', marginTop: 8 }}
          dataSource={shown}
          locale={{ emptyText: data.length ? t('picker.noMenteesMatch') : t('picker.noMentees') }}
          renderItem={(m) => (
            <List.Item>
              <RowButton
                verb={t('picker.chatWith')}
                onPress={() => go(formatConversationId({ type: 'individual', id: m._id }))}
              >
                <List.Item.Meta
                  avatar={<Avatar style={{ background: '#10B981' }}>{m.fullName.charAt(0)}</Avatar>}
                  title={m.fullName}
                  description={t('picker.menteeLine', { studentId: m.studentId, class: m.class, section: m.section })}
                />
              </RowButton>
            </List.Item>
          )}
        />
      )}
    </Modal>
  );
}

/** Room left for the chat below its top edge, so the composer sits at the bottom of the screen (phone or desktop). */
function useRestOfViewport(minHeight: number, ...deps: unknown[]) {
  const ref = useRef<HTMLDivElement>(null);
  const [top, setTop] = useState<number | null>(null);
  useLayoutEffect(() => {
    const measure = () => {
      const el = ref.current;
      if (el) setTop(el.getBoundingClientRect().top + window.scrollY);
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  // dvh: the height that is visible, also when a phone's browser bars or keyboard take part of the screen.
  const height = top === null ? 'calc(100dvh - 230px)' : `calc(100dvh - ${Math.round(top) + 24}px)`;
  return [ref, { height, minHeight }] as const;
}

function Sidebar({
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
                      <Avatar style={{ background: c.color }} icon={c.type === 'group' ? <TeamOutlined /> : undefined}>
                        {c.type === 'group' ? undefined : c.displayName.charAt(0)}
                      </Avatar>
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

/** Below md (phones, small tablets) the chat is list → conversation; from md up, both side by side. */
export function usePhoneLayout(): boolean {
  return Grid.useBreakpoint().md === false;
}

function Chats() {
  const { t } = useChatT();
  const { id } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const { user } = useSession();
  const { data = [], isLoading, error, refetch } = useConversationsQuery();
  const dispatch = useAppDispatch();
  const [picking, setPicking] = useState(false);
  const { token } = theme.useToken();
  const phone = usePhoneLayout();
  const active = useMemo(() => data.find((c) => c._id === id), [data, id]);
  const groups = useMemo(() => data.filter((c) => c.type === 'group'), [data]);
  // The conversation just left: its entry in the list gets focus back.
  const [left, setLeft] = useState<string>();
  const previousId = useRef(id);
  useEffect(() => {
    if (previousId.current && !id) setLeft(previousId.current);
    previousId.current = id;
  }, [id]);
  const [frameRef, frameStyle] = useRestOfViewport(phone ? 360 : 460, phone, !!id);
  useEffect(() => {
    // Opening marks the conversation read.
    if (active?.unreadCount)
      dispatch(
        chatApi.util.updateQueryData('conversations', undefined, (list) => {
          const c = list.find((x) => x._id === active._id);
          if (c) c.unreadCount = 0;
        }),
      );
  }, [active, dispatch]);
  // Opened from the list, Back is the browser's back (one history entry, as the browser's own button); opened from a
  // link or a reload, Back goes to the list.
  const open = (c: Conversation) => navigate(`/chat/${c._id}`, { state: { fromList: true } });
  const back = () => {
    if ((location.state as { fromList?: boolean } | null)?.fromList) navigate(-1);
    else navigate('/chat');
  };
  const mentee = user?.role === 'mentee';
  if (error) return <LoadError title={t('chats.failed')} onRetry={refetch} />;
  const showList = !phone || !id;
  const showPane = !phone || !!id;
  return (
    <Card styles={{ body: { padding: 0, height: '100%' } }} style={{ overflow: 'hidden' }}>
      <Flex ref={frameRef} style={frameStyle}>
        {showList && (
          <nav
            aria-label={t('chats.conversations')}
            style={{
              width: phone ? '100%' : 320,
              borderRight: phone ? undefined : `1px solid ${token.colorBorderSecondary}`,
              flexShrink: 0,
              display: 'flex',
              flexDirection: 'column',
              minHeight: 0,
            }}
          >
            {user?.role === 'mentor' && (
              <Flex justify="flex-end" style={{ padding: '12px 12px 0' }}>
                <Button
                  icon={<PlusOutlined />}
                  onClick={() => setPicking(true)}
                  style={phone ? { minHeight: TOUCH_PX } : undefined}
                >
                  {t('chats.newChat')}
                </Button>
              </Flex>
            )}
            {isLoading ? (
              <Skeleton active style={{ padding: 16 }} />
            ) : (
              <div style={{ flex: 1, minHeight: 0 }}>
                <Sidebar conversations={data} activeId={id} focusId={left} onOpen={open} large={phone} />
              </div>
            )}
          </nav>
        )}
        {showPane && (
          <div style={{ flex: 1, minWidth: 0 }}>
            {active ? (
              <ChatPane
                key={active._id}
                conversation={active}
                onClose={() => navigate('/chat')}
                onBack={phone ? back : undefined}
                phone={phone}
              />
            ) : id && !isLoading ? (
              <Flex vertical align="center" justify="center" gap={12} style={{ height: '100%', padding: 16 }}>
                <Empty description={t('chats.unavailable')} />
                {phone && (
                  <Button icon={<ArrowLeftOutlined />} onClick={back} style={{ minHeight: TOUCH_PX }}>
                    {t('chats.back')}
                  </Button>
                )}
              </Flex>
            ) : id ? (
              <Skeleton active style={{ padding: 16 }} />
            ) : (
              <Flex vertical align="center" justify="center" gap={8} style={{ height: '100%', padding: 16 }}>
                <MessageOutlined aria-hidden style={{ fontSize: 44, opacity: 0.4 }} />
                <Typography.Title level={2} style={{ margin: 0, fontSize: token.fontSizeHeading4 }}>
                  {mentee ? t('chats.welcome') : t('chats.select')}
                </Typography.Title>
                <Typography.Text type="secondary">
                  {mentee ? t('chats.welcomeHelp') : t('chats.selectHelp')}
                </Typography.Text>
              </Flex>
            )}
          </div>
        )}
      </Flex>
      <NewChatPicker open={picking} onClose={() => setPicking(false)} groups={groups} />
    </Card>
  );
}

export function ChatPage() {
  const { t } = useChatT();
  const { user } = useSession();
  const { id } = useParams();
  const { token } = theme.useToken();
  const [tab, setTab] = useState('chats');
  const phone = usePhoneLayout();
  const mentee = user?.role === 'mentee';
  // On a phone an open conversation takes the whole screen: the page's heading stays for screen readers only.
  const inConversation = phone && !!id;
  const heading = (
    <div style={inConversation ? srOnly : { marginBottom: phone ? 12 : 20 }}>
      <Typography.Title level={1} style={{ margin: 0, fontSize: token.fontSizeHeading3 }}>
        {t('page.title')}
      </Typography.Title>
      <Typography.Text type="secondary">{mentee ? t('page.menteeSubtitle') : t('page.subtitle')}</Typography.Text>
    </div>
  );
  return (
    <>
      {heading}
      {user?.role === 'mentor' ? (
        <Tabs
          activeKey={tab}
          onChange={setTab}
          renderTabBar={inConversation ? () => <></> : undefined}
          items={[
            { key: 'chats', label: t('page.chats'), children: <Chats /> },
            { key: 'announcements', label: t('page.announcements'), children: <AnnouncementsPanel /> },
          ]}
        />
      ) : (
        <Chats />
      )}
    </>
  );
}
