import { ExclamationCircleFilled, EyeOutlined, UndoOutlined } from '@ant-design/icons';
import { Button, Card, Col, Empty, Popconfirm, Row, Skeleton, Typography } from 'antd';
import type { GroupResponse } from '@portal/contracts';
import { errorMessage, notify, useFormat } from '@portal/web-core';
import { LoadError } from '@portal/ui';
import { useArchivedGroupsQuery, useRestoreGroupMutation } from '@portal/groups';
import { useMentorT } from '../i18n';

/** Archived groups: read-only cards with their details and history, and a way to bring each back. */
export function ArchivedGroups({ onDetails }: { onDetails: (id: string) => void }) {
  const { t } = useMentorT();
  const f = useFormat();
  const { data, isLoading, error, refetch } = useArchivedGroupsQuery();
  const [restore] = useRestoreGroupMutation();
  const onRestore = async (g: GroupResponse) => {
    try {
      await restore(g._id).unwrap();
      notify.success(t('groups.restored'));
    } catch (e) {
      notify.error(errorMessage(e, t('groups.restoreFailed')));
    }
  };
  if (error) return <LoadError title={t('groups.archivedFailed')} onRetry={refetch} />;
  if (isLoading) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (!data?.length)
    return (
      <Card>
        <Empty description={t('groups.noArchived')} />
      </Card>
    );
  return (
    <Row gutter={[16, 16]}>
      {data.map((g) => (
        <Col key={g._id} xs={24} md={12} xl={8}>
          <Card
            style={{ borderTop: `4px solid ${g.color}`, height: '100%' }}
            data-testid="archived-group-card"
            actions={[
              <Button key="v" type="text" icon={<EyeOutlined aria-hidden />} onClick={() => onDetails(g._id)}>
                {t('groups.viewDetails')}
              </Button>,
              <Popconfirm
                icon={<ExclamationCircleFilled aria-hidden />}
                key="r"
                title={t('groups.restoreTitle')}
                description={t('groups.restoreHelp')}
                okText={t('groups.restore')}
                onConfirm={() => onRestore(g)}
              >
                <Button type="text" icon={<UndoOutlined aria-hidden />}>
                  {t('groups.restore')}
                </Button>
              </Popconfirm>,
            ]}
          >
            <Typography.Title level={5} style={{ marginTop: 0 }}>
              {g.name}
            </Typography.Title>
            <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }}>
              {g.description || t('groups.noDescription')}
            </Typography.Paragraph>
            <Typography.Text type="secondary">
              {t('groups.memberCount', { count: g.mentees.length })}
              {g.archivedAt ? t('groups.archivedSuffix', { date: f.date(g.archivedAt) }) : ''}
            </Typography.Text>
          </Card>
        </Col>
      ))}
    </Row>
  );
}
