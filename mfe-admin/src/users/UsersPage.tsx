import { DeleteOutlined, EditOutlined, FormOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import {
  Avatar,
  Badge,
  Button,
  Card,
  Col,
  Empty,
  Flex,
  Grid,
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
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { ADMIN_PAGE_SIZE, type AdminUserListItem, type Role, type UserStatus } from '@portal/contracts';
import { errorMessage, Link, notify, useDebounced, useSearchParams, useSession } from '@portal/web-core';
import { LoadError, PageHeader } from '@portal/ui';
import { useAdminUsersQuery, useDeleteUserMutation, useToggleUserStatusMutation } from '../adminApi';
import { ApprovalActions, ResetRequestsPanel, SendResetLinkButton } from './AccountActions';
import { AddUserDialog, EditUserDialog } from './UserFormDialogs';

export const ROLE_COLOR: Record<Role, string> = { admin: 'purple', mentor: 'blue', mentee: 'green' };
export const ROLE_HEX: Record<Role, string> = { admin: '#8B5CF6', mentor: '#3B82F6', mentee: '#10B981' };

/** What went with a deleted account, e.g. "60 attendance records, 1 leave request"; singular and plural by count. */
const REMOVED_LABEL: Record<string, [string, string]> = {
  menteesUnassigned: ['mentee unassigned', 'mentees unassigned'],
  groups: ['group', 'groups'],
  groupMessages: ['group message', 'group messages'],
  attendanceRecords: ['attendance record', 'attendance records'],
  leaveRequests: ['leave request', 'leave requests'],
  grievances: ['grievance', 'grievances'],
  chatMessages: ['chat message', 'chat messages'],
  announcements: ['announcement', 'announcements'],
  leaveDecisionsAnonymised: ['leave decision anonymised', 'leave decisions anonymised'],
};
export function removedSummary(removed: Record<string, number>): string {
  const parts = Object.entries(removed)
    .filter(([, n]) => n > 0)
    .map(([key, n]) => {
      const [one, many] = REMOVED_LABEL[key] ?? [
        key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase(),
        key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase(),
      ];
      return `${n} ${n === 1 ? one : many}`;
    });
  return parts.length ? `User deleted successfully (also removed: ${parts.join(', ')})` : 'User deleted successfully';
}

function details(u: AdminUserListItem): string {
  const p = u.profile;
  if (!p) return '';
  if (u.role === 'mentee') return [p.studentId, p.class && `Class ${p.class}-${p.section}`].filter(Boolean).join(' · ');
  return [p.employeeId, p.department].filter(Boolean).join(' · ');
}

function UserCard({ user, onEdit, narrow }: { user: AdminUserListItem; onEdit: () => void; narrow: boolean }) {
  const { user: me } = useSession();
  const [toggle, toggling] = useToggleUserStatusMutation();
  const [remove, removing] = useDeleteUserMutation();
  const self = me?._id === user._id;
  const onToggle = async () => {
    try {
      await toggle(user._id).unwrap();
      notify.success('User status updated successfully');
    } catch (e) {
      notify.error(errorMessage(e, 'Failed to update user status'));
    }
  };
  const onDelete = async () => {
    try {
      const res = await remove(user._id).unwrap();
      notify.success(removedSummary(res.removed));
    } catch (e) {
      notify.error(errorMessage(e, 'Failed to delete user'));
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
          icon={<EditOutlined />}
          onClick={onEdit}
          aria-label={`Edit ${user.fullName}`}
        >
          Edit
        </Button>,
        <Link
          key="full"
          to={`/admin/edit-user/${user._id}`}
          aria-label={`Open full editor for ${user.fullName}`}
          // Centred with the buttons beside it (44 px tall on a phone, as .touch-link makes it).
          className="touch-link"
          style={{ fontSize: 14, display: 'inline-flex', alignItems: 'center', gap: 6 }}
        >
          <FormOutlined /> {narrow ? 'Full editor' : 'Open full editor'}
        </Link>,
        <Popconfirm
          key="delete"
          title="Delete user"
          description="Are you sure you want to delete this user? This action cannot be undone."
          okText="Delete"
          okButtonProps={{ danger: true }}
          onConfirm={onDelete}
          disabled={self}
        >
          <Tooltip title={self ? 'You cannot delete your own account' : undefined}>
            <Button
              type="text"
              size="small"
              danger
              icon={<DeleteOutlined />}
              loading={removing.isLoading}
              disabled={self}
              aria-label={`Delete ${user.fullName}`}
            >
              Delete
            </Button>
          </Tooltip>
        </Popconfirm>,
      ]}
    >
      <Flex gap={12} align="flex-start">
        <Badge dot status={user.isActive ? 'success' : 'default'} offset={[-4, 36]}>
          <Avatar size={44} style={{ background: ROLE_HEX[user.role] }}>
            {user.fullName.charAt(0)}
          </Avatar>
        </Badge>
        <Flex vertical style={{ minWidth: 0, flex: 1 }} gap={2}>
          <Flex justify="space-between" gap={8}>
            <Typography.Text strong ellipsis>
              {user.fullName}
              {self && <Typography.Text type="secondary"> (you)</Typography.Text>}
            </Typography.Text>
            <Tag color={ROLE_COLOR[user.role]} style={{ textTransform: 'capitalize', marginInlineEnd: 0 }}>
              {user.role}
            </Tag>
          </Flex>
          <Typography.Text type="secondary" ellipsis>
            {user.email}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {details(user) || '—'}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            Joined {dayjs(user.createdAt).format('MMM D, YYYY')}
            {user.lastLogin ? ` · last sign-in ${dayjs(user.lastLogin).format('MMM D, YYYY')}` : ' · never signed in'}
          </Typography.Text>
          {user.pendingApproval ? (
            <Flex vertical gap={6} style={{ marginTop: 6 }}>
              <Tag color="gold" style={{ alignSelf: 'flex-start' }}>
                Pending approval
              </Tag>
              <ApprovalActions user={user} />
            </Flex>
          ) : (
            <Flex align="center" gap={8} style={{ marginTop: 6 }} wrap>
              <Tooltip title={self ? 'You cannot deactivate your own account' : undefined}>
                <Switch
                  size="small"
                  checked={user.isActive}
                  loading={toggling.isLoading}
                  disabled={self}
                  onChange={onToggle}
                  aria-label={`Active: ${user.fullName}`}
                />
              </Tooltip>
              <Badge status={user.isActive ? 'success' : 'default'} text={user.isActive ? 'Active' : 'Inactive'} />
              {!self && <SendResetLinkButton userId={user._id} name={user.fullName} />}
            </Flex>
          )}
        </Flex>
      </Flex>
    </Card>
  );
}

export function UsersPage() {
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
  const screens = Grid.useBreakpoint();
  const narrow = screens.xs === true;
  const { data, isFetching, isLoading, error, refetch } = useAdminUsersQuery({
    page,
    limit: ADMIN_PAGE_SIZE,
    search: term || undefined,
    role,
    status,
  });
  useEffect(() => {
    if (error) notify.error('Failed to fetch users');
  }, [error]);
  const resetPage =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(1);
    };

  return (
    <>
      <PageHeader
        title="User Management"
        subtitle={data ? `${data.total} account${data.total === 1 ? '' : 's'}` : 'Accounts of the portal'}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
            Add New User
          </Button>
        }
      />
      <ResetRequestsPanel />
      <Card size="small" style={{ marginBottom: 16 }}>
        <Flex gap={12} wrap>
          <Input
            allowClear
            prefix={<SearchOutlined />}
            placeholder="Search by name, e-mail, ID or department"
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(1);
            }}
            style={{ flex: '1 1 280px' }}
            aria-label="Search users"
          />
          <Select
            allowClear
            placeholder="All roles"
            value={role}
            onChange={resetPage(setRole)}
            style={{ flex: '1 1 140px', maxWidth: 200 }}
            aria-label="Role filter"
            options={[
              { value: 'admin', label: 'Admins' },
              { value: 'mentor', label: 'Mentors' },
              { value: 'mentee', label: 'Mentees' },
            ]}
          />
          <Select
            allowClear
            placeholder="Any status"
            value={status}
            onChange={resetPage(setStatus)}
            style={{ flex: '1 1 140px', maxWidth: 200 }}
            aria-label="Status filter"
            options={[
              { value: 'active', label: 'Active' },
              { value: 'inactive', label: 'Inactive' },
              { value: 'pending', label: 'Pending approval' },
            ]}
          />
        </Flex>
      </Card>
      {error ? (
        <LoadError title="Failed to fetch users" onRetry={refetch} />
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
          <Empty description="No users found" />
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
