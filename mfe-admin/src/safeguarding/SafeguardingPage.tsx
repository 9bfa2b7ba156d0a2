import { EyeOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Skeleton, Table, Tabs, Tag, Typography } from 'antd';
import { useState, type HTMLAttributes } from 'react';
import { DELETED_CHAT_RETENTION_DAYS, ErrorCode, type KeptChatSummary } from '@portal/contracts';
import { EmptyState, LoadError, PageHeader, TOUCH_PX } from '@portal/ui';
import { errorCode, errorMessage, Link, Trans, useFormat, useScreens } from '@portal/web-core';
import { useKeptChats } from './keptChatsApi';
import { useRetentionQuery } from '../privacy/retentionApi';
import { ReadKeptChatDialog } from './ReadKeptChatDialog';
import { ReportsQueue } from './ReportsQueue';
import { useAdminT } from './i18n';
import { usePersonName } from './usePersonName';

/** The words of one kept chat, as the table and the cards both show them. */
function useKeptChatText() {
  const { t } = useAdminT();
  const f = useFormat();
  const name = usePersonName();
  return {
    scope: (c: KeptChatSummary) => t(`safeguarding.scope.${c.scope}`),
    participants: (c: KeptChatSummary) =>
      t('safeguarding.participants', {
        list: c.participants
          .map((p) => t('safeguarding.participant', { name: name(p), role: t(`safeguarding.roles.${p.role}`) }))
          .join(', '),
      }),
    deletedBy: (c: KeptChatSummary) =>
      t('safeguarding.deletedBy', { name: name(c.deletedBy), date: f.date(c.deletedAt) }),
    messages: (c: KeptChatSummary) => t('safeguarding.messages', { count: c.messageCount }),
    purgeOn: (c: KeptChatSummary) =>
      c.purgeAt ? t('safeguarding.purgeOn', { date: f.date(c.purgeAt) }) : t('safeguarding.keptForGood'),
  };
}

function ReadButton({ chat, onRead, block }: { chat: KeptChatSummary; onRead: () => void; block?: boolean }) {
  const { t } = useAdminT();
  return (
    <Button
      icon={<EyeOutlined aria-hidden />}
      onClick={onRead}
      block={block}
      aria-label={t('safeguarding.readLabel', { label: chat.label })}
      style={block ? { minHeight: TOUCH_PX } : undefined}
    >
      {t('safeguarding.read')}
    </Button>
  );
}

/** Phones: one card per kept chat, everything on it in lines, Read across its width. */
function KeptChatCards({ chats, onRead }: { chats: KeptChatSummary[]; onRead: (c: KeptChatSummary) => void }) {
  const text = useKeptChatText();
  return (
    <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 12 }}>
      {chats.map((c) => (
        <li key={c._id}>
          <Card size="small" data-testid="kept-chat">
            <Flex vertical gap={4}>
              <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>
                {c.label}
              </Typography.Text>
              <Flex gap={4} wrap>
                <Tag style={{ marginInlineEnd: 0 }}>{text.scope(c)}</Tag>
                <Tag style={{ marginInlineEnd: 0 }}>{text.messages(c)}</Tag>
              </Flex>
              <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }}>
                {text.participants(c)}
              </Typography.Text>
              <Typography.Text>{text.deletedBy(c)}</Typography.Text>
              <Typography.Text type="secondary">{text.purgeOn(c)}</Typography.Text>
              <div style={{ marginTop: 8 }}>
                <ReadButton chat={c} onRead={() => onRead(c)} block />
              </div>
            </Flex>
          </Card>
        </li>
      ))}
    </ul>
  );
}

/** Wider screens: a table, one row per kept chat. */
function KeptChatTable({ chats, onRead }: { chats: KeptChatSummary[]; onRead: (c: KeptChatSummary) => void }) {
  const { t } = useAdminT();
  const f = useFormat();
  const text = useKeptChatText();
  return (
    <Table<KeptChatSummary>
      rowKey="_id"
      dataSource={chats}
      pagination={false}
      onRow={() => ({ 'data-testid': 'kept-chat' }) as HTMLAttributes<HTMLElement>}
      columns={[
        {
          title: t('safeguarding.columns.chat'),
          key: 'chat',
          render: (_, c) => (
            <Flex vertical gap={2}>
              <Flex gap={8} wrap align="center">
                <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>
                  {c.label}
                </Typography.Text>
                <Tag style={{ marginInlineEnd: 0 }}>{text.scope(c)}</Tag>
              </Flex>
              <Typography.Text type="secondary" style={{ fontSize: 12, overflowWrap: 'anywhere' }}>
                {text.participants(c)}
              </Typography.Text>
            </Flex>
          ),
        },
        {
          title: t('safeguarding.columns.deleted'),
          key: 'deleted',
          width: 260,
          render: (_, c) => text.deletedBy(c),
        },
        {
          title: t('safeguarding.columns.messages'),
          key: 'messages',
          width: 130,
          render: (_, c) => text.messages(c),
        },
        {
          title: t('safeguarding.columns.purge'),
          key: 'purge',
          width: 140,
          render: (_, c) => (c.purgeAt ? f.date(c.purgeAt) : t('safeguarding.notPurged')),
        },
        {
          title: <span className="sr-only">{t('safeguarding.columns.actions')}</span>,
          key: 'read',
          width: 110,
          render: (_, c) => <ReadButton chat={c} onRead={() => onRead(c)} />,
        },
      ]}
    />
  );
}

/**
 * Deleted chats kept for the safeguarding leads, newest deletion first, a page at a time; each read after saying why.
 * An admin who is not a lead is told who can read them and where leads are designated.
 */
export function SafeguardingPage() {
  const { t } = useAdminT();
  const phone = useScreens().md === false;
  const list = useKeptChats();
  // The school's period for deleted chats (Privacy → Keeping records); the default until it is read.
  const retention = useRetentionQuery();
  const keptDays = retention.data ? retention.data.periods.deletedChats : DELETED_CHAT_RETENTION_DAYS;
  const [reading, setReading] = useState<KeptChatSummary | null>(null);
  const notLead = errorCode(list.error) === ErrorCode.NotSafeguardingLead;

  return (
    <>
      <PageHeader
        title={t('safeguarding.title')}
        subtitle={keptDays === null ? t('safeguarding.subtitleKept') : t('safeguarding.subtitle', { days: keptDays })}
      />
      <Tabs
        defaultActiveKey="reports"
        items={[
          { key: 'reports', label: t('safeguarding.reports.tab'), children: <ReportsQueue /> },
          {
            key: 'chats',
            label: t('safeguarding.reports.chatsTab'),
            children: (
              <>
                {notLead ? (
                  <Alert
                    type="info"
                    showIcon
                    data-testid="not-lead"
                    title={
                      <Trans t={t} i18nKey="safeguarding.notLead" components={{ users: <Link to="/admin/users" /> }} />
                    }
                  />
                ) : list.error && !list.data ? (
                  <LoadError title={errorMessage(list.error, t('safeguarding.loadFailed'))} onRetry={list.refetch} />
                ) : list.isLoading || !list.data ? (
                  <Card>
                    <Skeleton active paragraph={{ rows: 4 }} />
                  </Card>
                ) : list.data.length === 0 ? (
                  <Card>
                    <EmptyState title={t('safeguarding.empty')} />
                  </Card>
                ) : (
                  <>
                    {phone ? (
                      <KeptChatCards chats={list.data} onRead={setReading} />
                    ) : (
                      <KeptChatTable chats={list.data} onRead={setReading} />
                    )}
                    {list.hasMore && (
                      <Flex justify="center" style={{ marginTop: 16 }}>
                        <Button onClick={() => void list.loadMore()} loading={list.isLoadingMore}>
                          {t('safeguarding.loadMore')}
                        </Button>
                      </Flex>
                    )}
                  </>
                )}
              </>
            ),
          },
        ]}
      />
      {reading && (
        <ReadKeptChatDialog chat={reading} onClose={() => setReading(null)} onGone={() => void list.refetch()} />
      )}
    </>
  );
}
