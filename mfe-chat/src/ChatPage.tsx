import { MessageOutlined, PlusOutlined, SearchOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import {
  Avatar,
  Badge,
  Button,
  Card,
  Empty,
  Flex,
  Input,
  List,
  Modal,
  Segmented,
  Skeleton,
  Tabs,
  Typography,
  theme,
} from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { formatConversationId, type Conversation } from '@portal/contracts';
import { useAppDispatch, useNavigate, useParams, useSession } from '@portal/web-core';
import { LoadError, PageHeader } from '@portal/ui';
import { chatApi, useConversationsQuery } from '@portal/chat';
import { useMyMenteesQuery } from '@portal/people';
import { AnnouncementsPanel } from './AnnouncementsPanel';
import { ChatPane } from './ChatPane';
import { shortStamp } from './days';

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
  const { data = [], isLoading, isFetching, isError, refetch } = useMyMenteesQuery(undefined, { skip: !open });
  const [kind, setKind] = useState<'mentees' | 'groups'>('mentees');
  const [search, setSearch] = useState('');
  const navigate = useNavigate();
  const term = search.trim().toLowerCase();
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
    <Modal open={open} title="Start a new chat" onCancel={onClose} footer={null}>
      <Segmented
        block
        value={kind}
        onChange={(v) => setKind(v as 'mentees' | 'groups')}
        options={[
          { value: 'mentees', label: 'Mentees', icon: <UserOutlined /> },
          { value: 'groups', label: `Groups (${groups.length})`, icon: <TeamOutlined /> },
        ]}
        style={{ marginBottom: 8 }}
      />
      <Input
        allowClear
        autoFocus
        prefix={<SearchOutlined />}
        placeholder={kind === 'mentees' ? 'Search by name, student ID or class-section' : 'Search groups'}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        aria-label={kind === 'mentees' ? 'Search mentees' : 'Search groups'}
      />
      {kind === 'groups' ? (
        <>
          <List
            style={{ maxHeight: 380, overflow: 'auto', marginTop: 8 }}
            dataSource={shownGroups}
            locale={{ emptyText: groups.length ? 'No groups match' : 'You have no groups yet' }}
            renderItem={(g) => (
              <List.Item style={{ cursor: 'pointer' }} onClick={() => go(g._id)} aria-label={`Open ${g.displayName}`}>
                <List.Item.Meta
                  avatar={<Avatar style={{ background: g.color }} icon={<TeamOutlined />} />}
                  title={g.displayName}
                  description={g.subtitle}
                />
              </List.Item>
            )}
          />
          <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8 }}>
            Each group has its chat. To chat with a new set of mentees,{' '}
            <Typography.Link
              onClick={() => {
                onClose();
                navigate('/groups');
              }}
            >
              create a group
            </Typography.Link>
            .
          </Typography.Text>
        </>
      ) : isError ? (
        <div style={{ marginTop: 8 }}>
          <LoadError title="Failed to fetch mentees" onRetry={refetch} />
        </div>
      ) : (
        <List
          loading={isLoading || (isFetching && !data.length)}
          style={{ maxHeight: 380, overflow: 'auto', marginTop: 8 }}
          dataSource={shown}
          locale={{ emptyText: data.length ? 'No mentees match' : 'You have no mentees yet' }}
          renderItem={(m) => (
            <List.Item
              style={{ cursor: 'pointer' }}
              onClick={() => go(formatConversationId({ type: 'individual', id: m._id }))}
              aria-label={`Chat with ${m.fullName}`}
            >
              <List.Item.Meta
                avatar={<Avatar style={{ background: '#10B981' }}>{m.fullName.charAt(0)}</Avatar>}
                title={m.fullName}
                description={`${m.studentId} · Class ${m.class}-${m.section}`}
              />
            </List.Item>
          )}
        />
      )}
    </Modal>
  );
}

function Sidebar({
  conversations,
  activeId,
  onOpen,
}: {
  conversations: Conversation[];
  activeId?: string;
  onOpen: (c: Conversation) => void;
}) {
  const { token } = theme.useToken();
  const [filter, setFilter] = useState('');
  const shown = conversations.filter((c) => c.displayName.toLowerCase().includes(filter.trim().toLowerCase()));
  return (
    <Flex vertical style={{ height: '100%' }}>
      <div style={{ padding: 12 }}>
        <Input
          allowClear
          prefix={<SearchOutlined />}
          placeholder="Search conversations"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          aria-label="Search conversations"
        />
      </div>
      <div style={{ overflowY: 'auto', flex: 1 }}>
        {!shown.length ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No conversations" />
        ) : (
          shown.map((c) => (
            <Flex
              key={c._id}
              gap={12}
              align="center"
              onClick={() => onOpen(c)}
              role="button"
              aria-label={`Open ${c.displayName}`}
              data-testid="conversation"
              style={{
                padding: '10px 12px',
                cursor: 'pointer',
                background: c._id === activeId ? token.controlItemBgActive : undefined,
              }}
            >
              <Badge count={c.unreadCount} size="small">
                <Avatar
                  style={{ background: c.color }}
                  icon={c.type === 'group' ? <TeamOutlined aria-label="Group" /> : undefined}
                >
                  {c.type === 'group' ? undefined : c.displayName.charAt(0)}
                </Avatar>
              </Badge>
              <Flex vertical style={{ minWidth: 0, flex: 1 }}>
                <Flex justify="space-between" gap={8}>
                  <Typography.Text strong ellipsis>
                    {c.displayName}
                  </Typography.Text>
                  {c.lastMessage && (
                    <Typography.Text type="secondary" style={{ fontSize: 11, whiteSpace: 'nowrap' }}>
                      {shortStamp(c.lastMessage.createdAt)}
                    </Typography.Text>
                  )}
                </Flex>
                <Typography.Text type="secondary" ellipsis style={{ fontSize: 12 }}>
                  {c.lastMessage?.content || c.subtitle}
                </Typography.Text>
              </Flex>
            </Flex>
          ))
        )}
      </div>
    </Flex>
  );
}

function Chats() {
  const { id } = useParams();
  const navigate = useNavigate();
  const { user } = useSession();
  const { data = [], isLoading, error, refetch } = useConversationsQuery();
  const dispatch = useAppDispatch();
  const [picking, setPicking] = useState(false);
  const { token } = theme.useToken();
  const active = useMemo(() => data.find((c) => c._id === id), [data, id]);
  const groups = useMemo(() => data.filter((c) => c.type === 'group'), [data]);
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
  const mentee = user?.role === 'mentee';
  if (error) return <LoadError title="Failed to fetch conversations" onRetry={refetch} />;
  return (
    <Card styles={{ body: { padding: 0 } }}>
      <Flex style={{ height: 'calc(100vh - 230px)', minHeight: 460 }}>
        <div style={{ width: 320, borderRight: `1px solid ${token.colorBorderSecondary}`, flexShrink: 0 }}>
          {user?.role === 'mentor' && (
            <Flex justify="flex-end" style={{ padding: '12px 12px 0' }}>
              <Button icon={<PlusOutlined />} onClick={() => setPicking(true)}>
                New chat
              </Button>
            </Flex>
          )}
          {isLoading ? (
            <Skeleton active style={{ padding: 16 }} />
          ) : (
            <Sidebar conversations={data} activeId={id} onOpen={(c) => navigate(`/chat/${c._id}`)} />
          )}
        </div>
        <div style={{ flex: 1, minWidth: 0 }}>
          {active ? (
            <ChatPane key={active._id} conversation={active} onClose={() => navigate('/chat')} />
          ) : id && !isLoading ? (
            <Flex vertical align="center" justify="center" style={{ height: '100%' }}>
              <Empty description="This conversation is not available to you." />
            </Flex>
          ) : (
            <Flex vertical align="center" justify="center" gap={8} style={{ height: '100%' }}>
              <MessageOutlined style={{ fontSize: 44, opacity: 0.4 }} />
              <Typography.Title level={4} style={{ margin: 0 }}>
                {mentee ? 'Welcome to Chat!' : 'Select a conversation'}
              </Typography.Title>
              <Typography.Text type="secondary">
                {mentee ? 'Talk with your mentor and your groups.' : 'Pick a mentee or a group on the left.'}
              </Typography.Text>
            </Flex>
          )}
        </div>
      </Flex>
      <NewChatPicker open={picking} onClose={() => setPicking(false)} groups={groups} />
    </Card>
  );
}

export function ChatPage() {
  const { user } = useSession();
  const [tab, setTab] = useState('chats');
  const mentee = user?.role === 'mentee';
  return (
    <>
      <PageHeader
        title="Chat"
        subtitle={mentee ? 'Browse your recent conversations' : 'Talk with your mentees and groups'}
      />
      {user?.role === 'mentor' ? (
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            { key: 'chats', label: 'Chats', children: <Chats /> },
            { key: 'announcements', label: 'Announcements', children: <AnnouncementsPanel /> },
          ]}
        />
      ) : (
        <Chats />
      )}
    </>
  );
}
