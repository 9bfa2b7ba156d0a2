import { Timeline, Typography } from 'antd';
import { useCallback } from 'react';
import type { GrievanceEventKind, GrievanceEventResponse } from '@portal/contracts';
import { useFormat } from '@portal/web-core';
import { useGrievanceTimelineQuery } from './grievancesApi';
import { useGrievancesT } from './i18n';

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

/** Every status change, comment and staff view of a grievance, oldest first: who (or which role) and when. */
export function GrievanceTimeline({ grievanceId }: { grievanceId: string }) {
  const { data = [], isLoading } = useGrievanceTimelineQuery(grievanceId);
  const { t } = useGrievancesT();
  const f = useFormat();
  const eventLine = useEventLine();
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
                  {e.detail ? `: ${e.detail}` : ''}
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
