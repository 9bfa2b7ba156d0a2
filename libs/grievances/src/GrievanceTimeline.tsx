import { Timeline, Typography } from 'antd';
import { useCallback } from 'react';
import {
  GRIEVANCE_CATEGORIES,
  GRIEVANCE_PRIORITIES,
  GRIEVANCE_STATUSES,
  SENT_TO_ADMINS_DETAIL,
  pastDeadlinePriority,
  type GrievanceCategory,
  type GrievanceEventKind,
  type GrievanceEventResponse,
  type GrievancePriority,
  type GrievanceStatus,
} from '@portal/contracts';
import { useFormat, useSession } from '@portal/web-core';
import { useGrievanceTimelineQuery } from './grievancesApi';
import { useGrievancesT } from './i18n';
import { useGrievanceCategoryLabel, useGrievancePriorityLabel, useGrievanceStatusLabel } from './labels';

const COLOR: Partial<Record<GrievanceEventKind, string>> = {
  escalated: 'red',
  'identity-revealed': 'orange',
  confirmed: 'green',
  reopened: 'orange',
};

/**
 * A timeline line in the current language: "Dr. Carter (mentor) commented", or by role only when the student's name
 * is withheld (anonymous handling).
 */
export function useEventLine(): (e: GrievanceEventResponse) => string {
  const { t } = useGrievancesT();
  return useCallback(
    (e: GrievanceEventResponse) => {
      const what: Record<GrievanceEventKind, string> = {
        filed: t('timeline.what.filed'),
        status: t('timeline.what.status'),
        comment: t('timeline.what.comment'),
        viewed: t('timeline.what.viewed'),
        'identity-revealed': t('timeline.what.identity-revealed'),
        escalated: t('timeline.what.escalated'),
        priority: t('timeline.what.priority'),
        category: t('timeline.what.category'),
        confirmed: t('timeline.what.confirmed'),
        reopened: t('timeline.what.reopened'),
      };
      if (!e.actorRole) return what[e.kind];
      const role = { admin: t('role.admin'), mentor: t('role.mentor'), mentee: t('role.mentee') }[e.actorRole];
      const who = e.actorName
        ? t('timeline.actor', { name: e.actorName, role })
        : {
            admin: t('timeline.who.admin'),
            mentor: t('timeline.who.mentor'),
            mentee: t('timeline.who.mentee'),
          }[e.actorRole];
      return t('timeline.line', { who, what: what[e.kind] });
    },
    [t],
  );
}

const isOneOf = <T extends string>(values: readonly T[], v: string): v is T =>
  (values as readonly string[]).includes(v);

/**
 * A line's detail in the current language: what the server writes itself (a change "pending → in-progress" of codes,
 * "Sent to administrators only", an escalation's priority) is stored in English and translated here; a person's words
 * (a reason) as they wrote them.
 */
export function useEventDetail(): (e: GrievanceEventResponse) => string {
  const { t } = useGrievancesT();
  const viewer = useSession().user?.role ?? 'mentee';
  const statusLabel = useGrievanceStatusLabel();
  const priorityLabel = useGrievancePriorityLabel();
  const categoryLabel = useGrievanceCategoryLabel();
  return useCallback(
    (e: GrievanceEventResponse) => {
      const label = (code: string): string | null => {
        if (e.kind === 'status' && isOneOf<GrievanceStatus>(GRIEVANCE_STATUSES, code)) return statusLabel(code, viewer);
        if (e.kind === 'priority' && isOneOf<GrievancePriority>(GRIEVANCE_PRIORITIES, code)) return priorityLabel(code);
        if (e.kind === 'category' && isOneOf<GrievanceCategory>(GRIEVANCE_CATEGORIES, code)) return categoryLabel(code);
        return null;
      };
      const change = /^(\S+) → (\S+)$/.exec(e.detail);
      if (change) {
        const [from, to] = [label(change[1]), label(change[2])];
        if (from && to) return t('timeline.detail.change', { from, to });
      }
      if (e.kind === 'filed' && e.detail === SENT_TO_ADMINS_DETAIL) return t('timeline.detail.sentToAdmins');
      const overdue = e.kind === 'escalated' ? pastDeadlinePriority(e.detail) : null;
      if (overdue) return t('timeline.detail.pastDeadline', { priority: priorityLabel(overdue) });
      return e.detail;
    },
    [t, viewer, statusLabel, priorityLabel, categoryLabel],
  );
}

/** Every status change, comment and staff view of a grievance, oldest first: who (or which role) and when. */
export function GrievanceTimeline({ grievanceId }: { grievanceId: string }) {
  const { data = [], isLoading } = useGrievanceTimelineQuery(grievanceId);
  const { t } = useGrievancesT();
  const f = useFormat();
  const eventLine = useEventLine();
  const eventDetail = useEventDetail();
  return (
    <section aria-label={t('timeline.title')}>
      <Typography.Text strong>{t('timeline.title')}</Typography.Text>
      {isLoading ? (
        <Typography.Paragraph type="secondary">{t('timeline.loading')}</Typography.Paragraph>
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
                  {e.detail ? `: ${eventDetail(e)}` : ''}
                </Typography.Text>
                <br />
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {f.dateTime(e.createdAt)}
                </Typography.Text>
              </div>
            ),
          }))}
        />
      )}
    </section>
  );
}
