import {
  CommentOutlined,
  DownOutlined,
  HeartFilled,
  HeartOutlined,
  ReloadOutlined,
  SendOutlined,
} from '@ant-design/icons';
import { Alert, Avatar, Button, Empty, Flex, Skeleton, Tag, theme } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';
import { isTargetedAudience, type AnnouncementResponse, type Role } from '@portal/contracts';
import { errorMessage, notify, useAppDispatch, useSession } from '@portal/web-core';
import { ItemList, ItemRow, MenuButton, Panel, Paragraph, Text } from '@portal/ui';
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
import { useAnnouncementsT } from './i18n';
import { useAudienceLabel } from './useAudienceLabel';

export const PRIORITY_COLOR: Record<string, string> = { urgent: 'red', high: 'orange', medium: 'blue', low: 'default' };
const ROLE_COLOR: Record<Role, string> = { mentor: 'blue', admin: 'purple', mentee: 'green', guardian: 'gold' };

/** An announcement's priority ("urgent"…) in the current language, for every screen that shows one. */
export function useAnnouncementPriorityLabel(): (priority: string) => string {
  const { t } = useAnnouncementsT();
  return useCallback(
    (priority: string) =>
      (
        ({
          urgent: t('priority.urgent'),
          high: t('priority.high'),
          medium: t('priority.medium'),
          low: t('priority.low'),
        }) as Record<string, string>
      )[priority] ?? priority,
    [t],
  );
}

// The comment box downloads when a thread is first opened: antd's Input (with its TextArea, Search, OTP and the form
// library) is code that the feed's first paint, on the students' dashboard, does not use.
const Input = lazy(() => import('antd/es/input'));

function Comments({ announcementId }: { announcementId: string }) {
  const { data = [], isLoading, error } = useAnnouncementCommentsQuery(announcementId);
  const [add, { isLoading: sending }] = useAddAnnouncementCommentMutation();
  const dispatch = useAppDispatch();
  const [text, setText] = useState('');
  const { t } = useAnnouncementsT();
  const role: Record<Role, string> = {
    mentor: t('role.mentor'),
    admin: t('role.admin'),
    mentee: t('role.mentee'),
    guardian: t('role.guardian'),
  };
  useEffect(() => {
    if (error) notify.error(t('comments.loadError'));
  }, [error, t]);
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
      notify.success(t('comments.added'));
    } catch (e) {
      notify.error(errorMessage(e, t('comments.addFailed')));
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
                <Flex gap={6} align="center" wrap>
                  {c.userId.fullName}
                  <Tag color={ROLE_COLOR[c.userRole]}>{role[c.userRole]}</Tag>
                  <Text type="secondary" style={{ fontSize: 12 }}>
                    {ageLabel(c.createdAt)}
                  </Text>
                </Flex>
              }
              description={<Text style={{ whiteSpace: 'pre-wrap' }}>{c.content}</Text>}
            />
          )}
        />
      ) : (
        <Text type="secondary">{t('comments.none')}</Text>
      )}
      <Suspense fallback={<Skeleton.Input active block />}>
        <Flex gap={8} style={{ width: '100%' }}>
          <Input
            value={text}
            onChange={(e) => setText(e.target.value)}
            onPressEnter={send}
            placeholder={t('comments.placeholder')}
            maxLength={2000}
            aria-label={t('comments.label')}
          />
          <Button
            type="primary"
            icon={<SendOutlined aria-hidden />}
            onClick={send}
            loading={sending}
            disabled={!text.trim()}
            aria-label={t('comments.post')}
          />
        </Flex>
      </Suspense>
    </Flex>
  );
}

export function AnnouncementCard({ a, extra }: { a: AnnouncementResponse; extra?: ReactNode }) {
  const { user } = useSession();
  const [toggle, { isLoading }] = useToggleLikeMutation();
  const dispatch = useAppDispatch();
  const [open, setOpen] = useState(false);
  const { t } = useAnnouncementsT();
  const priorityLabel = useAnnouncementPriorityLabel();
  const audienceLabel = useAudienceLabel();
  const likes = t('card.likes', { count: a.likes.length });
  const liked = a.likes.some((l) => l.userId._id === user?._id);
  const { token } = theme.useToken();
  const like = async () => {
    try {
      const res = await toggle(a._id).unwrap();
      dispatch(
        patchAnnouncement(a._id, (x) => {
          x.likes = res.likes;
        }),
      );
    } catch (e) {
      notify.error(errorMessage(e, t('card.likeFailed')));
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
            {isEdited(a) ? t('card.edited') : ''}
          </Text>
        </Flex>
        <Flex gap={4} align="center" wrap>
          {a.authorId._id === user?._id && <Tag color="cyan">{t('card.yours')}</Tag>}
          <Tag color={PRIORITY_COLOR[a.priority]} style={{ textTransform: 'capitalize' }}>
            {priorityLabel(a.priority)}
          </Tag>
          {/* Addressed to a group or a class, not to a whole role: whom, so no reader takes it for everyone's. */}
          {isTargetedAudience(a.targetAudience) && <Tag color="geekblue">{audienceLabel(a)}</Tag>}
          {/* For families: staff see who besides the students reads it. */}
          {a.readers !== 'students' && <Tag color="purple">{t(`card.readers.${a.readers}`)}</Tag>}
          {extra}
        </Flex>
      </Flex>
      <Paragraph style={{ whiteSpace: 'pre-wrap', margin: '8px 0' }}>{a.content}</Paragraph>
      <Flex gap={8} align="center" wrap>
        <Button
          size="small"
          // Liked: the heart filled in the link colour; the count keeps the text colour (a primary ghost button's
          // blue count is 2.7:1 on the dark cards).
          icon={liked ? <HeartFilled aria-hidden style={{ color: token.colorLink }} /> : <HeartOutlined aria-hidden />}
          style={liked ? { borderColor: token.colorLink } : undefined}
          onClick={like}
          disabled={isLoading}
          // The name holds the visible count too (WCAG 2.5.3: the visible text is part of the name).
          aria-label={liked ? t('card.unlike', { likes }) : t('card.like', { likes })}
          aria-pressed={liked}
        >
          {a.likes.length}
        </Button>
        <Button
          size="small"
          icon={<CommentOutlined aria-hidden />}
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
        >
          {t('card.comments', { count: a.commentCount })}
        </Button>
      </Flex>
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
  const { t } = useAnnouncementsT();
  return (
    <Flex justify="center" style={{ padding: 8 }}>
      {hasMore ? (
        <Button onClick={() => onLoadMore()} loading={loading}>
          {t('loadMore')}
        </Button>
      ) : (
        <Text type="secondary">{shown > 1 ? t('allShown', { count: shown }) : ''}</Text>
      )}
    </Flex>
  );
}

/** The students' feed (SPEC.md section 2): sort, like, comment, refresh; new announcements arrive live. */
export function AnnouncementsFeed() {
  const [sort, setSort] = useState<AnnouncementSort>('newest');
  const { data, isLoading, isFetching, error, refetch, hasMore, loadMore, isLoadingMore } = useAnnouncements();
  const { t } = useAnnouncementsT();
  const sortLabel: Record<AnnouncementSort, string> = {
    newest: t('sort.newest'),
    oldest: t('sort.oldest'),
    likes: t('sort.likes'),
    priority: t('sort.priority'),
  };
  useEffect(() => {
    if (error) notify.error(t('feed.loadError'));
  }, [error, t]);
  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" gap={8} wrap>
        {/* A menu button rather than a Select (much heavier); its menu's code comes when the button is approached. */}
        <MenuButton
          menu={{
            items: Object.entries(sortLabel).map(([key, label]) => ({ key, label })),
            selectable: true,
            selectedKeys: [sort],
            onClick: (e) => setSort(e.key as AnnouncementSort),
          }}
        >
          <Button id="announcement-sort" aria-label={t('sort.label', { sort: sortLabel[sort] })}>
            <Flex gap={8} align="center">
              {sortLabel[sort]} <DownOutlined aria-hidden style={{ fontSize: 10 }} />
            </Flex>
          </Button>
        </MenuButton>
        <Button icon={<ReloadOutlined aria-hidden />} onClick={() => refetch()} loading={isFetching}>
          {t('feed.refresh')}
        </Button>
      </Flex>
      {error ? (
        <Alert type="error" showIcon title={t('feed.loadError')} />
      ) : isLoading ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : !data?.length ? (
        <Empty description={t('feed.none')} />
      ) : (
        <>
          {sort !== 'newest' && hasMore && (
            <Text type="secondary">{t('feed.sortedAmong', { count: data.length })}</Text>
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
