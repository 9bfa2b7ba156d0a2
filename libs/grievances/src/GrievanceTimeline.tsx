import { Timeline, Typography } from 'antd';
import dayjs from 'dayjs';
import type { GrievanceEventKind, GrievanceEventResponse, Role } from '@portal/contracts';
import { useGrievanceTimelineQuery } from './grievancesApi';

const ROLE_NAME: Record<Role, string> = { admin: 'An administrator', mentor: 'The mentor', mentee: 'The student' };
const WHAT: Record<GrievanceEventKind, string> = {
  filed: 'filed the grievance',
  status: 'changed the status',
  comment: 'commented',
  viewed: 'viewed it',
  'identity-revealed': "revealed the student's identity",
  escalated: 'Escalated to all administrators',
  priority: 'changed the priority',
  category: 'changed the category',
  confirmed: 'confirmed the resolution',
  reopened: 'reopened it',
};
const COLOR: Partial<Record<GrievanceEventKind, string>> = {
  escalated: 'red',
  'identity-revealed': 'orange',
  confirmed: 'green',
  reopened: 'orange',
};

/** "Dr. Carter (mentor)", or by role only when the student's name is withheld (anonymous handling). */
export const eventLine = (e: GrievanceEventResponse) => {
  if (!e.actorRole) return WHAT[e.kind];
  const who = e.actorName
    ? `${e.actorName} (${e.actorRole === 'mentee' ? 'student' : e.actorRole})`
    : ROLE_NAME[e.actorRole];
  return `${who} ${WHAT[e.kind]}`;
};

/** Every status change, comment and staff view of a grievance, oldest first: who (or which role) and when. */
export function GrievanceTimeline({ grievanceId }: { grievanceId: string }) {
  const { data = [], isLoading } = useGrievanceTimelineQuery(grievanceId);
  return (
    <section aria-label="Timeline">
      <Typography.Text strong>Timeline</Typography.Text>
      {isLoading ? (
        <Typography.Paragraph type="secondary">Loading…</Typography.Paragraph>
      ) : (
        <Timeline
          style={{ marginTop: 12 }}
          items={data.map((e) => ({
            key: e._id,
            color: COLOR[e.kind] ?? 'blue',
            content: (
              <div data-testid="timeline-line">
                <Typography.Text>
                  {eventLine(e)}
                  {e.detail ? `: ${e.detail}` : ''}
                </Typography.Text>
                <br />
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {dayjs(e.createdAt).format('MMM D, YYYY HH:mm')}
                </Typography.Text>
              </div>
            ),
          }))}
        />
      )}
    </section>
  );
}
