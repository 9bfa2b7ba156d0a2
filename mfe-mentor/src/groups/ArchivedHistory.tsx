import { Button, Flex, List, Skeleton, Typography } from 'antd';
import { LoadError } from '@portal/ui';
import { formatSchool } from '@portal/web-core';
import { useMentorT } from '../i18n';
import { useArchivedHistory } from './useArchivedHistory';

/** The chat of an archived group, read-only: the latest messages, older ones on demand. */
export function ArchivedHistory({ id }: { id: string }) {
  const { t } = useMentorT();
  const { messages, hasEarlier, loadEarlier, isLoading, isFetching, error, refetch } = useArchivedHistory(id);
  if (error) return <LoadError title={t('groups.historyFailed')} onRetry={refetch} />;
  if (isLoading) return <Skeleton active paragraph={{ rows: 3 }} />;
  return (
    <Flex vertical gap={8}>
      <Typography.Text strong>{t('groups.history')}</Typography.Text>
      {hasEarlier && (
        <Button size="small" loading={isFetching} onClick={loadEarlier}>
          {t('groups.loadEarlier')}
        </Button>
      )}
      {messages.length ? (
        <List
          size="small"
          dataSource={messages}
          style={{ maxHeight: 280, overflow: 'auto' }}
          renderItem={(m) => (
            <List.Item>
              <List.Item.Meta
                title={
                  <>
                    {m.sender.fullName}{' '}
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {formatSchool(m.createdAt, t('groups.format.dateTime'))}
                    </Typography.Text>
                  </>
                }
                description={m.content || (m.attachment ? t('groups.attachment', { name: m.attachment.fileName }) : '')}
              />
            </List.Item>
          )}
        />
      ) : (
        <Typography.Text type="secondary">{t('groups.noMessages')}</Typography.Text>
      )}
    </Flex>
  );
}
