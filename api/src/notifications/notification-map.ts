import { Injectable } from '@nestjs/common';
import {
  WITHHELD_NAME,
  automaticLeaveComment,
  presetResolution,
  type GrievanceStatus,
  type LeaveType,
  type NotificationKind,
  type Role,
} from '@portal/contracts';
import type { EntityManager } from 'typeorm';
import { DomainEvents, type DomainEventMap, type DomainEventName, type GrievanceFacts } from '../events/domain-events';
import { CalendarService } from '../calendar/calendar.service';
import { day, text, type Text, type TextParam } from '../i18n/texts';
import { NotificationsService, type NotificationInput } from './notifications.service';

/**
 * The notification map: which event tells whom, of what kind (each person's e-mail preference is per kind). The README
 * table "Who is told" is this list. Recipients are decided here from what the owning module put in the event (its
 * visibility rule named a grievance's handlers); nobody is told twice of one event.
 */
export const NOTIFICATION_MAP: readonly { event: DomainEventName; kind: NotificationKind; tells: string }[] = [
  { event: 'leave.filed', kind: 'leave.filed', tells: "the student's mentor" },
  { event: 'leave.cancelled', kind: 'leave.cancelled', tells: "the student's mentor" },
  { event: 'leave.decided', kind: 'leave.decided', tells: 'the student, and the guardian who filed it' },
  {
    event: 'grievance.filed',
    kind: 'grievance.filed',
    tells:
      'its handlers: the mentor (ordinary), every admin (confidential, or no mentor); never the person it is about',
  },
  { event: 'grievance.filed', kind: 'grievance.received', tells: 'the student who filed it (acknowledgement)' },
  { event: 'grievance.status', kind: 'grievance.status', tells: 'the student' },
  { event: 'grievance.comment', kind: 'grievance.comment', tells: 'the other side: the student, or the handlers' },
  { event: 'grievance.reopened', kind: 'grievance.status', tells: 'its handlers' },
  { event: 'grievance.escalated', kind: 'grievance.escalated', tells: 'every admin' },
  { event: 'mentor.changed', kind: 'mentor.assigned', tells: 'the student, the new mentor and the previous mentor' },
  { event: 'group.membersAdded', kind: 'group.added', tells: 'the students added' },
  { event: 'account.pending', kind: 'account.pending', tells: 'every admin' },
  {
    event: 'announcement.posted',
    kind: 'announcement.new',
    tells:
      'its audience: every active user of its roles, or the students of the group or class it was addressed to; ' +
      'and their guardians when it is for families',
  },
  {
    event: 'absence.answered',
    kind: 'absence.answered',
    tells: "the student's mentor; every admin too when the family says the mark is wrong",
  },
  {
    event: 'message.reported',
    kind: 'message.reported',
    tells: 'the safeguarding leads, or every admin while none is designated; by e-mail at once (never the reporter)',
  },
];

type Audience = { users?: (string | null | undefined)[]; roles?: Role[] };

// Every title and body is a message of the server's catalogue (i18n/catalogue.en.ts): each reader gets their language.
const leaveType = (t: LeaveType) => text(`leaveType.${t}`);
const ticketOf = (g: GrievanceFacts): TextParam => g.ticketNumber || text('notification.grievance.noNumber');
const grievanceStatus = (s: GrievanceStatus) => text(`grievanceStatus.${s}`);
/** A leave decision's comment: the automatic one (SPEC.md's "Approved") in the reader's language, else as written. */
const leaveComment = (comment: string): TextParam => {
  const auto = automaticLeaveComment(comment);
  return auto ? text(`leaveComment.${auto}`) : comment;
};
/** What a grievance's handler said: a preset resolution in the reader's language, else as written. */
const grievanceSaid = (said: string): TextParam => {
  const preset = presetResolution(said);
  return preset ? text(`grievanceResolution.${preset}`) : said;
};
const clip = (s: string, max: number) => (s.length > max ? `${s.slice(0, max)}…` : s);
const grievanceParams = (g: GrievanceFacts) => ({ ticket: g.ticketNumber, subject: g.subject });

@Injectable()
export class NotificationMap {
  constructor(
    private readonly notifications: NotificationsService,
    private readonly calendar: CalendarService,
    events: DomainEvents,
  ) {
    const on = <E extends DomainEventName>(event: E, fn: (tx: EntityManager, e: DomainEventMap[E]) => Promise<void>) =>
      events.on(event, fn);

    on('leave.filed', (tx, { leave }) =>
      this.tell(
        tx,
        { users: [leave.mentorId] },
        {
          kind: 'leave.filed',
          title: text(leave.filedById ? 'notification.leaveFiled.titleByGuardian' : 'notification.leaveFiled.title', {
            name: leave.menteeName,
            type: text(`leaveTypeInSentence.${leave.leaveType}`),
          }),
          body: text('notification.leaveFiled.body', { start: day(leave.startDate), end: day(leave.endDate) }),
          link: '/leaves',
        },
      ),
    );
    on('leave.cancelled', (tx, { leave, wasApproved }) =>
      this.tell(
        tx,
        { users: [leave.mentorId] },
        {
          kind: 'leave.cancelled',
          title: text(wasApproved ? 'notification.leaveCancelled.titleApproved' : 'notification.leaveCancelled.title', {
            name: leave.menteeName,
          }),
          body: text('notification.leaveCancelled.body', {
            type: leaveType(leave.leaveType),
            start: day(leave.startDate),
            end: day(leave.endDate),
          }),
          link: '/leaves',
        },
      ),
    );
    on('leave.decided', async (tx, { leave, status, comments }) => {
      const approved = status === 'approved';
      const body = text('notification.leaveDecided.body', {
        type: leaveType(leave.leaveType),
        start: day(leave.startDate),
        end: day(leave.endDate),
        comment: leaveComment(comments),
      });
      await this.tell(
        tx,
        { users: [leave.menteeId] },
        {
          kind: 'leave.decided',
          title: text(approved ? 'notification.leaveDecided.titleApproved' : 'notification.leaveDecided.titleRejected'),
          body,
          link: '/leaves',
        },
      );
      // A guardian who filed it for their child is told too, naming the child (they may have several); by e-mail
      // only with their consent for that child (optional processing), and not during the school's quiet hours.
      if (leave.filedById)
        await this.tell(
          tx,
          { users: [leave.filedById] },
          {
            mail: await this.notifications.familyMayBeMailed(tx, leave.filedById, leave.menteeId),
            mailAfter: await this.calendar.quietUntil(),
            kind: 'leave.decided',
            title: text(
              approved ? 'notification.leaveDecided.titleApprovedFor' : 'notification.leaveDecided.titleRejectedFor',
              { name: leave.menteeName },
            ),
            body,
            link: '/leaves',
          },
        );
    });

    on('grievance.filed', async (tx, { grievance: g }) => {
      await this.tell(tx, g.handlers, {
        ...this.private(g, text('notification.grievance.filedMail', { ticket: ticketOf(g) })),
        kind: 'grievance.filed',
        title: text('notification.grievance.filedTitle', grievanceParams(g)),
        body: text(
          g.handlers.roles.length ? 'notification.grievance.filedBodyAdmins' : 'notification.grievance.filedBodyMentor',
        ),
        link: this.linkFor(g.handlers),
      });
      await this.tell(
        tx,
        { users: [g.menteeId] },
        {
          ...this.private(g, text('notification.grievance.receivedMail', { ticket: ticketOf(g) })),
          kind: 'grievance.received',
          title: text('notification.grievance.receivedTitle', grievanceParams(g)),
          body: text(
            g.handlers.roles.length
              ? 'notification.grievance.receivedBodyAdmins'
              : 'notification.grievance.receivedBodyMentor',
          ),
          link: '/grievances',
        },
      );
    });
    on('grievance.status', (tx, { grievance: g, status, said, resolved }) =>
      this.tell(
        tx,
        { users: [g.menteeId] },
        {
          ...this.private(g, text('notification.grievance.statusMail', { ticket: ticketOf(g) })),
          kind: 'grievance.status',
          title: text('notification.grievance.statusTitle', { ...grievanceParams(g), status: grievanceStatus(status) }),
          body: said
            ? text(resolved ? 'notification.grievance.statusResolution' : 'notification.grievance.statusComment', {
                said: grievanceSaid(said),
              })
            : '',
          link: '/grievances',
        },
      ),
    );
    on('grievance.comment', (tx, { grievance: g, byStudent, who, content }) =>
      this.tell(tx, byStudent ? g.handlers : { users: [g.menteeId] }, {
        ...this.private(g, text('notification.grievance.commentMail', { ticket: ticketOf(g) })),
        kind: 'grievance.comment',
        title: text('notification.grievance.commentTitle', grievanceParams(g)),
        body: text('notification.grievance.commentBody', {
          who: who === WITHHELD_NAME ? text('names.withheld') : who,
          content: clip(content, 300),
        }),
        link: byStudent ? this.linkFor(g.handlers) : '/grievances',
      }),
    );
    on('grievance.reopened', (tx, { grievance: g, reason }) =>
      this.tell(tx, g.handlers, {
        ...this.private(g, text('notification.grievance.reopenedMail', { ticket: ticketOf(g) })),
        kind: 'grievance.status',
        title: text('notification.grievance.reopenedTitle', grievanceParams(g)),
        body: text('notification.grievance.reopenedBody', { reason }),
        link: this.linkFor(g.handlers),
      }),
    );
    on('grievance.escalated', (tx, { grievance: g, priority, status }) =>
      this.tell(
        tx,
        { roles: ['admin'] },
        {
          ...this.private(g, text('notification.grievance.escalatedMail', { ticket: ticketOf(g) })),
          kind: 'grievance.escalated',
          title: text('notification.grievance.escalatedTitle', { ticket: g.ticketNumber }),
          body: text('notification.grievance.escalatedBody', {
            subject: g.subject,
            priority: text(`grievancePriority.${priority}`),
            status: grievanceStatus(status),
          }),
          link: '/admin/grievances',
        },
      ),
    );

    on('group.membersAdded', (tx, e) =>
      this.tell(
        tx,
        { users: e.menteeIds },
        {
          kind: 'group.added',
          title: text('notification.groupAdded.title', { group: e.groupName }),
          body: text('notification.groupAdded.body', { name: e.by.fullName }),
          link: '/chat',
        },
      ),
    );
    on('account.pending', (tx, e) =>
      this.tell(
        tx,
        { roles: ['admin'] },
        {
          kind: 'account.pending',
          title: text('notification.accountPending.title', { name: e.fullName }),
          body: e.email,
          link: '/admin/users',
        },
      ),
    );
    // Up to every student: one outbox job, fanned out by the worker in batches, not in this transaction.
    on('announcement.posted', (tx, e) =>
      this.notifyAnnouncement(
        tx,
        e.roles,
        {
          kind: 'announcement.new',
          title: text('notification.announcement.title', { title: e.title }),
          body: text('notification.announcement.body', { name: e.author.fullName, content: clip(e.content, 200) }),
          link: '/dashboard',
          // An urgent announcement is a safety notice: a guardian is e-mailed at once whatever they chose.
          safety: e.priority === 'urgent',
        },
        e.author.id,
        e.users,
      ),
    );
    on('absence.answered', async (tx, { answer: a }) => {
      const wrong = a.reason === 'wrong_mark';
      const input: NotificationInput = {
        kind: 'absence.answered',
        title: text(wrong ? 'notification.absenceAnswered.titleWrongMark' : 'notification.absenceAnswered.title', {
          name: a.menteeName,
          day: day(a.date),
        }),
        body: text(a.note ? 'notification.absenceAnswered.bodyNote' : 'notification.absenceAnswered.body', {
          who: a.by,
          reason: text(`absenceReason.${a.reason}`),
          note: a.note ? clip(a.note, 300) : '',
        }),
        link: '/dashboard',
      };
      await this.tell(tx, { users: [a.mentorId] }, input);
      // A disputed mark is the register's: the admins who keep it correct or confirm it.
      if (wrong) await this.tell(tx, { roles: ['admin'] }, { ...input, link: `/admin/attendance?date=${a.date}` });
    });
    on('message.reported', async (tx, e) => {
      const noLead = !e.leadIds.length;
      await this.tell(tx, noLead ? { roles: ['admin'] } : { users: e.leadIds }, {
        kind: 'message.reported',
        title: text('notification.messageReported.title', { reason: text(`reportReason.${e.reason}`) }),
        body: text(noLead ? 'notification.messageReported.bodyNoLead' : 'notification.messageReported.body', {
          conversation: e.conversation,
        }),
        link: `/admin/safeguarding?report=${e.reportId}`,
        // Safeguarding: e-mailed at once to every recipient, whatever their preference (staff have no quiet hours).
        alwaysMail: true,
      });
    });
    on('mentor.changed', async (tx, e) => {
      if (e.to) {
        await this.tell(
          tx,
          { users: [e.menteeId] },
          {
            kind: 'mentor.assigned',
            title: text(e.from ? 'notification.mentor.changedTitle' : 'notification.mentor.firstTitle'),
            body: text('notification.mentor.body', { name: e.to.fullName }),
            link: '/dashboard',
          },
        );
        await this.tell(
          tx,
          { users: [e.to.id] },
          {
            kind: 'mentor.assigned',
            title: text('notification.mentor.menteeTitle', { name: e.menteeName }),
            body: text('notification.mentor.menteeBody', {
              studentId: e.studentId,
              className: e.className,
              section: e.section,
            }),
            link: '/dashboard',
          },
        );
      } else {
        await this.tell(
          tx,
          { users: [e.menteeId] },
          {
            kind: 'mentor.assigned',
            title: text('notification.mentor.noneTitle'),
            body: text('notification.mentor.noneBody'),
            link: '/dashboard',
          },
        );
      }
      if (e.from)
        await this.tell(
          tx,
          { users: [e.from.id] },
          {
            kind: 'mentor.assigned',
            title: text('notification.mentor.leftTitle', { name: e.menteeName }),
            body: e.to
              ? text('notification.mentor.leftBody', { name: e.to.fullName })
              : text('notification.mentor.leftBodyNone'),
            link: '/dashboard',
          },
        );
    });
  }

  /** E-mails of a confidential or name-withheld grievance say `summary` only, and a withheld one is blanked in the log. */
  private private(g: GrievanceFacts, summary: Text): Pick<NotificationInput, 'mailSummary' | 'withheldRef'> {
    return { mailSummary: g.ticketOnly ? summary : undefined, withheldRef: g.withheld ? g.id : null };
  }

  /** Its roles (one fan-out job) and, for a group or a class, its recipients (a class at most: in this transaction). */
  private async notifyAnnouncement(
    tx: EntityManager,
    roles: Role[],
    input: NotificationInput,
    author: string,
    users: string[] = [],
  ): Promise<void> {
    await this.notifications.notifyRoles(tx, roles, input, author);
    await this.notifications.notify(
      tx,
      users.filter((id) => id !== author),
      input,
    );
  }

  private linkFor(to: Audience): string {
    return to.roles?.includes('admin') ? '/admin/grievances' : '/grievances';
  }

  private async tell(tx: EntityManager, to: Audience, input: NotificationInput): Promise<void> {
    if (to.users?.length) await this.notifications.notify(tx, to.users, input);
    if (to.roles?.includes('admin')) await this.notifications.notifyAdmins(tx, input);
  }
}
