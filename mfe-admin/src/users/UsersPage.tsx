import {
  DeleteOutlined,
  EditOutlined,
  ExclamationCircleFilled,
  FormOutlined,
  PlusOutlined,
  SafetyOutlined,
  SearchOutlined,
} from '@ant-design/icons';
import {
  Badge,
  Button,
  Card,
  Col,
  Empty,
  Flex,
  Input,
  Pagination,
  Popconfirm,
  Row,
  Select,
  Skeleton,
  Switch,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { ADMIN_PAGE_SIZE, type AdminUserListItem, type Role, type UserStatus } from '@portal/contracts';
import {
  errorMessage,
  Link,
  notify,
  useDebounced,
  useFormat,
  useSearchParams,
  useSession,
  useScreens,
} from '@portal/web-core';
import { LoadError, PageHeader, ColourAvatar } from '@portal/ui';
import { useAdminT } from './i18n';
import { EraseStudentDialog } from './EraseStudentDialog';
import { useAdminUsersQuery, useDeleteUserMutation, useToggleUserStatusMutation } from '../adminApi';
import { ApprovalActions, ResetMfaButton, ResetRequestsPanel, SendResetLinkButton } from './AccountActions';
import { AddUserDialog, EditUserDialog } from './UserFormDialogs';
import { ROLE_COLOR, ROLE_HEX } from './roleColors';

type T = ReturnType<typeof useAdminT>['t'];

/** What a deleted account took with it, by the API's names; a name not listed here is shown as the API says it. */
const REMOVED = [
  'menteesUnassigned',
  'groups',
  'groupMessages',
  'attendanceRecords',
  'leaveRequests',
  'grievances',
  'chatMessages',
  'announcements',
  'leaveDecisionsAnonymised',
];
/** What went with a deleted account, e.g. "60 attendance records, 1 leave request"; singular and plural by count. */
export function removedSummary(removed: Record<string, number>, t: T): string {
  const parts = Object.entries(removed)
    .filter(([, n]) => n > 0)
    .map(([key, n]) =>
      REMOVED.includes(key)
        ? t(`users.removed.${key}`, { count: n })
        : `${n} ${key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()}`,
    );
  return parts.length ? t('users.notices.deletedWith', { list: parts.join(', ') }) : t('users.notices.deleted');
}

function details(u: AdminUserListItem, t: T): string {
  const p = u.profile;
  if (!p) return '';
  if (u.role === 'mentee')
    return [p.studentId, p.class && t('users.card.class', { class: p.class, section: p.section })]
      .filter(Boolean)
      .join(' · ');
  return [p.employeeId, p.department].filter(Boolean).join(' · ');
}

function UserCard({ user, onEdit, narrow }: { user: AdminUserListItem; onEdit: () => void; narrow: boolean }) {
  const { t } = useAdminT();
  const f = useFormat();
  const { user: me } = useSession();
  const [toggle, toggling] = useToggleUserStatusMutation();
  const [remove, removing] = useDeleteUserMutation();
  const self = me?._id === user._id;
  const erasable = user.role === 'mentee' && !user.pendingApproval;
  const [erasing, setErasing] = useState(false);
  const onToggle = async () => {
    try {
      await toggle(user._id).unwrap();
      notify.success(t('users.notices.statusUpdated'));
    } catch (e) {
      notify.error(errorMessage(e, t('users.notices.statusFailed')));
    }
  };
  const onDelete = async () => {
    try {
      const res = await remove(user._id).unwrap();
      notify.success(removedSummary(res.removed, t));
    } catch (e) {
      notify.error(errorMessage(e, t('users.notices.deleteFailed')));
    }
  };
  return (
    <Card
      size="small"
      style={{ height: '100%' }}
      styles={{ body: { paddingBottom: 8 } }}
      data-testid="user-card"
      actions={[
        <Button
          key="edit"
          type="text"
          size="small"
          icon={<EditOutlined aria-hidden />}
          onClick={onEdit}
          aria-label={t('users.card.editLabel', { name: user.fullName })}
        >
          {t('users.card.edit')}
        </Button>,
        <Link
          key="full"
          to={`/admin/edit-user/${user._id}`}
          aria-label={t('users.card.fullEditorLabel', { name: user.fullName })}
          // Centred with the buttons beside it (44 px tall on a phone, as .touch-link makes it).
          className="touch-link"
          style={{ fontSize: 14, display: 'inline-flex', alignItems: 'center', gap: 6 }}
        >
          <FormOutlined aria-hidden /> {narrow ? t('users.card.fullEditor') : t('users.card.openFullEditor')}
        </Link>,
        erasable ? (
          // A student's Delete is erasure on request: its dialog lists what is kept and what names them first.
          <Button
            key="delete"
            type="text"
            size="small"
            danger
            icon={<DeleteOutlined aria-hidden />}
            onClick={() => setErasing(true)}
            aria-label={t('users.card.deleteLabel', { name: user.fullName })}
          >
            {t('users.card.delete')}
          </Button>
        ) : (
          <Popconfirm
            icon={<ExclamationCircleFilled aria-hidden />}
            key="delete"
            title={t('users.card.deleteTitle')}
            description={t('users.card.deleteConfirm')}
            okText={t('users.card.delete')}
            okButtonProps={{ danger: true }}
            onConfirm={onDelete}
            disabled={self}
          >
            <Tooltip title={self ? t('users.card.cannotDeleteSelf') : undefined}>
              <Button
                type="text"
                size="small"
                danger
                icon={<DeleteOutlined aria-hidden />}
                loading={removing.isLoading}
                disabled={self}
                aria-label={t('users.card.deleteLabel', { name: user.fullName })}
              >
                {t('users.card.delete')}
              </Button>
            </Tooltip>
          </Popconfirm>
        ),
      ]}
    >
      {erasing && <EraseStudentDialog student={user} onClose={() => setErasing(false)} />}
      <Flex gap={12} align="flex-start">
        <Badge dot status={user.isActive ? 'success' : 'default'} offset={[-4, 36]}>
          <ColourAvatar size={44} color={ROLE_HEX[user.role]}>
            {user.fullName.charAt(0)}
          </ColourAvatar>
        </Badge>
        <Flex vertical style={{ minWidth: 0, flex: 1 }} gap={2}>
          <Flex justify="space-between" gap={8}>
            <Typography.Text strong ellipsis>
              {user.fullName}
              {self && <Typography.Text type="secondary"> {t('users.card.you')}</Typography.Text>}
            </Typography.Text>
            <Tag color={ROLE_COLOR[user.role]} style={{ textTransform: 'capitalize', marginInlineEnd: 0 }}>
              {t(`shared.roles.${user.role}`)}
            </Tag>
          </Flex>
          <Typography.Text type="secondary" ellipsis>
            {user.email}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {details(user, t) || '—'}
          </Typography.Text>
          {user.role === 'admin' && user.safeguardingLead && (
            <Tag color="purple" icon={<SafetyOutlined aria-hidden />} style={{ alignSelf: 'flex-start' }}>
              {t('users.lead.tag')}
            </Tag>
          )}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {user.lastLogin
              ? t('users.card.joinedSignedIn', { date: f.date(user.createdAt), last: f.date(user.lastLogin) })
              : t('users.card.joinedNever', { date: f.date(user.createdAt) })}
          </Typography.Text>
          {user.pendingApproval ? (
            <Flex vertical gap={6} style={{ marginTop: 6 }}>
              <Tag color="gold" style={{ alignSelf: 'flex-start' }}>
                {t('users.card.pendingApproval')}
              </Tag>
              <ApprovalActions user={user} />
            </Flex>
          ) : (
            <Flex align="center" gap={8} style={{ marginTop: 6 }} wrap>
              <Tooltip title={self ? t('users.card.cannotDeactivateSelf') : undefined}>
                <Switch
                  size="small"
                  checked={user.isActive}
                  loading={toggling.isLoading}
                  disabled={self}
                  onChange={onToggle}
                  aria-label={t('users.card.activeLabel', { name: user.fullName })}
                />
              </Tooltip>
              <Badge
                status={user.isActive ? 'success' : 'default'}
                text={user.isActive ? t('users.card.active') : t('users.card.inactive')}
              />
              {!self && <SendResetLinkButton userId={user._id} name={user.fullName} />}
              {!self && user.role === 'admin' && <ResetMfaButton userId={user._id} name={user.fullName} />}
            </Flex>
          )}
        </Flex>
      </Flex>
    </Card>
  );
}

export function UsersPage() {
  const { t } = useAdminT();
  const [search, setSearch] = useState('');
  const [role, setRole] = useState<Role | undefined>();
  // The dashboard's "Pending approvals" links here with ?status=pending.
  const [params] = useSearchParams();
  const [status, setStatus] = useState<UserStatus | undefined>(
    params.get('status') === 'pending' ? 'pending' : undefined,
  );
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<AdminUserListItem | null>(null);
  const term = useDebounced(search.trim(), 500);
  // Under 576 px a card's three labelled actions share one short row.
  const screens = useScreens();
  const narrow = screens.xs === true;
  const { data, isFetching, isLoading, error, refetch } = useAdminUsersQuery({
    page,
    limit: ADMIN_PAGE_SIZE,
    search: term || undefined,
    role,
    status,
  });
  useEffect(() => {
    if (error) notify.error(t('users.fetchFailed'));
  }, [error, t]);
  const resetPage =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(1);
    };

  return (
    <>
      <PageHeader
        title={t('users.title')}
        subtitle={data ? t('users.accounts', { count: data.total }) : t('users.subtitle')}
        extra={
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setAdding(true)}>
            {t('users.add')}
          </Button>
        }
      />
      <ResetRequestsPanel />
      <Card size="small" style={{ marginBottom: 16 }}>
        <Flex gap={12} wrap>
          <Input
            allowClear
            prefix={<SearchOutlined aria-hidden />}
            placeholder={t('users.searchPlaceholder')}
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(1);
            }}
            style={{ flex: '1 1 280px' }}
            aria-label={t('users.searchLabel')}
          />
          <Select
            allowClear
            placeholder={t('users.roleFilter.placeholder')}
            value={role}
            onChange={resetPage(setRole)}
            style={{ flex: '1 1 140px', maxWidth: 200 }}
            aria-label={t('users.roleFilter.label')}
            options={[
              { value: 'admin', label: t('users.roleFilter.admins') },
              { value: 'mentor', label: t('users.roleFilter.mentors') },
              { value: 'mentee', label: t('users.roleFilter.mentees') },
            ]}
          />
          <Select
            allowClear
            placeholder={t('users.statusFilter.placeholder')}
            value={status}
            onChange={resetPage(setStatus)}
            style={{ flex: '1 1 140px', maxWidth: 200 }}
            aria-label={t('users.statusFilter.label')}
            options={[
              { value: 'active', label: t('users.statusFilter.active') },
              { value: 'inactive', label: t('users.statusFilter.inactive') },
              { value: 'pending', label: t('users.statusFilter.pending') },
            ]}
          />
        </Flex>
      </Card>
      {error ? (
        <LoadError title={t('users.fetchFailed')} onRetry={refetch} />
      ) : isLoading ? (
        <Row gutter={[16, 16]} aria-busy="true">
          {Array.from({ length: 6 }, (_, i) => (
            <Col key={i} xs={24} md={12} xl={8} xxl={6}>
              <Card size="small">
                <Skeleton active avatar paragraph={{ rows: 2 }} />
              </Card>
            </Col>
          ))}
        </Row>
      ) : !data?.users.length ? (
        <Card>
          <Empty description={t('users.empty')} />
        </Card>
      ) : (
        <div style={{ opacity: isFetching ? 0.6 : 1, transition: 'opacity .2s' }}>
          <Row gutter={[16, 16]}>
            {data.users.map((u) => (
              <Col key={u._id} xs={24} md={12} xl={8} xxl={6}>
                <UserCard user={u} onEdit={() => setEditing(u)} narrow={narrow} />
              </Col>
            ))}
          </Row>
          <Flex justify="center" style={{ marginTop: 20 }}>
            <Pagination
              current={page}
              pageSize={ADMIN_PAGE_SIZE}
              total={data.total}
              onChange={setPage}
              showSizeChanger={false}
              hideOnSinglePage
            />
          </Flex>
        </div>
      )}
      <AddUserDialog open={adding} onClose={() => setAdding(false)} />
      <EditUserDialog user={editing} onClose={() => setEditing(null)} />
    </>
  );
}
