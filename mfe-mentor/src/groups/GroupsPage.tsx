import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Col, Empty, Row, Segmented, Skeleton } from 'antd';
import { useState } from 'react';
import type { GroupResponse } from '@portal/contracts';
import { errorMessage, notify } from '@portal/web-core';
import { LoadError, PageHeader } from '@portal/ui';
import { useArchiveGroupMutation, useMentorGroupsQuery } from '@portal/groups';
import { useMentorT } from '../i18n';
import { ArchivedGroups } from './ArchivedGroups';
import { GroupCard } from './GroupCard';
import { GroupDetails } from './GroupDetails';
import { GroupFormDialog } from './GroupFormDialog';

export function GroupsPage() {
  const { t } = useMentorT();
  const [view, setView] = useState<'active' | 'archived'>('active');
  const { data, isLoading, error, refetch } = useMentorGroupsQuery();
  const [archive] = useArchiveGroupMutation();
  const [editing, setEditing] = useState<GroupResponse | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [details, setDetails] = useState<string | null>(null);
  const openForm = (g: GroupResponse | null) => {
    setEditing(g);
    setFormOpen(true);
  };
  const onArchive = async (g: GroupResponse) => {
    try {
      await archive(g._id).unwrap();
      notify.success(t('groups.archived'));
    } catch (e) {
      notify.error(errorMessage(e, t('groups.archiveFailed')));
    }
  };
  return (
    <>
      <PageHeader
        title={t('groups.title')}
        subtitle={t('groups.subtitle')}
        extra={
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => openForm(null)}>
            {t('groups.createTitle')}
          </Button>
        }
      />
      <Segmented<'active' | 'archived'>
        value={view}
        onChange={setView}
        options={[
          { value: 'active', label: t('groups.active') },
          { value: 'archived', label: t('groups.archivedTab') },
        ]}
        aria-label={t('groups.showLabel')}
        style={{ marginBottom: 16 }}
      />
      {view === 'archived' ? (
        <ArchivedGroups onDetails={setDetails} />
      ) : error ? (
        <LoadError title={t('groups.fetchFailed')} onRetry={refetch} />
      ) : isLoading ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : !data?.length ? (
        <Card>
          <Empty description={t('groups.noneFound')}>
            <Button type="primary" onClick={() => setFormOpen(true)}>
              {t('groups.createFirst')}
            </Button>
          </Empty>
        </Card>
      ) : (
        <Row gutter={[16, 16]}>
          {data.map((g) => (
            <Col key={g._id} xs={24} md={12} xl={8}>
              <GroupCard group={g} onDetails={setDetails} onEdit={openForm} onArchive={onArchive} />
            </Col>
          ))}
        </Row>
      )}
      <GroupFormDialog group={editing} open={formOpen} onClose={() => setFormOpen(false)} />
      <GroupDetails id={details} onClose={() => setDetails(null)} />
    </>
  );
}
