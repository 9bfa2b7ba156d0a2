import { SendOutlined } from '@ant-design/icons';
import { Avatar, Button, Descriptions, Empty, Flex, Input, List, Modal, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import type { GrievanceResponse, GrievanceStatus, Role } from '@portal/contracts';
import { errorMessage, notify } from '@portal/kit';
import { useAddGrievanceCommentMutation, useGrievanceCommentsQuery } from './workflowsApi';

const STATUS_COLOR: Record<GrievanceStatus, string> = { pending: 'gold', 'in-progress': 'blue', resolved: 'green', rejected: 'red' };

/** The middle state is one value; the mentor screens call it In Review, the admin screens In Progress. */
export function grievanceStatusLabel(status: GrievanceStatus, viewer: Role): string {
  if (status === 'in-progress') return viewer === 'admin' ? 'In Progress' : 'In Review';
  return status.charAt(0).toUpperCase() + status.slice(1);
}

export function GrievanceStatusTag({ status, viewer }: { status: GrievanceStatus; viewer: Role }) {
  return <Tag color={STATUS_COLOR[status] ?? 'default'}>{grievanceStatusLabel(status, viewer)}</Tag>;
}

const pretty = (s: string) => s.replace(/-/g, ' ').replace(/^./, (c) => c.toUpperCase());

/** The comment thread shared by the mentee, their mentor and the admins. */
export function GrievanceThread({ grievanceId }: { grievanceId: string }) {
  const { data = [], isLoading } = useGrievanceCommentsQuery(grievanceId);
  const [add, { isLoading: sending }] = useAddGrievanceCommentMutation();
  const [text, setText] = useState('');
  const send = async () => {
    const content = text.trim();
    if (!content) return;
    try {
      await add({ id: grievanceId, content }).unwrap();
      setText('');
      notify.success('Comment added successfully!');
    } catch (e) {
      notify.error(errorMessage(e, 'Failed to add comment'));
    }
  };
  return (
    <Flex vertical gap={8}>
      <Typography.Text strong>Comments</Typography.Text>
      {data.length ? (
        <List size="small" loading={isLoading} dataSource={data} renderItem={(c) => (
          <List.Item>
            <List.Item.Meta avatar={<Avatar size="small">{c.author.fullName.charAt(0)}</Avatar>}
              title={<Space size={6}>{c.author.fullName}<Tag style={{ textTransform: 'capitalize' }}>{c.author.role === 'mentee' ? 'student' : c.author.role}</Tag>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>{dayjs(c.createdAt).format('MMM D, HH:mm')}</Typography.Text></Space>}
              description={<Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{c.content}</Typography.Text>} />
          </List.Item>
        )} />
      ) : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No comments yet" />}
      <Space.Compact style={{ width: '100%' }}>
        <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} value={text} onChange={(e) => setText(e.target.value)} placeholder="Write a comment" maxLength={2000} aria-label="Comment"
          onPressEnter={(e) => { if (!e.shiftKey) { e.preventDefault(); void send(); } }} />
        <Button type="primary" icon={<SendOutlined />} onClick={send} loading={sending} disabled={!text.trim()} aria-label="Send comment" />
      </Space.Compact>
    </Flex>
  );
}

export function GrievanceDetails({ grievance, viewer, onClose }: { grievance: GrievanceResponse | null; viewer: Role; onClose: () => void }) {
  if (!grievance) return null;
  const g = grievance;
  return (
    <Modal open title={g.subject} onCancel={onClose} footer={<Button onClick={onClose}>Close</Button>} width={720}>
      <Flex vertical gap={16}>
        <Descriptions size="small" bordered column={{ xs: 1, sm: 2 }} items={[
          { key: 's', label: 'Status', children: <GrievanceStatusTag status={g.status} viewer={viewer} /> },
          { key: 'p', label: 'Priority', children: pretty(g.priority) },
          { key: 'st', label: 'Student', children: `${g.menteeId?.fullName ?? g.name} (${g.menteeId?.studentId ?? g.rollNo})` },
          { key: 'c', label: 'Contact', children: g.email },
          { key: 't', label: 'Type', children: pretty(g.grievanceType) },
          { key: 'cat', label: 'Category', children: pretty(g.category) },
          { key: 'd', label: 'Date of incident', children: dayjs(g.dateOfIncident).format('MMM D, YYYY') },
          { key: 'sub', label: 'Submitted', children: dayjs(g.createdAt).format('MMM D, YYYY HH:mm') },
          { key: 'desc', label: 'Description', span: 2, children: <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{g.description}</Typography.Text> },
          ...(g.resolution ? [{ key: 'r', label: 'Resolution', span: 2, children: `${g.resolution}${g.resolvedAt ? ` (${dayjs(g.resolvedAt).format('MMM D, YYYY')})` : ''}` }] : []),
          ...(g.mentorComments ? [{ key: 'mc', label: 'Mentor comments', span: 2, children: g.mentorComments }] : []),
          ...(g.adminComments ? [{ key: 'ac', label: 'Admin comments', span: 2, children: g.adminComments }] : []),
        ]} />
        <GrievanceThread grievanceId={g._id} />
      </Flex>
    </Modal>
  );
}
