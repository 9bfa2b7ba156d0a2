import { DeleteOutlined, EditOutlined, FormOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { Alert, Avatar, Badge, Button, Card, Col, Empty, Flex, Input, Pagination, Popconfirm, Row, Select, Skeleton, Switch, Tag, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { ADMIN_PAGE_SIZE, type AdminUserListItem, type Role, type UserStatus } from '@portal/contracts';
import { errorMessage, notify, PageHeader, useDebounced, useSession } from '@portal/kit';
import { useAdminUsersQuery, useDeleteUserMutation, useToggleUserStatusMutation } from '../adminApi';
import { AddUserDialog, EditUserDialog } from './UserFormDialogs';

export const ROLE_COLOR: Record<Role, string> = { admin: 'purple', mentor: 'blue', mentee: 'green' };
export const ROLE_HEX: Record<Role, string> = { admin: '#8B5CF6', mentor: '#3B82F6', mentee: '#10B981' };

function details(u: AdminUserListItem): string {
  const p = u.profile;
  if (!p) return '';
  if (u.role === 'mentee') return [p.studentId, p.class && `Class ${p.class}-${p.section}`].filter(Boolean).join(' · ');
  return [p.employeeId, p.department].filter(Boolean).join(' · ');
}

function UserCard({ user, onEdit }: { user: AdminUserListItem; onEdit: () => void }) {
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
      const removed = Object.entries(res.removed).map(([k, v]) => `${v} ${k.replace(/([A-Z])/g, ' $1').toLowerCase()}`);
      notify.success(removed.length ? `User deleted successfully (also removed: ${removed.join(', ')})` : 'User deleted successfully');
    } catch (e) {
      notify.error(errorMessage(e, 'Failed to delete user'));
    }
  };
  return (
    <Card size="small" style={{ height: '100%' }} data-testid="user-card"
      actions={[
        <Tooltip key="edit" title="Edit"><Button type="text" icon={<EditOutlined />} onClick={onEdit} aria-label={`Edit ${user.fullName}`} /></Tooltip>,
        <Tooltip key="full" title="Open full editor"><Link to={`/admin/edit-user/${user._id}`} aria-label={`Open full editor for ${user.fullName}`}><FormOutlined /></Link></Tooltip>,
        <Tooltip key="status" title={self ? 'You cannot deactivate yourself' : user.isActive ? 'Deactivate' : 'Activate'}>
          <Switch size="small" checked={user.isActive} loading={toggling.isLoading} disabled={self} onChange={onToggle} aria-label={`Active: ${user.fullName}`} />
        </Tooltip>,
        <Popconfirm key="delete" title="Delete user" description="Are you sure you want to delete this user? This action cannot be undone."
          okText="Delete" okButtonProps={{ danger: true }} onConfirm={onDelete} disabled={self}>
          <Button type="text" danger icon={<DeleteOutlined />} loading={removing.isLoading} disabled={self} aria-label={`Delete ${user.fullName}`} />
        </Popconfirm>,
      ]}>
      <Flex gap={12} align="flex-start">
        <Badge dot status={user.isActive ? 'success' : 'default'} offset={[-4, 36]}>
          <Avatar size={44} style={{ background: ROLE_HEX[user.role] }}>{user.fullName.charAt(0)}</Avatar>
        </Badge>
        <Flex vertical style={{ minWidth: 0, flex: 1 }} gap={2}>
          <Flex justify="space-between" gap={8}>
            <Typography.Text strong ellipsis>{user.fullName}</Typography.Text>
            <Tag color={ROLE_COLOR[user.role]} style={{ textTransform: 'capitalize', marginInlineEnd: 0 }}>{user.role}</Tag>
          </Flex>
          <Typography.Text type="secondary" ellipsis>{user.email}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>{details(user) || '—'}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {user.isActive ? 'Active' : 'Inactive'} · joined {dayjs(user.createdAt).format('MMM D, YYYY')}
            {user.lastLogin ? ` · last sign-in ${dayjs(user.lastLogin).format('MMM D')}` : ' · never signed in'}
          </Typography.Text>
        </Flex>
      </Flex>
    </Card>
  );
}

export function UsersPage() {
  const [search, setSearch] = useState('');
  const [role, setRole] = useState<Role | undefined>();
  const [status, setStatus] = useState<UserStatus | undefined>();
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<AdminUserListItem | null>(null);
  const term = useDebounced(search.trim(), 500);
  const { data, isFetching, isLoading, error, refetch } = useAdminUsersQuery({ page, limit: ADMIN_PAGE_SIZE, search: term || undefined, role, status });
  useEffect(() => {
    if (error) notify.error('Failed to fetch users');
  }, [error]);
  const resetPage = <T,>(set: (v: T) => void) => (v: T) => {
    set(v);
    setPage(1);
  };

  return (
    <>
      <PageHeader title="User Management" subtitle={data ? `${data.total} account${data.total === 1 ? '' : 's'}` : 'Accounts of the portal'}
        extra={<Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>Add New User</Button>} />
      <Card size="small" style={{ marginBottom: 16 }}>
        <Flex gap={12} wrap>
          <Input allowClear prefix={<SearchOutlined />} placeholder="Search by name, e-mail, ID or department" value={search}
            onChange={(e) => { setSearch(e.target.value); setPage(1); }} style={{ flex: '1 1 280px' }} aria-label="Search users" />
          <Select allowClear placeholder="All roles" value={role} onChange={resetPage(setRole)} style={{ width: 160 }} aria-label="Role filter"
            options={[{ value: 'admin', label: 'Admins' }, { value: 'mentor', label: 'Mentors' }, { value: 'mentee', label: 'Mentees' }]} />
          <Select allowClear placeholder="Any status" value={status} onChange={resetPage(setStatus)} style={{ width: 160 }} aria-label="Status filter"
            options={[{ value: 'active', label: 'Active' }, { value: 'inactive', label: 'Inactive' }]} />
        </Flex>
      </Card>
      {error ? (
        <Alert type="error" showIcon title="Failed to fetch users" action={<Button onClick={() => refetch()}>Retry</Button>} />
      ) : isLoading ? (
        <Row gutter={[16, 16]} aria-busy="true">
          {Array.from({ length: 6 }, (_, i) => <Col key={i} xs={24} md={12} xl={8} xxl={6}><Card size="small"><Skeleton active avatar paragraph={{ rows: 2 }} /></Card></Col>)}
        </Row>
      ) : !data?.users.length ? (
        <Card><Empty description="No users found" /></Card>
      ) : (
        <div style={{ opacity: isFetching ? 0.6 : 1, transition: 'opacity .2s' }}>
          <Row gutter={[16, 16]}>
            {data.users.map((u) => <Col key={u._id} xs={24} md={12} xl={8} xxl={6}><UserCard user={u} onEdit={() => setEditing(u)} /></Col>)}
          </Row>
          <Flex justify="center" style={{ marginTop: 20 }}>
            <Pagination current={page} pageSize={ADMIN_PAGE_SIZE} total={data.total} onChange={setPage} showSizeChanger={false} hideOnSinglePage />
          </Flex>
        </div>
      )}
      <AddUserDialog open={adding} onClose={() => setAdding(false)} />
      <EditUserDialog user={editing} onClose={() => setEditing(null)} />
    </>
  );
}
