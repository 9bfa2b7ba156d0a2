import { Alert, Button, Descriptions, Flex, Modal, Tag, Typography } from 'antd';
import type { GrievanceResponse, Role } from '@portal/contracts';
import { hasPassed, inSchoolZone, useFormat } from '@portal/web-core';
import { GrievanceStatusTag } from './GrievanceStatusTag';
import { GrievanceStudentAnswer } from './GrievanceStudentAnswer';
import { GrievanceThread } from './GrievanceThread';
import { GrievanceTimeline } from './GrievanceTimeline';
import { useGrievanceQuery } from './grievancesApi';
import { useGrievancesT } from './i18n';
import {
  useGrievanceCategoryLabel,
  useGrievancePriorityLabel,
  useGrievanceTypeLabel,
  usePersonName,
  useResolutionText,
} from './labels';

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
  const { t } = useGrievancesT();
  const f = useFormat();
  const priorityLabel = useGrievancePriorityLabel();
  const typeLabel = useGrievanceTypeLabel();
  const categoryLabel = useGrievanceCategoryLabel();
  const resolutionText = useResolutionText();
  const personName = usePersonName();
  const overdue = !!g.deadlineAt && (g.status === 'pending' || g.status === 'in-progress') && hasPassed(g.deadlineAt);
  return (
    <Modal
      open
      title={t('details.title', { ticket: g.ticketNumber, subject: g.subject })}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('details.close')}</Button>}
      width={720}
    >
      <Flex vertical gap={16}>
        {g.confidential && (
          <Alert
            type="info"
            showIcon
            title={viewer === 'mentee' ? t('details.confidentialMentee') : t('details.confidentialStaff')}
          />
        )}
        {viewer === 'mentee' && <GrievanceStudentAnswer grievance={g} />}
        <Descriptions
          size="small"
          bordered
          column={{ xs: 1, sm: 2 }}
          items={[
            { key: 'tk', label: t('details.ticket'), children: g.ticketNumber },
            {
              key: 's',
              label: t('details.status'),
              children: <GrievanceStatusTag status={g.status} viewer={viewer} />,
            },
            {
              key: 'dl',
              label: t('details.answerDue'),
              children: g.deadlineAt ? (
                <>
                  {f.date(inSchoolZone(g.deadlineAt).subtract(1, 'minute'))}{' '}
                  {g.escalatedAt ? (
                    <Tag color="red">{t('details.escalated')}</Tag>
                  ) : overdue ? (
                    <Tag color="orange">{t('details.overdue')}</Tag>
                  ) : null}
                </>
              ) : (
                '—'
              ),
            },
            { key: 'p', label: t('details.priority'), children: priorityLabel(g.priority) },
            {
              key: 'st',
              label: t('details.student'),
              // A withheld name has no id to show beside it: no empty brackets.
              children:
                (g.menteeId?.studentId ?? g.rollNo)
                  ? t('details.studentValue', {
                      name: g.menteeId?.fullName ?? personName(g.name),
                      id: g.menteeId?.studentId ?? g.rollNo,
                    })
                  : (g.menteeId?.fullName ?? personName(g.name)),
            },
            { key: 'c', label: t('details.contact'), children: g.email || '—' },
            { key: 't', label: t('details.type'), children: typeLabel(g.grievanceType) },
            { key: 'cat', label: t('details.category'), children: categoryLabel(g.category) },
            { key: 'd', label: t('details.incident'), children: f.date(g.dateOfIncident) },
            { key: 'sub', label: t('details.submitted'), children: f.dateTime(g.createdAt) },
            {
              key: 'desc',
              label: t('details.description'),
              span: 2,
              children: <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{g.description}</Typography.Text>,
            },
            ...(g.resolution
              ? [
                  {
                    key: 'r',
                    label: t('details.resolution'),
                    span: 2,
                    children: g.resolvedAt
                      ? t('details.resolvedOn', {
                          resolution: resolutionText(g.resolution),
                          date: f.date(g.resolvedAt),
                        })
                      : resolutionText(g.resolution),
                  },
                ]
              : []),
            ...(g.mentorComments
              ? [{ key: 'mc', label: t('details.mentorComments'), span: 2, children: g.mentorComments }]
              : []),
            ...(g.adminComments
              ? [{ key: 'ac', label: t('details.adminComments'), span: 2, children: g.adminComments }]
              : []),
          ]}
        />
        <GrievanceTimeline grievanceId={g._id} />
        <GrievanceThread grievanceId={g._id} />
      </Flex>
    </Modal>
  );
}
