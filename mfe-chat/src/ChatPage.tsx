import { MessageOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import {
  Alert,
  Avatar,
  Badge,
  Button,
  Card,
  Empty,
  Flex,
  Input,
  List,
  Modal,
  Skeleton,
  Tabs,
  Typography,
  theme,
} from 'antd';
import dayjs from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { formatConversationId, type Conversation } from '@portal/contracts';
import { useAppDispatch, useNavigate, useParams, useSession } from '@portal/web-core';
import { PageHeader } from '@portal/ui';
import { chatApi, useConversationsQuery } from '@portal/chat';
import { useMyMenteesQuery } from '@portal/people';
import { AnnouncementsPanel } from './AnnouncementsPanel';
import { ChatPane } from './ChatPane';

function NewChatPicker({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { data = [], isLoading } = useMyMenteesQuery(undefined, { skip: !open });
  const [search, setSearch] = useState('');
  const navigate = useNavigate();
  const term = search.trim().toLowerCase();
  // Name, student ID or class-section, case-insensitively (SPEC.md section 5).
  const shown = data.filter(
    (m) =>
      !term ||
      m.fullName.toLowerCase().includes(term) ||
      m.studentId.toLowerCase().includes(term) ||
      `${m.class}-${m.section}`.toLowerCase().includes(term),
  );
  return (
    <Modal open={open} title="Start a new chat" onCancel={onClose} footer={null}>
      <Input
        allowClear
        autoFocus
        prefix={<SearchOutlined />}
        placeholder="Search by name, student ID or class-section"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        aria-label="Search mentees"
      />
      <List
        loading={isLoading}
        style={{ maxHeight: 380, overflow: 'auto', marginTop: 8 }}
        dataSource={shown}
        locale={{ emptyText: 'No mentees match' }}
        renderItem={(m) => (
          <List.Item
            style={{ cursor: 'pointer' }}
            onClick={() => {
              onClose();
              navigate(`/chat/${formatConversationId({ type: 'individual', id: m._id })}`);
            }}
          >
            <List.Item.Meta
              avatar={<Avatar style={{ background: '#10B981' }}>{m.fullName.charAt(0)}</Avatar>}
              title={m.fullName}
              description={`${m.studentId} · Class ${m.class}-${m.section}`}
            />
          </List.Item>
        )}
      />
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
                <Avatar style={{ background: c.color }}>{c.displayName.charAt(0)}</Avatar>
              </Badge>
              <Flex vertical style={{ minWidth: 0, flex: 1 }}>
                <Flex justify="space-between" gap={8}>
                  <Typography.Text strong ellipsis>
                    {c.displayName}
                  </Typography.Text>
                  {c.lastMessage && (
                    <Typography.Text type="secondary" style={{ fontSize: 11, whiteSpace: 'nowrap' }}>
                      {dayjs(c.lastMessage.createdAt).isSame(dayjs(), 'day')
                        ? dayjs(c.lastMessage.createdAt).format('HH:mm')
                        : dayjs(c.lastMessage.createdAt).format('MMM D')}
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
  const { data = [], isLoading, error } = useConversationsQuery();
  const dispatch = useAppDispatch();
  const [picking, setPicking] = useState(false);
  const { token } = theme.useToken();
  const active = useMemo(() => data.find((c) => c._id === id), [data, id]);
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
  if (error) return <Alert type="error" showIcon title="Failed to fetch conversations" />;
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
      <NewChatPicker open={picking} onClose={() => setPicking(false)} />
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
