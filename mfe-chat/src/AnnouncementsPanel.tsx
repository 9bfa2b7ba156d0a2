import { DeleteOutlined, EditOutlined, HistoryOutlined, ReloadOutlined } from '@ant-design/icons';
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
import { useEffect, useState } from 'react';
import {
  ANNOUNCEMENT_AUDIENCES,
  ANNOUNCEMENT_PRIORITIES,
  type AnnouncementResponse,
  type CreateAnnouncementRequest,
} from '@portal/contracts';
import { errorMessage, notify, useSession } from '@portal/web-core';
import { countOf } from '@portal/ui';
import {
  ageLabel,
  AnnouncementCard,
  isEdited,
  LoadMore,
  PRIORITY_COLOR,
  sortAnnouncements,
  useAnnouncements,
  useCreateAnnouncementMutation,
  useDeleteAnnouncementMutation,
  useUpdateAnnouncementMutation,
} from '@portal/announcements';

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const AUDIENCE_LABEL: Record<string, string> = { all: 'Everyone', mentees: 'Mentees', mentors: 'Mentors' };

function Compose() {
  const [form] = Form.useForm<CreateAnnouncementRequest>();
  const title = Form.useWatch('title', form) ?? '';
  const content = Form.useWatch('content', form) ?? '';
  const [create, { isLoading }] = useCreateAnnouncementMutation();
  const submit = async (v: CreateAnnouncementRequest) => {
    if (!v.title?.trim() || !v.content?.trim()) return notify.error('Title and content are required');
    try {
      await create({ ...v, title: v.title.trim(), content: v.content.trim() }).unwrap();
      notify.success('Announcement posted successfully');
      form.resetFields();
    } catch (e) {
      notify.error(errorMessage(e, 'Failed to create announcement'));
    }
  };
  return (
    <Card title="New announcement">
      <Form
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{ priority: 'medium', targetAudience: 'all' }}
      >
        <Form.Item label="Title" name="title">
          <Input maxLength={200} placeholder="What is it about?" />
        </Form.Item>
        <Form.Item label="Content" name="content">
          <Input.TextArea rows={4} maxLength={5000} placeholder="Write the announcement" />
        </Form.Item>
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item label="Priority" name="priority">
              <Select options={ANNOUNCEMENT_PRIORITIES.map((p) => ({ value: p, label: cap(p) }))} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label="Target audience" name="targetAudience">
              <Select options={ANNOUNCEMENT_AUDIENCES.map((a) => ({ value: a, label: AUDIENCE_LABEL[a] }))} />
            </Form.Item>
          </Col>
        </Row>
        <Button
          type="primary"
          htmlType="submit"
          loading={isLoading}
          disabled={isLoading || !title.trim() || !content.trim()}
          block
        >
          Post Announcement
        </Button>
      </Form>
    </Card>
  );
}

function EditInline({ a, onDone }: { a: AnnouncementResponse; onDone: () => void }) {
  const [form] = Form.useForm<{ title: string; content: string; priority: AnnouncementResponse['priority'] }>();
  const [update, { isLoading }] = useUpdateAnnouncementMutation();
  useEffect(() => {
    form.setFieldsValue({ title: a.title, content: a.content, priority: a.priority });
  }, [a, form]);
  const save = async (v: { title: string; content: string; priority: AnnouncementResponse['priority'] }) => {
    if (!v.title.trim() || !v.content.trim()) return notify.error('Title and content are required');
    try {
      await update({ id: a._id, title: v.title.trim(), content: v.content.trim(), priority: v.priority }).unwrap();
      notify.success('Announcement updated successfully!');
      onDone();
    } catch (e) {
      notify.error(errorMessage(e, 'Failed to update announcement'));
    }
  };
  return (
    <Form form={form} layout="vertical" onFinish={save} style={{ width: '100%' }}>
      <Form.Item name="title" label="Title">
        <Input maxLength={200} />
      </Form.Item>
      <Form.Item name="content" label="Content">
        <Input.TextArea rows={3} maxLength={5000} />
      </Form.Item>
      <Form.Item name="priority" label="Priority">
        <Select options={ANNOUNCEMENT_PRIORITIES.map((p) => ({ value: p, label: cap(p) }))} style={{ width: 160 }} />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" loading={isLoading}>
          Save
        </Button>
        <Button onClick={onDone}>Cancel</Button>
      </Space>
    </Form>
  );
}

function History({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { user } = useSession();
  const { data = [], hasMore, loadMore, isLoadingMore } = useAnnouncements();
  const [remove] = useDeleteAnnouncementMutation();
  const [editing, setEditing] = useState<string | null>(null);
  const del = async (id: string) => {
    try {
      await remove(id).unwrap();
      notify.success('Announcement deleted successfully!');
    } catch (e) {
      notify.error(errorMessage(e, 'Failed to delete announcement'));
    }
  };
  return (
    <Modal open={open} title="View All Announcements" onCancel={onClose} footer={null} width={760}>
      <List
        dataSource={sortAnnouncements(data, 'newest')}
        locale={{ emptyText: 'No announcements to view yet' }}
        style={{ maxHeight: '65vh', overflow: 'auto' }}
        renderItem={(a) => {
          const own = a.authorId._id === user?._id;
          return (
            <List.Item
              actions={
                own && editing !== a._id
                  ? [
                      <Button key="e" size="small" icon={<EditOutlined />} onClick={() => setEditing(a._id)}>
                        Edit
                      </Button>,
                      <Popconfirm
                        key="d"
                        title="Delete this announcement?"
                        okText="Delete"
                        okButtonProps={{ danger: true }}
                        onConfirm={() => del(a._id)}
                      >
                        <Button size="small" danger icon={<DeleteOutlined />}>
                          Delete
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
                      <Tag color={PRIORITY_COLOR[a.priority]}>{cap(a.priority)}</Tag>
                      {own && <Tag color="cyan">Your announcement</Tag>}
                      {isEdited(a) && <Tag>Edited</Tag>}
                    </Space>
                  }
                  description={
                    <>
                      {a.authorId.fullName} · {AUDIENCE_LABEL[a.targetAudience]} · {ageLabel(a.createdAt)}
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
  const { data, isLoading, isFetching, refetch, error } = useAnnouncements();
  const [history, setHistory] = useState(false);
  const [selected, setSelected] = useState<string | null>(null);
  useEffect(() => {
    if (error) notify.error('Failed to fetch announcements');
  }, [error]);
  const list = sortAnnouncements(data ?? [], 'newest');
  const current = list.find((a) => a._id === selected);
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={9}>
        <Compose />
      </Col>
      <Col xs={24} lg={15}>
        <Card
          title="Recent Announcements"
          extra={
            <Space>
              <Button icon={<ReloadOutlined />} onClick={() => refetch()} loading={isFetching}>
                Refresh
              </Button>
              <Button
                icon={<HistoryOutlined />}
                onClick={() => (list.length ? setHistory(true) : notify.info('No announcements to view yet'))}
              >
                View History
              </Button>
            </Space>
          }
        >
          {isLoading ? (
            <Skeleton active />
          ) : !list.length ? (
            <Empty description="No announcements yet. Create your first update above." />
          ) : current ? (
            <Flex vertical gap={8}>
              {/* The card's own Refresh (above) reloads the detail too: one Refresh per screen. */}
              <Flex>
                <Button onClick={() => setSelected(null)}>Close</Button>
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
                  extra={<Tag color={PRIORITY_COLOR[a.priority]}>{cap(a.priority)}</Tag>}
                >
                  <List.Item.Meta
                    title={a.title}
                    description={`${a.authorId.fullName} · ${AUDIENCE_LABEL[a.targetAudience]} · ${ageLabel(a.createdAt)} · ${countOf(a.likes.length, 'like')} · ${countOf(a.commentCount, 'comment')}`}
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
