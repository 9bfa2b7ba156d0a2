import { Alert, Button, Descriptions, Flex, Modal, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import type { GrievanceResponse, Role } from '@portal/contracts';
import { GrievanceStatusTag } from './GrievanceStatusTag';
import { GrievanceStudentAnswer } from './GrievanceStudentAnswer';
import { GrievanceThread } from './GrievanceThread';
import { GrievanceTimeline } from './GrievanceTimeline';
import { useGrievanceQuery } from './grievancesApi';

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
  return <Details listed={grievance} viewer={viewer} onClose={onClose} />;
}

/** Opening reads the grievance afresh: for staff that read is the "viewed" line on the student's timeline. */
function Details({ listed, viewer, onClose }: { listed: GrievanceResponse; viewer: Role; onClose: () => void }) {
  const { data } = useGrievanceQuery(listed._id);
  const g = data ?? listed;
  const overdue =
    !!g.deadlineAt && (g.status === 'pending' || g.status === 'in-progress') && dayjs().isAfter(g.deadlineAt);
  return (
    <Modal
      open
      title={`${g.ticketNumber} · ${g.subject}`}
      onCancel={onClose}
      footer={<Button onClick={onClose}>Close</Button>}
      width={720}
    >
      <Flex vertical gap={16}>
        {g.confidential && (
          <Alert
            type="info"
            showIcon
            title={
              viewer === 'mentee'
                ? 'Confidential: only administrators see this grievance, never your mentor.'
                : 'Confidential: administrators only.'
            }
          />
        )}
        {viewer === 'mentee' && <GrievanceStudentAnswer grievance={g} />}
        <Descriptions
          size="small"
          bordered
          column={{ xs: 1, sm: 2 }}
          items={[
            { key: 'tk', label: 'Ticket', children: g.ticketNumber },
            { key: 's', label: 'Status', children: <GrievanceStatusTag status={g.status} viewer={viewer} /> },
            {
              key: 'dl',
              label: 'Answer due',
              children: g.deadlineAt ? (
                <>
                  {dayjs(g.deadlineAt).subtract(1, 'minute').format('MMM D, YYYY')}{' '}
                  {g.escalatedAt ? (
                    <Tag color="red">Escalated</Tag>
                  ) : overdue ? (
                    <Tag color="orange">Overdue</Tag>
                  ) : null}
                </>
              ) : (
                '—'
              ),
            },
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
        <GrievanceTimeline grievanceId={g._id} />
        <GrievanceThread grievanceId={g._id} />
      </Flex>
    </Modal>
  );
}
