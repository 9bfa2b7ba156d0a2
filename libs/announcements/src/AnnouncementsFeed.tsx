import {
  CommentOutlined,
  DownOutlined,
  HeartFilled,
  HeartOutlined,
  ReloadOutlined,
  SendOutlined,
} from '@ant-design/icons';
import { Alert, Avatar, Button, Dropdown, Empty, Flex, Skeleton, Space, Tag } from 'antd';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import type { AnnouncementResponse, Role } from '@portal/contracts';
import { errorMessage, notify, useAppDispatch, useSession } from '@portal/web-core';
import { countOf, ItemList, ItemRow, Panel, Paragraph, Text } from '@portal/ui';
import {
  ageLabel,
  announcementsApi,
  isEdited,
  patchAnnouncement,
  sortAnnouncements,
  useAddAnnouncementCommentMutation,
  useAnnouncementCommentsQuery,
  useAnnouncements,
  useToggleLikeMutation,
  type AnnouncementSort,
} from './announcementsApi';

export const PRIORITY_COLOR: Record<string, string> = { urgent: 'red', high: 'orange', medium: 'blue', low: 'default' };
const ROLE_BADGE: Record<Role, { label: string; color: string }> = {
  mentor: { label: 'Mentor', color: 'blue' },
  admin: { label: 'Admin', color: 'purple' },
  mentee: { label: 'Student', color: 'green' },
};

// The comment box downloads when a thread is first opened: antd's Input (with its TextArea, Search, OTP and the form
// library) is 16 KB of gzip that the feed's first paint, on the students' dashboard, does not use.
const Input = lazy(() => import('antd/es/input'));

function Comments({ announcementId }: { announcementId: string }) {
  const { data = [], isLoading, error } = useAnnouncementCommentsQuery(announcementId);
  const [add, { isLoading: sending }] = useAddAnnouncementCommentMutation();
  const dispatch = useAppDispatch();
  const [text, setText] = useState('');
  useEffect(() => {
    if (error) notify.error('Failed to fetch comments');
  }, [error]);
  const send = async () => {
    const content = text.trim();
    if (!content) return;
    try {
      const c = await add({ id: announcementId, content }).unwrap();
      dispatch(
        announcementsApi.util.updateQueryData('announcementComments', announcementId, (list) => {
          if (!list.some((x) => x._id === c._id)) list.push(c);
        }),
      );
      setText('');
      notify.success('Comment added successfully!');
    } catch (e) {
      notify.error(errorMessage(e, 'Failed to add comment'));
    }
  };
  return (
    <Flex vertical gap={8} style={{ marginTop: 8 }}>
      {isLoading ? (
        <Skeleton active paragraph={{ rows: 1 }} />
      ) : data.length ? (
        <ItemList
          size="small"
          items={data}
          rowKey={(c) => c._id}
          renderItem={(c) => (
            <ItemRow
              avatar={<Avatar size="small">{c.userId.fullName.charAt(0)}</Avatar>}
              title={
                <Space size={6}>
                  {c.userId.fullName}
                  <Tag color={ROLE_BADGE[c.userRole].color}>{ROLE_BADGE[c.userRole].label}</Tag>
                  <Text type="secondary" style={{ fontSize: 12 }}>
                    {ageLabel(c.createdAt)}
                  </Text>
                </Space>
              }
              description={<Text style={{ whiteSpace: 'pre-wrap' }}>{c.content}</Text>}
            />
          )}
        />
      ) : (
        <Text type="secondary">No comments yet</Text>
      )}
      <Suspense fallback={<Skeleton.Input active block />}>
        <Space.Compact style={{ width: '100%' }}>
          <Input
            value={text}
            onChange={(e) => setText(e.target.value)}
            onPressEnter={send}
            placeholder="Write a comment and press Enter"
            maxLength={2000}
            aria-label="Write a comment"
          />
          <Button
            type="primary"
            icon={<SendOutlined />}
            onClick={send}
            loading={sending}
            disabled={!text.trim()}
            aria-label="Post comment"
          />
        </Space.Compact>
      </Suspense>
    </Flex>
  );
}

export function AnnouncementCard({ a, extra }: { a: AnnouncementResponse; extra?: ReactNode }) {
  const { user } = useSession();
  const [toggle, { isLoading }] = useToggleLikeMutation();
  const dispatch = useAppDispatch();
  const [open, setOpen] = useState(false);
  const liked = a.likes.some((l) => l.userId._id === user?._id);
  const like = async () => {
    try {
      const res = await toggle(a._id).unwrap();
      dispatch(
        patchAnnouncement(a._id, (x) => {
          x.likes = res.likes;
        }),
      );
    } catch (e) {
      notify.error(errorMessage(e, 'Failed to update like'));
    }
  };
  return (
    <Panel
      size="small"
      data-testid="announcement"
      style={{
        borderLeft: `4px solid ${a.priority === 'urgent' ? '#EF4444' : a.priority === 'high' ? '#F59E0B' : '#3B82F6'}`,
      }}
    >
      <Flex justify="space-between" gap={8} align="flex-start">
        <Flex vertical style={{ minWidth: 0 }}>
          <Text strong style={{ fontSize: 15 }}>
            {a.title}
          </Text>
          <Text type="secondary" style={{ fontSize: 12 }}>
            {a.authorId.fullName} · {ageLabel(a.createdAt)}
            {isEdited(a) ? ' · Edited' : ''}
          </Text>
        </Flex>
        <Space size={4}>
          {a.authorId._id === user?._id && <Tag color="cyan">Your announcement</Tag>}
          <Tag color={PRIORITY_COLOR[a.priority]} style={{ textTransform: 'capitalize' }}>
            {a.priority}
          </Tag>
          {extra}
        </Space>
      </Flex>
      <Paragraph style={{ whiteSpace: 'pre-wrap', margin: '8px 0' }}>{a.content}</Paragraph>
      <Space>
        <Button
          size="small"
          type={liked ? 'primary' : 'default'}
          ghost={liked}
          icon={liked ? <HeartFilled /> : <HeartOutlined />}
          onClick={like}
          disabled={isLoading}
          // The name holds the visible count too (WCAG 2.5.3: the visible text is part of the name).
          aria-label={`${liked ? 'Unlike' : 'Like'} · ${countOf(a.likes.length, 'like')}`}
          aria-pressed={liked}
        >
          {a.likes.length}
        </Button>
        <Button size="small" icon={<CommentOutlined />} onClick={() => setOpen((o) => !o)} aria-expanded={open}>
          {countOf(a.commentCount, 'comment')}
        </Button>
      </Space>
      {open && <Comments announcementId={a._id} />}
    </Panel>
  );
}

/** Under a list of announcements: the next page on demand, or a line saying the list is complete. */
export function LoadMore({
  hasMore,
  loading,
  onLoadMore,
  shown,
}: {
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => unknown;
  shown: number;
}) {
  return (
    <Flex justify="center" style={{ padding: 8 }}>
      {hasMore ? (
        <Button onClick={() => onLoadMore()} loading={loading}>
          Load more announcements
        </Button>
      ) : (
        <Text type="secondary">{shown > 1 ? `All ${countOf(shown, 'announcement')} shown` : ''}</Text>
      )}
    </Flex>
  );
}

const SORT_LABEL: Record<AnnouncementSort, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  likes: 'Most liked',
  priority: 'Priority',
};
const SORTS = Object.entries(SORT_LABEL).map(([key, label]) => ({ key, label }));

/** The students' feed (SPEC.md section 2): sort, like, comment, refresh; new announcements arrive live. */
export function AnnouncementsFeed() {
  const [sort, setSort] = useState<AnnouncementSort>('newest');
  const { data, isLoading, isFetching, error, refetch, hasMore, loadMore, isLoadingMore } = useAnnouncements();
  useEffect(() => {
    if (error) notify.error('Failed to fetch announcements');
  }, [error]);
  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" gap={8} wrap>
        {/* A menu button rather than a Select: the page already has the menu's code (the account menu), a Select is 22 KB more. */}
        <Dropdown
          trigger={['click']}
          menu={{
            items: SORTS,
            selectable: true,
            selectedKeys: [sort],
            onClick: (e) => setSort(e.key as AnnouncementSort),
          }}
        >
          <Button aria-label={`Sort announcements: ${SORT_LABEL[sort]}`}>
            <Flex gap={8} align="center">
              {SORT_LABEL[sort]} <DownOutlined style={{ fontSize: 10 }} />
            </Flex>
          </Button>
        </Dropdown>
        <Button icon={<ReloadOutlined />} onClick={() => refetch()} loading={isFetching}>
          Refresh Feed
        </Button>
      </Flex>
      {error ? (
        <Alert type="error" showIcon title="Failed to fetch announcements" />
      ) : isLoading ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : !data?.length ? (
        <Empty description="No announcements yet." />
      ) : (
        <>
          {sort !== 'newest' && hasMore && (
            <Text type="secondary">
              Sorted among the {countOf(data.length, 'announcement')} loaded; load more to include older ones.
            </Text>
          )}
          {sortAnnouncements(data, sort).map((a) => (
            <AnnouncementCard key={a._id} a={a} />
          ))}
          <LoadMore hasMore={hasMore} loading={isLoadingMore} onLoadMore={loadMore} shown={data.length} />
        </>
      )}
    </Flex>
  );
}
