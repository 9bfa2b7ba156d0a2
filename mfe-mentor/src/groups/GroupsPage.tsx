import {
  DeleteOutlined,
  EditOutlined,
  UndoOutlined,
  EyeOutlined,
  MessageOutlined,
  PlusOutlined,
  SearchOutlined,
} from '@ant-design/icons';
import {
  Avatar,
  Button,
  Card,
  Checkbox,
  Col,
  Descriptions,
  Empty,
  Flex,
  Form,
  Input,
  List,
  Modal,
  Popconfirm,
  Row,
  Segmented,
  Skeleton,
  Tag,
  Typography,
  theme,
} from 'antd';
import { useEffect, useState } from 'react';
import { DEFAULT_GROUP_COLOR, type GroupResponse, type MessagePage } from '@portal/contracts';
import dayjs from 'dayjs';
import { errorMessage, notify, useFormat, useNavigate } from '@portal/web-core';
import { LoadError, PageHeader } from '@portal/ui';
import { ColourField } from './ColourField';
import { AttendanceFigure, attendanceBand, BAND_TAG, hasRecordedDays, useNoAttendanceText } from '@portal/attendance';
import {
  useArchivedGroupHistoryQuery,
  useArchivedGroupsQuery,
  useArchiveGroupMutation,
  useCreateGroupMutation,
  useRestoreGroupMutation,
  useGroupDetailsQuery,
  useMentorGroupsQuery,
  useUpdateGroupMutation,
} from '@portal/groups';
import { useMyMenteesQuery } from '@portal/people';
import { useMentorT } from '../i18n';

interface GroupForm {
  name: string;
  description?: string;
  color: string;
  menteeIds: string[];
}

export function GroupFormDialog({
  group,
  open,
  onClose,
}: {
  group: GroupResponse | null;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useMentorT();
  const [form] = Form.useForm<GroupForm>();
  const { data: mentees = [] } = useMyMenteesQuery(undefined, { skip: !open });
  const [create, creating] = useCreateGroupMutation();
  const [update, updating] = useUpdateGroupMutation();
  const [filter, setFilter] = useState('');
  useEffect(() => {
    if (open) {
      form.setFieldsValue(
        group
          ? { name: group.name, description: group.description, color: group.color, menteeIds: group.menteeIds }
          : { name: '', description: '', color: DEFAULT_GROUP_COLOR, menteeIds: [] },
      );
      // eslint-disable-next-line react-hooks/set-state-in-effect -- each opening starts with an empty search
      setFilter('');
    }
  }, [open, group, form]);
  const submit = async (v: GroupForm) => {
    const body = {
      name: v.name.trim(),
      description: v.description?.trim() ?? '',
      color: v.color,
      menteeIds: v.menteeIds ?? [],
    };
    try {
      if (group) await update({ id: group._id, ...body }).unwrap();
      else await create(body).unwrap();
      notify.success(group ? t('groups.updated') : t('groups.created'));
      onClose();
    } catch (e) {
      notify.error(errorMessage(e, group ? t('groups.updateFailed') : t('groups.createFailed')));
    }
  };
  const term = filter.trim().toLowerCase();
  const shown = mentees.filter(
    (m) => !term || m.fullName.toLowerCase().includes(term) || m.studentId.toLowerCase().includes(term),
  );
  return (
    <Modal
      open={open}
      title={group ? t('groups.editTitle') : t('groups.createTitle')}
      okText={group ? t('groups.save') : t('groups.create')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={creating.isLoading || updating.isLoading}
      width={620}
      forceRender
    >
      <Form form={form} layout="vertical" onFinish={submit}>
        <Row gutter={16}>
          <Col flex="auto">
            <Form.Item
              label={t('groups.name')}
              name="name"
              rules={[{ required: true, whitespace: true, message: t('groups.nameRequired') }]}
            >
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col>
            <Form.Item label={t('groups.colour')} name="color">
              <ColourField label={t('groups.colour')} suggestedLabel={t('groups.suggested')} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item label={t('groups.description')} name="description">
          <Input.TextArea rows={2} maxLength={1000} />
        </Form.Item>
        <Form.Item label={t('groups.members')} extra={t('groups.membersHelp')}>
          <Input
            allowClear
            prefix={<SearchOutlined />}
            placeholder={t('groups.findMentee')}
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
            style={{ marginBottom: 8 }}
            aria-label={t('groups.findMentee')}
          />
          <Form.Item name="menteeIds" noStyle>
            <Checkbox.Group style={{ width: '100%' }}>
              <Flex vertical style={{ maxHeight: 240, overflow: 'auto', width: '100%' }} gap={4}>
                {mentees.map((m) => (
                  <Checkbox key={m._id} value={m._id} style={{ display: shown.includes(m) ? undefined : 'none' }}>
                    {m.fullName}{' '}
                    <Typography.Text type="secondary">
                      · {m.studentId} · {m.class}-{m.section}
                    </Typography.Text>
                  </Checkbox>
                ))}
                {!mentees.length && <Typography.Text type="secondary">{t('groups.noMentees')}</Typography.Text>}
              </Flex>
            </Checkbox.Group>
          </Form.Item>
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The chat of an archived group, read-only: the latest messages, older ones on demand. */
function ArchivedHistory({ id }: { id: string }) {
  const { t } = useMentorT();
  const [before, setBefore] = useState<string | undefined>();
  const [older, setOlder] = useState<MessagePage['messages']>([]);
  const { data, isLoading, isFetching, error, refetch } = useArchivedGroupHistoryQuery({ id, before });
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- each older page is kept above the ones shown
    if (data && before) setOlder((o) => [...data.messages.filter((m) => !o.some((x) => x._id === m._id)), ...o]);
  }, [data, before]);
  if (error) return <LoadError title={t('groups.historyFailed')} onRetry={refetch} />;
  if (isLoading) return <Skeleton active paragraph={{ rows: 3 }} />;
  const latest = before ? [] : (data?.messages ?? []);
  const shown = before ? older : latest;
  const first = shown[0];
  return (
    <Flex vertical gap={8}>
      <Typography.Text strong>{t('groups.history')}</Typography.Text>
      {data?.hasMore && first && (
        <Button
          size="small"
          loading={isFetching}
          onClick={() => {
            if (!before) setOlder(latest);
            setBefore(first._id);
          }}
        >
          {t('groups.loadEarlier')}
        </Button>
      )}
      {shown.length ? (
        <List
          size="small"
          dataSource={shown}
          style={{ maxHeight: 280, overflow: 'auto' }}
          renderItem={(m) => (
            <List.Item>
              <List.Item.Meta
                title={
                  <>
                    {m.sender.fullName}{' '}
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {dayjs(m.createdAt).format(t('groups.format.dateTime'))}
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

function GroupDetails({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useMentorT();
  const noAttendance = useNoAttendanceText();
  const f = useFormat();
  const { data, isLoading } = useGroupDetailsQuery(id ?? '', { skip: !id });
  return (
    <Modal
      open={!!id}
      title={data?.group.name ?? t('groups.group')}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('groups.close')}</Button>}
      width={680}
    >
      {isLoading || !data ? (
        <Skeleton active />
      ) : (
        <Flex vertical gap={16}>
          {data.group.archivedAt && (
            <Tag color="default">{t('groups.archivedOn', { date: f.date(data.group.archivedAt) })}</Tag>
          )}
          {data.group.description && <Typography.Paragraph>{data.group.description}</Typography.Paragraph>}
          <Descriptions
            size="small"
            bordered
            column={1}
            items={[
              {
                key: 'm',
                label: t('groups.mentor'),
                children: `${data.mentor.fullName} · ${data.mentor.department} · ${data.mentor.email}`,
              },
            ]}
          />
          <List
            header={<b>{t('groups.memberCount', { count: data.members.length })}</b>}
            dataSource={data.members}
            renderItem={(m) => (
              <List.Item
                extra={
                  m.attendance &&
                  (hasRecordedDays(m.attendance) ? (
                    <Flex vertical align="end">
                      <Tag color={BAND_TAG[attendanceBand(m.attendance.percentage)]} style={{ marginInlineEnd: 0 }}>
                        {f.percent(m.attendance.percentage)}
                      </Tag>
                      <AttendanceFigure attendance={m.attendance} line />
                    </Flex>
                  ) : (
                    <Tag>{noAttendance}</Tag>
                  ))
                }
              >
                <List.Item.Meta
                  avatar={<Avatar>{m.fullName.charAt(0)}</Avatar>}
                  title={m.fullName}
                  description={[m.studentId, `${m.class}-${m.section}`, m.email, m.phone].filter(Boolean).join(' · ')}
                />
              </List.Item>
            )}
          />
          {data.group.archivedAt && <ArchivedHistory id={data.group._id} />}
        </Flex>
      )}
    </Modal>
  );
}

/** Archived groups: read-only cards with their details and history, and a way to bring each back. */
function ArchivedGroups({ onDetails }: { onDetails: (id: string) => void }) {
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
              <Button key="v" type="text" icon={<EyeOutlined />} onClick={() => onDetails(g._id)}>
                {t('groups.viewDetails')}
              </Button>,
              <Popconfirm
                key="r"
                title={t('groups.restoreTitle')}
                description={t('groups.restoreHelp')}
                okText={t('groups.restore')}
                onConfirm={() => onRestore(g)}
              >
                <Button type="text" icon={<UndoOutlined />}>
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

export function GroupsPage() {
  const { t } = useMentorT();
  const f = useFormat();
  const navigate = useNavigate();
  const { token } = theme.useToken();
  const [view, setView] = useState<'active' | 'archived'>('active');
  const { data, isLoading, error, refetch } = useMentorGroupsQuery();
  const [archive] = useArchiveGroupMutation();
  const [editing, setEditing] = useState<GroupResponse | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [details, setDetails] = useState<string | null>(null);
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
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => {
              setEditing(null);
              setFormOpen(true);
            }}
          >
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
              <Card
                style={{ borderTop: `4px solid ${g.color}`, height: '100%' }}
                data-testid="group-card"
                actions={[
                  <Button key="v" type="text" icon={<EyeOutlined />} onClick={() => setDetails(g._id)}>
                    {t('groups.viewDetails')}
                  </Button>,
                  <Button key="c" type="text" icon={<MessageOutlined />} onClick={() => navigate(`/chat/${g._id}`)}>
                    {t('groups.openChat')}
                  </Button>,
                  <Button
                    key="e"
                    type="text"
                    icon={<EditOutlined />}
                    onClick={() => {
                      setEditing(g);
                      setFormOpen(true);
                    }}
                    aria-label={t('groups.editName', { name: g.name })}
                  />,
                  <Popconfirm
                    key="a"
                    title={t('groups.archiveTitle')}
                    description={t('groups.archiveConfirm')}
                    okText={t('groups.archive')}
                    onConfirm={() => onArchive(g)}
                  >
                    <Button
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={t('groups.archiveName', { name: g.name })}
                    />
                  </Popconfirm>,
                ]}
              >
                <Typography.Title level={5} style={{ marginTop: 0 }}>
                  {g.name}
                </Typography.Title>
                <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ minHeight: 44 }}>
                  {g.description || t('groups.noDescription')}
                </Typography.Paragraph>
                {/* Wraps on a phone instead of pushing the tag past the card. */}
                <Flex justify="space-between" align="center" wrap gap={8}>
                  {/* The "+N" avatar in body text on a neutral fill: antd's default pale text is below 4.5:1. */}
                  <Avatar.Group
                    max={{ count: 5, style: { background: token.colorFillSecondary, color: token.colorText } }}
                  >
                    {g.mentees.map((m) => (
                      <Avatar key={m._id} style={{ background: g.color }}>
                        {m.fullName.charAt(0)}
                      </Avatar>
                    ))}
                  </Avatar.Group>
                  <Tag color={BAND_TAG[attendanceBand(g.averageAttendance)]}>
                    {t('groups.average', {
                      members: t('groups.memberCount', { count: g.mentees.length }),
                      percent: f.percent(g.averageAttendance),
                    })}
                  </Tag>
                </Flex>
              </Card>
            </Col>
          ))}
        </Row>
      )}
      <GroupFormDialog group={editing} open={formOpen} onClose={() => setFormOpen(false)} />
      <GroupDetails id={details} onClose={() => setDetails(null)} />
    </>
  );
}
