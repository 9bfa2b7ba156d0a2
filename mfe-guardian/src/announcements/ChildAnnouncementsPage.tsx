import { Button, Flex, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import {
  ANNOUNCEMENT_PAGE_SIZE,
  isTargetedAudience,
  type AnnouncementResponse,
  type GuardianChild,
} from '@portal/contracts';
import { PRIORITY_COLOR, useAnnouncementPriorityLabel, useAudienceLabel } from '@portal/announcements';
import { EmptyState, LoadError, PageHeader, Panel, Text } from '@portal/ui';
import { useFormat } from '@portal/web-core';
import { ChildArea } from '../children/ChildArea';
import { useChildAnnouncementsQuery } from '../guardianApi';
import { useGuardianT } from '../i18n';

/** One announcement as a family reads it: no likes or comments (those are the students' and staff's). */
function AnnouncementCard({ a }: { a: AnnouncementResponse }) {
  const f = useFormat();
  const priority = useAnnouncementPriorityLabel();
  const audience = useAudienceLabel();
  return (
    <article data-testid="guardian-announcement" aria-labelledby={`announcement-${a._id}`}>
      <Flex vertical gap={4}>
        <Flex justify="space-between" align="flex-start" gap={8} wrap>
          <Text strong id={`announcement-${a._id}`} style={{ fontSize: 16 }}>
            {a.title}
          </Text>
          <Flex gap={4} wrap>
            <Tag color={PRIORITY_COLOR[a.priority]} style={{ textTransform: 'capitalize' }}>
              {priority(a.priority)}
            </Tag>
            {isTargetedAudience(a.targetAudience) && <Tag color="geekblue">{audience(a)}</Tag>}
          </Flex>
        </Flex>
        <Text type="secondary" style={{ fontSize: 13 }}>
          {a.authorId.fullName} · {f.dateTime(a.createdAt)}
        </Text>
        <Text style={{ whiteSpace: 'pre-wrap' }}>{a.content}</Text>
      </Flex>
    </article>
  );
}

/** One page of the child's announcements, from `before` (none: the newest); the last page offers the older ones. */
function AnnouncementsPage({
  child,
  before,
  last,
  onOlder,
}: {
  child: GuardianChild;
  before?: string;
  last: boolean;
  onOlder: (cursor: string) => void;
}) {
  const { t } = useGuardianT();
  const { data, error, refetch } = useChildAnnouncementsQuery({ childId: child._id, before });
  if (error) return <LoadError title={t('announcements.loadFailed')} onRetry={refetch} />;
  if (!data) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (!before && !data.length)
    return <EmptyState title={t('announcements.empty')} description={t('announcements.emptyHelp')} />;
  return (
    <>
      {data.map((a) => (
        <AnnouncementCard key={a._id} a={a} />
      ))}
      {last && data.length === ANNOUNCEMENT_PAGE_SIZE && (
        <Button onClick={() => onOlder(data[data.length - 1]._id)}>{t('announcements.older')}</Button>
      )}
    </>
  );
}

function ChildAnnouncements({ child }: { child: GuardianChild }) {
  const { t } = useGuardianT();
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  return (
    <Panel title={t('announcements.forChild', { name: child.fullName })} data-testid="child-announcements">
      <Flex vertical gap={20}>
        {cursors.map((before, i) => (
          <AnnouncementsPage
            key={before ?? 'newest'}
            child={child}
            before={before}
            last={i === cursors.length - 1}
            onOlder={(cursor) => setCursors((c) => [...c, cursor])}
          />
        ))}
      </Flex>
    </Panel>
  );
}

/** What the school tells the families of the chosen child: for every family, or for the child's group or class. */
export function ChildAnnouncementsPage() {
  const { t } = useGuardianT();
  return (
    <>
      <PageHeader title={t('announcements.title')} subtitle={t('announcements.subtitle')} />
      <ChildArea>{(child) => <ChildAnnouncements key={child._id} child={child} />}</ChildArea>
    </>
  );
}
