import { Injectable } from '@nestjs/common';
import type { NotificationKind, Role } from '@portal/contracts';
import type { EntityManager } from 'typeorm';
import { DomainEvents, type DomainEventMap, type DomainEventName, type GrievanceFacts } from '../events/domain-events';
import { NotificationsService, type NotificationInput } from './notifications.service';

/**
 * The notification map: which event tells whom, of what kind (each person's e-mail preference is per kind). The README
 * table "Who is told" is this list. Recipients are decided here from what the owning module put in the event (its
 * visibility rule named a grievance's handlers); nobody is told twice of one event.
 */
export const NOTIFICATION_MAP: readonly { event: DomainEventName; kind: NotificationKind; tells: string }[] = [
  { event: 'leave.filed', kind: 'leave.filed', tells: "the student's mentor" },
  { event: 'leave.cancelled', kind: 'leave.cancelled', tells: "the student's mentor" },
  { event: 'leave.decided', kind: 'leave.decided', tells: 'the student' },
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
  { event: 'announcement.posted', kind: 'announcement.new', tells: 'its audience (every active user of its roles)' },
];

type Audience = { users?: (string | null | undefined)[]; roles?: Role[] };

const LEAVE_TYPE = (t: string) => `${t[0].toUpperCase()}${t.slice(1)} leave`;
const ticketOf = (g: GrievanceFacts) => g.ticketNumber || 'without a number';

@Injectable()
export class NotificationMap {
  constructor(
    private readonly notifications: NotificationsService,
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
          title: `${leave.menteeName} asked for ${LEAVE_TYPE(leave.leaveType).toLowerCase()}`,
          body: `${leave.startDate} to ${leave.endDate}. It waits for your decision.`,
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
          title: `${leave.menteeName} cancelled ${wasApproved ? 'an approved' : 'a'} leave request`,
          body: `${LEAVE_TYPE(leave.leaveType)}, ${leave.startDate} to ${leave.endDate}.`,
          link: '/leaves',
        },
      ),
    );
    on('leave.decided', (tx, { leave, status, comments }) =>
      this.tell(
        tx,
        { users: [leave.menteeId] },
        {
          kind: 'leave.decided',
          title: `Your leave request was ${status}`,
          body: `${LEAVE_TYPE(leave.leaveType)}, ${leave.startDate} to ${leave.endDate}. Comment: ${comments}`,
          link: '/leaves',
        },
      ),
    );

    on('grievance.filed', async (tx, { grievance: g }) => {
      await this.tell(tx, g.handlers, {
        ...this.private(g, `A grievance was filed: ${ticketOf(g)}. Sign in to the portal to read it.`),
        kind: 'grievance.filed',
        title: `New grievance ${g.ticketNumber} "${g.subject}"`,
        body: g.handlers.roles.length ? 'Sent to administrators only.' : 'It waits for your review.',
        link: this.linkFor(g.handlers),
      });
      await this.tell(
        tx,
        { users: [g.menteeId] },
        {
          ...this.private(g, `Your grievance ${ticketOf(g)} was received. Sign in to the portal to follow it.`),
          kind: 'grievance.received',
          title: `Your grievance ${g.ticketNumber} "${g.subject}" was received`,
          body: g.handlers.roles.length
            ? 'Only the administrators can see it.'
            : 'Your mentor will review it. You are told of every change.',
          link: '/grievances',
        },
      );
    });
    on('grievance.status', (tx, { grievance: g, status, said, resolved }) =>
      this.tell(
        tx,
        { users: [g.menteeId] },
        {
          ...this.private(g, `There is an update on your grievance ${ticketOf(g)}. Sign in to the portal to read it.`),
          kind: 'grievance.status',
          title: `Your grievance ${g.ticketNumber} "${g.subject}" is now ${status.replace('-', ' ')}`,
          body: said ? `${resolved ? 'Resolution' : 'Comment'}: ${said}` : '',
          link: '/grievances',
        },
      ),
    );
    on('grievance.comment', (tx, { grievance: g, byStudent, who, content }) =>
      this.tell(tx, byStudent ? g.handlers : { users: [g.menteeId] }, {
        ...this.private(g, `A new comment on the grievance ${ticketOf(g)}. Sign in to the portal to read it.`),
        kind: 'grievance.comment',
        title: `New comment on the grievance ${g.ticketNumber} "${g.subject}"`,
        body: `${who}: ${content.length > 300 ? `${content.slice(0, 300)}…` : content}`,
        link: byStudent ? this.linkFor(g.handlers) : '/grievances',
      }),
    );
    on('grievance.reopened', (tx, { grievance: g, reason }) =>
      this.tell(tx, g.handlers, {
        ...this.private(g, `Grievance ${ticketOf(g)} was reopened by the student. Sign in to the portal to read it.`),
        kind: 'grievance.status',
        title: `Grievance ${g.ticketNumber} "${g.subject}" was reopened by the student`,
        body: `Reason: ${reason}`,
        link: this.linkFor(g.handlers),
      }),
    );
    on('grievance.escalated', (tx, { grievance: g, priority, status }) =>
      this.tell(
        tx,
        { roles: ['admin'] },
        {
          ...this.private(g, `Grievance ${ticketOf(g)} is past its deadline. Sign in to the portal to act on it.`),
          kind: 'grievance.escalated',
          title: `Grievance ${g.ticketNumber} is past its deadline`,
          body: `"${g.subject}" (${priority} priority) is still ${status.replace('-', ' ')}.`,
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
          title: `You were added to the group "${e.groupName}"`,
          body: `By ${e.by.fullName}. Its chat is open to you now.`,
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
          title: `${e.fullName} signed up as a mentor and awaits approval`,
          body: e.email,
          link: '/admin/users',
        },
      ),
    );
    // Up to every student: one outbox job, fanned out by the worker in batches, not in this transaction.
    on('announcement.posted', (tx, e) =>
      this.notifications.notifyRoles(
        tx,
        e.roles,
        {
          kind: 'announcement.new',
          title: `New announcement: ${e.title}`,
          body: `From ${e.author.fullName}. ${e.content.length > 200 ? `${e.content.slice(0, 200)}…` : e.content}`,
          link: '/dashboard',
        },
        e.author.id,
      ),
    );
    on('mentor.changed', async (tx, e) => {
      if (e.to) {
        await this.tell(
          tx,
          { users: [e.menteeId] },
          {
            kind: 'mentor.assigned',
            title: e.from ? 'Your mentor has changed' : 'You have a mentor',
            body: `Your mentor is now ${e.to.fullName}.`,
            link: '/dashboard',
          },
        );
        await this.tell(
          tx,
          { users: [e.to.id] },
          {
            kind: 'mentor.assigned',
            title: `${e.menteeName} is now your mentee`,
            body: `Student ID ${e.studentId}, class ${e.className}-${e.section}.`,
            link: '/dashboard',
          },
        );
      } else {
        await this.tell(
          tx,
          { users: [e.menteeId] },
          {
            kind: 'mentor.assigned',
            title: 'You have no mentor for now',
            body: 'The school will assign you a new mentor.',
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
            title: `${e.menteeName} is no longer your mentee`,
            body: e.to ? `Their mentor is now ${e.to.fullName}.` : 'They have no mentor for now.',
            link: '/dashboard',
          },
        );
    });
  }

  /** E-mails of a confidential or name-withheld grievance say `summary` only, and a withheld one is blanked in the log. */
  private private(g: GrievanceFacts, summary: string): Pick<NotificationInput, 'mailSummary' | 'withheldRef'> {
    return { mailSummary: g.ticketOnly ? summary : undefined, withheldRef: g.withheld ? g.id : null };
  }

  private linkFor(to: Audience): string {
    return to.roles?.includes('admin') ? '/admin/grievances' : '/grievances';
  }

  private async tell(tx: EntityManager, to: Audience, input: NotificationInput): Promise<void> {
    if (to.users?.length) await this.notifications.notify(tx, to.users, input);
    if (to.roles?.includes('admin')) await this.notifications.notifyAdmins(tx, input);
  }
}
