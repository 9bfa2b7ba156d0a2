import {
  DeleteOutlined,
  EditOutlined,
  ExclamationCircleFilled,
  HistoryOutlined,
  ReloadOutlined,
} from '@ant-design/icons';
import {
  Button,
  Card,
  Col,
  Empty,
  Flex,
  Form,
  Input,
  List,
  Modal,
  Popconfirm,
  Row,
  Select,
  Skeleton,
  Space,
  Tag,
  Typography,
} from 'antd';
import { useEffect, useMemo, useState } from 'react';
import {
  ANNOUNCEMENT_PRIORITIES,
  ANNOUNCEMENT_READERS,
  type AnnouncementPriority,
  type AnnouncementReaders,
  type AnnouncementResponse,
} from '@portal/contracts';
import { errorMessage, notify, useSession, useScreens } from '@portal/web-core';
import {
  ageLabel,
  AnnouncementCard,
  audienceRequest,
  AudiencePicker,
  isEdited,
  LoadMore,
  PRIORITY_COLOR,
  sortAnnouncements,
  useAnnouncements,
  useAudienceLabel,
  useCreateAnnouncementMutation,
  useDeleteAnnouncementMutation,
  useUpdateAnnouncementMutation,
} from '@portal/announcements';
import { useConversationsQuery } from '@portal/chat';
import { useMyMenteesQuery } from '@portal/people';
import { useChatT } from './i18n';

interface ComposeValues {
  title: string;
  content: string;
  priority: AnnouncementPriority;
  /** The audience picker's value (AudiencePicker). */
  audience: string;
  readers: AnnouncementReaders;
}

function Compose() {
  const { t } = useChatT();
  const [form] = Form.useForm<ComposeValues>();
  const title = Form.useWatch('title', form) ?? '';
  const content = Form.useWatch('content', form) ?? '';
  const [create, { isLoading }] = useCreateAnnouncementMutation();
  // The mentor's active groups are their group chats; their mentees' classes come with the mentees list.
  const conversations = useConversationsQuery();
  const mentees = useMyMenteesQuery();
  const groups = useMemo(
    () =>
      (conversations.data ?? [])
        .filter((c) => c.type === 'group')
        .map((c) => ({ _id: c.groupId ?? c._id, name: c.displayName })),
    [conversations.data],
  );
  const toMentors = Form.useWatch('audience', form) === 'mentors';
  const submit = async ({ audience, readers, ...v }: ComposeValues) => {
    if (!v.title?.trim() || !v.content?.trim()) return notify.error(t('announcements.required'));
    try {
      await create({
        ...v,
        ...audienceRequest(audience),
        // Mentors have no families: only their own audience reads it.
        readers: audience === 'mentors' ? 'students' : readers,
        title: v.title.trim(),
        content: v.content.trim(),
      }).unwrap();
      notify.success(t('announcements.posted'));
      form.resetFields();
    } catch (e) {
      notify.error(errorMessage(e, t('announcements.createFailed')));
    }
  };
  return (
    <Card title={t('announcements.new')}>
      <Form
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{ priority: 'medium', audience: 'all', readers: 'students' }}
      >
        <Form.Item label={t('announcements.title')} name="title">
          <Input maxLength={200} placeholder={t('announcements.titlePlaceholder')} />
        </Form.Item>
        <Form.Item label={t('announcements.content')} name="content">
          <Input.TextArea rows={4} maxLength={5000} placeholder={t('announcements.contentPlaceholder')} />
        </Form.Item>
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item label={t('announcements.priorityLabel')} name="priority">
              <Select
                options={ANNOUNCEMENT_PRIORITIES.map((p) => ({ value: p, label: t(`announcements.priority.${p}`) }))}
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label={t('announcements.audienceLabel')} name="audience">
              <AudiencePicker
                groups={groups}
                mentees={mentees.data ?? []}
                loading={conversations.isLoading || mentees.isLoading}
              />
            </Form.Item>
          </Col>
        </Row>
        {!toMentors && (
          <Form.Item label={t('announcements.readersLabel')} name="readers" extra={t('announcements.readersHelp')}>
            <Select options={ANNOUNCEMENT_READERS.map((r) => ({ value: r, label: t(`announcements.readers.${r}`) }))} />
          </Form.Item>
        )}
        <Button
          type="primary"
          htmlType="submit"
          loading={isLoading}
          disabled={isLoading || !title.trim() || !content.trim()}
          block
        >
          {t('announcements.post')}
        </Button>
      </Form>
    </Card>
  );
}

function EditInline({ a, onDone }: { a: AnnouncementResponse; onDone: () => void }) {
  const { t } = useChatT();
  const [form] = Form.useForm<{ title: string; content: string; priority: AnnouncementResponse['priority'] }>();
  const [update, { isLoading }] = useUpdateAnnouncementMutation();
  useEffect(() => {
    form.setFieldsValue({ title: a.title, content: a.content, priority: a.priority });
  }, [a, form]);
  const save = async (v: { title: string; content: string; priority: AnnouncementResponse['priority'] }) => {
    if (!v.title.trim() || !v.content.trim()) return notify.error(t('announcements.required'));
    try {
      await update({ id: a._id, title: v.title.trim(), content: v.content.trim(), priority: v.priority }).unwrap();
      notify.success(t('announcements.updated'));
      onDone();
    } catch (e) {
      notify.error(errorMessage(e, t('announcements.updateFailed')));
    }
  };
  return (
    <Form form={form} layout="vertical" onFinish={save} style={{ width: '100%' }}>
      <Form.Item name="title" label={t('announcements.title')}>
        <Input maxLength={200} />
      </Form.Item>
      <Form.Item name="content" label={t('announcements.content')}>
        <Input.TextArea rows={3} maxLength={5000} />
      </Form.Item>
      <Form.Item name="priority" label={t('announcements.priorityLabel')}>
        <Select
          options={ANNOUNCEMENT_PRIORITIES.map((p) => ({ value: p, label: t(`announcements.priority.${p}`) }))}
          style={{ width: 160 }}
        />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" loading={isLoading}>
          {t('announcements.save')}
        </Button>
        <Button onClick={onDone}>{t('announcements.cancel')}</Button>
      </Space>
    </Form>
  );
}

function History({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useChatT();
  const { user } = useSession();
  const { data = [], hasMore, loadMore, isLoadingMore } = useAnnouncements();
  const [remove] = useDeleteAnnouncementMutation();
  const audienceLabel = useAudienceLabel();
  const [editing, setEditing] = useState<string | null>(null);
  const del = async (id: string) => {
    try {
      await remove(id).unwrap();
      notify.success(t('announcements.deleted'));
    } catch (e) {
      notify.error(errorMessage(e, t('announcements.deleteFailed')));
    }
  };
  return (
    <Modal open={open} title={t('announcements.viewAll')} onCancel={onClose} footer={null} width={760}>
      <List
        dataSource={sortAnnouncements(data, 'newest')}
        locale={{ emptyText: t('announcements.noneToView') }}
        style={{ maxHeight: '65vh', overflow: 'auto' }}
        renderItem={(a) => {
          const own = a.authorId._id === user?._id;
          return (
            <List.Item
              actions={
                own && editing !== a._id
                  ? [
                      <Button
                        key="e"
                        size="small"
                        icon={<EditOutlined aria-hidden />}
                        onClick={() => setEditing(a._id)}
                      >
                        {t('announcements.edit')}
                      </Button>,
                      <Popconfirm
                        icon={<ExclamationCircleFilled aria-hidden />}
                        key="d"
                        title={t('announcements.deleteConfirm')}
                        okText={t('announcements.delete')}
                        okButtonProps={{ danger: true }}
                        onConfirm={() => del(a._id)}
                      >
                        <Button size="small" danger icon={<DeleteOutlined aria-hidden />}>
                          {t('announcements.delete')}
                        </Button>
                      </Popconfirm>,
                    ]
                  : undefined
              }
            >
              {editing === a._id ? (
                <EditInline a={a} onDone={() => setEditing(null)} />
              ) : (
                <List.Item.Meta
                  title={
                    <Space wrap>
                      {a.title}
                      <Tag color={PRIORITY_COLOR[a.priority]}>{t(`announcements.priority.${a.priority}`)}</Tag>
                      {own && <Tag color="cyan">{t('announcements.yours')}</Tag>}
                      {isEdited(a) && <Tag>{t('announcements.edited')}</Tag>}
                    </Space>
                  }
                  description={
                    <>
                      {a.authorId.fullName} · {audienceLabel(a)} · {ageLabel(a.createdAt)}
                      <Typography.Paragraph ellipsis={{ rows: 2 }} style={{ margin: '4px 0 0' }}>
                        {a.content}
                      </Typography.Paragraph>
                    </>
                  }
                />
              )}
            </List.Item>
          );
        }}
        footer={
          data.length ? (
            <LoadMore hasMore={hasMore} loading={isLoadingMore} onLoadMore={loadMore} shown={data.length} />
          ) : undefined
        }
      />
    </Modal>
  );
}

/** Mentors' Announcements tab: compose, recent list, history with inline edit and delete, and a detail panel. */
export function AnnouncementsPanel() {
  const { t } = useChatT();
  const { data, isLoading, isFetching, refetch, error } = useAnnouncements();
  const audienceLabel = useAudienceLabel();
  const [history, setHistory] = useState(false);
  const [selected, setSelected] = useState<string | null>(null);
  const phone = useScreens().sm === false;
  useEffect(() => {
    if (error) notify.error(t('announcements.fetchFailed'));
  }, [error, t]);
  const list = sortAnnouncements(data ?? [], 'newest');
  const current = list.find((a) => a._id === selected);
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={9}>
        <Compose />
      </Col>
      <Col xs={24} lg={15}>
        <Card
          title={t('announcements.recent')}
          extra={
            // On a phone the two buttons are icons (named for screen readers), so the card's title keeps its words.
            <Space>
              <Button
                icon={<ReloadOutlined aria-hidden />}
                onClick={() => refetch()}
                loading={isFetching}
                aria-label={phone ? t('announcements.refresh') : undefined}
              >
                {!phone && t('announcements.refresh')}
              </Button>
              <Button
                icon={<HistoryOutlined aria-hidden />}
                onClick={() => (list.length ? setHistory(true) : notify.info(t('announcements.noneToView')))}
                aria-label={phone ? t('announcements.viewHistory') : undefined}
              >
                {!phone && t('announcements.viewHistory')}
              </Button>
            </Space>
          }
        >
          {isLoading ? (
            <Skeleton active />
          ) : !list.length ? (
            <Empty description={t('announcements.none')} />
          ) : current ? (
            <Flex vertical gap={8}>
              {/* The card's own Refresh (above) reloads the detail too: one Refresh per screen. */}
              <Flex>
                <Button onClick={() => setSelected(null)}>{t('announcements.close')}</Button>
              </Flex>
              <AnnouncementCard a={current} />
            </Flex>
          ) : (
            <List
              dataSource={list.slice(0, 6)}
              renderItem={(a) => (
                <List.Item
                  onClick={() => setSelected(a._id)}
                  style={{ cursor: 'pointer' }}
                  extra={<Tag color={PRIORITY_COLOR[a.priority]}>{t(`announcements.priority.${a.priority}`)}</Tag>}
                >
                  <List.Item.Meta
                    title={a.title}
                    description={`${a.authorId.fullName} · ${audienceLabel(a)} · ${ageLabel(a.createdAt)} · ${t('announcements.likes', { count: a.likes.length })} · ${t('announcements.comments', { count: a.commentCount })}`}
                  />
                </List.Item>
              )}
            />
          )}
        </Card>
      </Col>
      <History open={history} onClose={() => setHistory(false)} />
    </Row>
  );
}
