import {
  CheckOutlined,
  EditOutlined,
  MailOutlined,
  PhoneOutlined,
  SearchOutlined,
  TeamOutlined,
  UserSwitchOutlined,
} from '@ant-design/icons';
import {
  Alert,
  Button,
  Card,
  Col,
  Empty,
  Flex,
  Form,
  Input,
  List,
  Modal,
  Pagination,
  Progress,
  Row,
  Skeleton,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import type { MenteeRecord, MentorRecord } from '@portal/contracts';
import { errorMessage, notify, useDebounced, useFormat, useSearchParams } from '@portal/web-core';
import { PageHeader, ColourAvatar } from '@portal/ui';
import { AttendanceFigure, attendanceBand, BAND_COLOR, hasRecordedDays, useNoAttendanceText } from '@portal/attendance';
import {
  useAdminMenteesQuery,
  useAdminMentorsQuery,
  useAdminUserQuery,
  useAssignMentorMutation,
  useUpdateUserProfileMutation,
} from '../adminApi';
import { useAdminT } from './i18n';
import { ProfileFields, toFormValues, toRequest, type ProfileFormValues } from '../users/ProfileFields';

const Line = ({ icon, children }: { icon: React.ReactNode; children: React.ReactNode }) => (
  <Typography.Text type="secondary" ellipsis style={{ fontSize: 13 }}>
    {icon} {children}
  </Typography.Text>
);

function MentorCard({ m, onEdit, onViewMentees }: { m: MentorRecord; onEdit: () => void; onViewMentees: () => void }) {
  const { t } = useAdminT();
  const extra = m.subjects.length - 3;
  return (
    <Card
      size="small"
      style={{ height: '100%' }}
      data-testid="mentor-card"
      actions={[
        <Button key="e" type="text" icon={<EditOutlined aria-hidden />} onClick={onEdit}>
          {t('mentorship.edit')}
        </Button>,
        <Button key="v" type="text" icon={<TeamOutlined aria-hidden />} onClick={onViewMentees}>
          {t('mentorship.viewMentees')}
        </Button>,
      ]}
    >
      <Flex gap={12}>
        <ColourAvatar size={44} color="#3B82F6" style={{ flexShrink: 0 }}>
          {m.fullName.charAt(0)}
        </ColourAvatar>
        <Flex vertical gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Typography.Text strong ellipsis>
            {m.fullName}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {m.employeeId} · {m.department || t('mentorship.noDepartment')}
          </Typography.Text>
          <Flex gap={6} style={{ margin: '6px 0' }}>
            <Tag color="blue">{t('mentorship.mentees', { count: m.stats.menteeCount })}</Tag>
            <Tag color="purple">{t('mentorship.groups', { count: m.stats.groupCount })}</Tag>
            {!m.userId.isActive && <Tag>{t('mentorship.inactive')}</Tag>}
          </Flex>
          <Line icon={<PhoneOutlined aria-hidden />}>{m.phone || '—'}</Line>
          <Line icon={<MailOutlined aria-hidden />}>{m.userId.email}</Line>
          <Typography.Text type="secondary" style={{ fontSize: 13 }}>
            {t('mentorship.experience', { years: m.experience })} · {m.officeHours || t('mentorship.noOfficeHours')}
          </Typography.Text>
          <Flex gap={4} wrap style={{ marginTop: 6 }}>
            {m.subjects.slice(0, 3).map((s) => (
              <Tag key={s}>{s}</Tag>
            ))}
            {extra > 0 && <Tag>+{extra}</Tag>}
          </Flex>
        </Flex>
      </Flex>
    </Card>
  );
}

function MenteeCard({ m, onEdit, onAssign }: { m: MenteeRecord; onEdit: () => void; onAssign: () => void }) {
  const { t } = useAdminT();
  const noAttendance = useNoAttendanceText();
  const f = useFormat();
  const a = m.attendance;
  return (
    <Card
      size="small"
      style={{ height: '100%' }}
      data-testid="mentee-card"
      actions={[
        <Button key="e" type="text" icon={<EditOutlined aria-hidden />} onClick={onEdit}>
          {t('mentorship.edit')}
        </Button>,
        <Button key="a" type="text" icon={<UserSwitchOutlined aria-hidden />} onClick={onAssign}>
          {t('mentorship.assign')}
        </Button>,
      ]}
    >
      <Flex gap={12}>
        <ColourAvatar size={44} color="#10B981" style={{ flexShrink: 0 }}>
          {m.fullName.charAt(0)}
        </ColourAvatar>
        <Flex vertical gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Typography.Text strong ellipsis>
            {m.fullName}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {m.studentId} · {t('mentorship.class', { class: m.class, section: m.section })}
            {m.academicYear ? ` · ${m.academicYear}` : ''}
          </Typography.Text>
          <Typography.Text style={{ fontSize: 13, margin: '4px 0' }}>
            {m.mentorId ? (
              <>
                {t('mentorship.mentorLabel')} <b>{m.mentorId.fullName}</b>{' '}
                <Typography.Text type="secondary">({m.mentorId.department})</Typography.Text>
              </>
            ) : (
              <Tag color="orange">{t('mentorship.noMentor')}</Tag>
            )}
          </Typography.Text>
          {hasRecordedDays(a) ? (
            <Flex align="center" gap={8}>
              <Progress
                aria-label={t('mentorship.attendanceOf', { name: m.fullName })}
                percent={a.percentage}
                format={(p) => f.percent(p ?? 0)}
                size="small"
                strokeColor={BAND_COLOR[attendanceBand(a.percentage)]}
                style={{ margin: 0, flex: 1 }}
              />
              <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
                {t('mentorship.days', { present: a.presentDays, total: a.totalDays })}
              </Typography.Text>
            </Flex>
          ) : null}
          {hasRecordedDays(a) ? (
            <AttendanceFigure attendance={a} line />
          ) : (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {noAttendance}
            </Typography.Text>
          )}
          <Line icon={<PhoneOutlined aria-hidden />}>{m.phone || '—'}</Line>
          <Line icon={<MailOutlined aria-hidden />}>{m.userId.email}</Line>
        </Flex>
      </Flex>
    </Card>
  );
}

function AssignDialog({
  mentee,
  mentors,
  onClose,
}: {
  mentee: MenteeRecord | null;
  mentors: MentorRecord[];
  onClose: () => void;
}) {
  const { t } = useAdminT();
  const [assign, { isLoading }] = useAssignMentorMutation();
  if (!mentee) return null;
  const choose = async (mentorId: string | null) => {
    try {
      await assign({ menteeId: mentee._id, mentorId }).unwrap();
      notify.success(mentorId ? t('mentorship.assigned') : t('mentorship.removed'));
      onClose();
    } catch (e) {
      notify.error(errorMessage(e, t('mentorship.assignFailed')));
    }
  };
  return (
    <Modal
      open
      title={t('mentorship.assignTitle', { name: mentee.fullName })}
      onCancel={onClose}
      footer={
        <Flex justify="space-between">
          {mentee.mentorId ? (
            <Button danger onClick={() => choose(null)} disabled={isLoading}>
              {t('mentorship.removeMentor')}
            </Button>
          ) : (
            <span />
          )}
          <Button onClick={onClose}>{t('mentorship.cancel')}</Button>
        </Flex>
      }
    >
      <List
        style={{ maxHeight: 420, overflow: 'auto' }}
        loading={isLoading}
        dataSource={mentors}
        renderItem={(m) => {
          const current = mentee.mentorId?._id === m._id;
          return (
            <List.Item
              onClick={() => !current && m.userId.isActive && choose(m._id)}
              style={{ cursor: current || !m.userId.isActive ? 'default' : 'pointer', paddingInline: 8 }}
              extra={
                current ? (
                  <Tag icon={<CheckOutlined aria-hidden />} color="green">
                    {t('mentorship.current')}
                  </Tag>
                ) : !m.userId.isActive ? (
                  <Tag>{t('mentorship.inactive')}</Tag>
                ) : (
                  <Button size="small" type="primary" ghost>
                    {t('mentorship.assign')}
                  </Button>
                )
              }
            >
              <List.Item.Meta
                avatar={<ColourAvatar color="#3B82F6">{m.fullName.charAt(0)}</ColourAvatar>}
                title={m.fullName}
                description={`${m.department || t('mentorship.noDepartment')} · ${t('mentorship.mentees', { count: m.stats.menteeCount })}`}
              />
            </List.Item>
          );
        }}
      />
    </Modal>
  );
}

type EditTarget = { id: string; role: 'mentor' | 'mentee'; name: string };

function EditPersonDialog({ target, onClose }: { target: EditTarget | null; onClose: () => void }) {
  // Keyed by person: each edit starts from a fresh form filled with that person's profile.
  return target ? <EditPersonModal key={target.id} target={target} onClose={onClose} /> : null;
}

function EditPersonModal({ target, onClose }: { target: EditTarget; onClose: () => void }) {
  const { currentData: data, error } = useAdminUserQuery(target.id);
  const [form] = Form.useForm<ProfileFormValues>();
  const { t } = useAdminT();
  const [update, { isLoading }] = useUpdateUserProfileMutation();
  const mentor = target.role === 'mentor';
  const save = async (v: ProfileFormValues) => {
    try {
      await update({ id: target.id, body: toRequest(target.role, v) }).unwrap();
      notify.success(mentor ? t('mentorship.mentorUpdated') : t('mentorship.menteeUpdated'));
      onClose();
    } catch (e) {
      notify.error(errorMessage(e, mentor ? t('mentorship.mentorUpdateFailed') : t('mentorship.menteeUpdateFailed')));
    }
  };
  return (
    <Modal
      open
      width={760}
      title={
        mentor ? t('mentorship.editMentor', { name: target.name }) : t('mentorship.editMentee', { name: target.name })
      }
      onCancel={onClose}
      okText={mentor ? t('mentorship.updateMentor') : t('mentorship.updateMentee')}
      onOk={() => form.submit()}
      confirmLoading={isLoading}
      okButtonProps={{ disabled: !data }}
    >
      {error ? (
        <Alert type="error" showIcon title={errorMessage(error, t('mentorship.fetchFailed'))} />
      ) : data ? (
        <Form form={form} layout="vertical" onFinish={save} initialValues={toFormValues(target.role, data.profile)}>
          <ProfileFields role={target.role} profile={data.profile} />
        </Form>
      ) : (
        <Skeleton active />
      )}
    </Modal>
  );
}

/** Cards per page: four rows of three on a wide screen (the user list's page size, SPEC.md section 9). */
const CARDS_PER_PAGE = 12;

export function MentorshipPage() {
  const { t } = useAdminT();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'mentees' ? 'mentees' : 'mentors';
  const mentorFilter = params.get('mentor') ?? undefined;
  const [search, setSearch] = useState('');
  const term = useDebounced(search.trim(), 500);
  const mentors = useAdminMentorsQuery({});
  const mentees = useAdminMenteesQuery({});
  const shownMentors = useAdminMentorsQuery({ search: term || undefined }, { skip: tab !== 'mentors' || !term });
  const shownMentees = useAdminMenteesQuery(
    { search: term || undefined, mentorId: mentorFilter },
    { skip: tab !== 'mentees' || (!term && !mentorFilter) },
  );
  const [assigning, setAssigning] = useState<MenteeRecord | null>(null);
  const [editing, setEditing] = useState<EditTarget | null>(null);
  const error = mentors.error || mentees.error || shownMentors.error || shownMentees.error;
  useEffect(() => {
    if (error) notify.error(t('mentorship.fetchFailed'));
  }, [error, t]);

  // The unfiltered lists give the tab counts and the assign dialog; a search or a mentor filter asks the server for the subset.
  const mentorQuery = term ? shownMentors : mentors;
  const menteeQuery = term || mentorFilter ? shownMentees : mentees;
  const current = tab === 'mentors' ? mentorQuery : menteeQuery;
  const loading = mentors.isLoading || mentees.isLoading || (!current.currentData && current.isFetching);
  const mentorList = mentorQuery.currentData ?? [];
  const menteeList = menteeQuery.currentData ?? [];
  const filterName = mentorFilter ? mentors.data?.find((m) => m._id === mentorFilter)?.fullName : undefined;
  const setTab = (t: string) => {
    setSearch('');
    setParams(t === 'mentees' ? { tab: 'mentees' } : {});
  };
  const viewMentees = (mentorId: string) => {
    setSearch('');
    setParams({ tab: 'mentees', mentor: mentorId });
  };
  // A page of cards at a time; a new tab, search or mentor filter starts again at page 1.
  const listKey = `${tab}|${term}|${mentorFilter ?? ''}`;
  const [paging, setPaging] = useState({ key: listKey, page: 1 });
  const grid = (items: React.ReactNode[]) => {
    const last = Math.max(1, Math.ceil(items.length / CARDS_PER_PAGE));
    const page = paging.key === listKey ? Math.min(paging.page, last) : 1;
    return items.length ? (
      <Flex vertical gap={16}>
        <Row gutter={[16, 16]} style={{ opacity: current.isFetching ? 0.6 : 1, transition: 'opacity .2s' }}>
          {items.slice((page - 1) * CARDS_PER_PAGE, page * CARDS_PER_PAGE)}
        </Row>
        {items.length > CARDS_PER_PAGE && (
          <Pagination
            align="center"
            current={page}
            pageSize={CARDS_PER_PAGE}
            total={items.length}
            showSizeChanger={false}
            showTotal={(total, [from, to]) => t('mentorship.range', { from, to, total })}
            onChange={(p) => setPaging({ key: listKey, page: p })}
          />
        )}
      </Flex>
    ) : (
      <Card>
        <Empty
          description={
            term
              ? t('mentorship.noResults')
              : tab === 'mentors'
                ? t('mentorship.noMentors')
                : mentorFilter
                  ? t('mentorship.noMenteesOfMentor')
                  : t('mentorship.noMentees')
          }
        />
      </Card>
    );
  };

  return (
    <>
      <PageHeader title={t('mentorship.title')} subtitle={t('mentorship.subtitle')} />
      {error && <Alert type="error" showIcon title={t('mentorship.fetchFailed')} style={{ marginBottom: 16 }} />}
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          { key: 'mentors', label: t('mentorship.tabMentors', { n: mentors.data?.length ?? 0 }) },
          { key: 'mentees', label: t('mentorship.tabMentees', { n: mentees.data?.length ?? 0 }) },
        ]}
      />
      <Flex gap={12} wrap style={{ marginBottom: 16 }}>
        <Input
          allowClear
          prefix={<SearchOutlined aria-hidden />}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          style={{ maxWidth: 420 }}
          placeholder={tab === 'mentors' ? t('mentorship.searchMentors') : t('mentorship.searchMentees')}
          aria-label={t('mentorship.search')}
        />
        {tab === 'mentees' && mentorFilter && (
          <Tag closable onClose={() => setParams({ tab: 'mentees' })} color="blue" style={{ alignSelf: 'center' }}>
            {t('mentorship.menteesOf', { name: filterName ?? t('mentorship.mentorFallback') })}
          </Tag>
        )}
      </Flex>
      {loading ? (
        <Row gutter={[16, 16]} aria-busy="true">
          {Array.from({ length: 6 }, (_, i) => (
            <Col key={i} xs={24} md={12} xl={8}>
              <Card size="small">
                <Skeleton active avatar paragraph={{ rows: 3 }} />
              </Card>
            </Col>
          ))}
        </Row>
      ) : tab === 'mentors' ? (
        grid(
          mentorList.map((m) => (
            <Col key={m._id} xs={24} md={12} xl={8}>
              <MentorCard
                m={m}
                onEdit={() => setEditing({ id: m._id, role: 'mentor', name: m.fullName })}
                onViewMentees={() => viewMentees(m._id)}
              />
            </Col>
          )),
        )
      ) : (
        grid(
          menteeList.map((m) => (
            <Col key={m._id} xs={24} md={12} xl={8}>
              <MenteeCard
                m={m}
                onEdit={() => setEditing({ id: m._id, role: 'mentee', name: m.fullName })}
                onAssign={() => setAssigning(m)}
              />
            </Col>
          )),
        )
      )}
      <AssignDialog mentee={assigning} mentors={mentors.data ?? []} onClose={() => setAssigning(null)} />
      <EditPersonDialog target={editing} onClose={() => setEditing(null)} />
    </>
  );
}
