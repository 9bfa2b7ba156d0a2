import { Button, Descriptions, Flex, Modal, Typography } from 'antd';
import dayjs from 'dayjs';
import type { GrievanceResponse, Role } from '@portal/contracts';
import { GrievanceStatusTag } from './GrievanceStatusTag';
import { GrievanceThread } from './GrievanceThread';

const pretty = (s: string) => s.replace(/-/g, ' ').replace(/^./, (c) => c.toUpperCase());

export function GrievanceDetails({
  grievance,
  viewer,
  onClose,
}: {
  grievance: GrievanceResponse | null;
  viewer: Role;
  onClose: () => void;
}) {
  if (!grievance) return null;
  const g = grievance;
  return (
    <Modal open title={g.subject} onCancel={onClose} footer={<Button onClick={onClose}>Close</Button>} width={720}>
      <Flex vertical gap={16}>
        <Descriptions
          size="small"
          bordered
          column={{ xs: 1, sm: 2 }}
          items={[
            { key: 's', label: 'Status', children: <GrievanceStatusTag status={g.status} viewer={viewer} /> },
            { key: 'p', label: 'Priority', children: pretty(g.priority) },
            {
              key: 'st',
              label: 'Student',
              children: `${g.menteeId?.fullName ?? g.name} (${g.menteeId?.studentId ?? g.rollNo})`,
            },
            { key: 'c', label: 'Contact', children: g.email },
            { key: 't', label: 'Type', children: pretty(g.grievanceType) },
            { key: 'cat', label: 'Category', children: pretty(g.category) },
            { key: 'd', label: 'Date of incident', children: dayjs(g.dateOfIncident).format('MMM D, YYYY') },
            { key: 'sub', label: 'Submitted', children: dayjs(g.createdAt).format('MMM D, YYYY HH:mm') },
            {
              key: 'desc',
              label: 'Description',
              span: 2,
              children: <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{g.description}</Typography.Text>,
            },
            ...(g.resolution
              ? [
                  {
                    key: 'r',
                    label: 'Resolution',
                    span: 2,
                    children: `${g.resolution}${g.resolvedAt ? ` (${dayjs(g.resolvedAt).format('MMM D, YYYY')})` : ''}`,
                  },
                ]
              : []),
            ...(g.mentorComments ? [{ key: 'mc', label: 'Mentor comments', span: 2, children: g.mentorComments }] : []),
            ...(g.adminComments ? [{ key: 'ac', label: 'Admin comments', span: 2, children: g.adminComments }] : []),
          ]}
        />
        <GrievanceThread grievanceId={g._id} />
      </Flex>
    </Modal>
  );
}
