import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import type {
  AbsenceReason,
  AnnouncementPriority,
  GrievancePriority,
  GrievanceStatus,
  LeaveStatus,
  LeaveType,
  MessageReportReason,
  Role,
} from '@portal/contracts';
import type { EntityManager } from 'typeorm';

/** Who did something: null for the system (a sweep, an import's own rules). */
export interface EventActor {
  id: string;
  role: Role;
  fullName: string;
}

/** A leave request as its notices need it. */
export interface LeaveFacts {
  id: string;
  menteeId: string;
  menteeName: string;
  /** The student's mentor now (null: none). */
  mentorId: string | null;
  leaveType: LeaveType;
  startDate: string;
  endDate: string;
  /** The guardian who filed it for the child; null: the student did. */
  filedById: string | null;
}

/** A family's answer to an absence, as its notices need it. */
export interface AbsenceAnswerFacts {
  id: string;
  menteeId: string;
  menteeName: string;
  mentorId: string | null;
  date: string;
  reason: AbsenceReason;
  note: string | null;
  /** The guardian's name, or the address the e-mailed link went to. */
  by: string;
}

/**
 * A grievance as its notices need it, with what the grievances module's visibility rule decided: who handles it, and
 * whether e-mails may say more than the ticket number.
 */
export interface GrievanceFacts {
  id: string;
  ticketNumber: string;
  subject: string;
  /** Null once the student is erased (an open grievance kept under a legal hold): no one to tell. */
  menteeId: string | null;
  /** Its handlers: the student's mentor for an ordinary grievance, every admin for a confidential one. */
  handlers: { users: string[]; roles: Role[] };
  /** Confidential or name-withheld: e-mails carry the ticket number only. */
  ticketOnly: boolean;
  /** The student withheld their name (not revealed): the delivery log blanks its e-mails. */
  withheld: boolean;
}

/**
 * Every domain event, with what its listeners need. Emitted inside the writer's transaction (`tx`): a listener's
 * writes (inbox rows, outbox jobs, group removals) commit or roll back with the change that caused them.
 */
export interface DomainEventMap {
  /** These students' records changed (attendance, leaves, grievances): derived state is re-evaluated. */
  'mentees.changed': { menteeIds: string[] };
  /** A student's mentor changed (assign, edit, CSV import, a mentor's deactivation or deletion). */
  'mentor.changed': {
    menteeId: string;
    menteeName: string;
    studentId: string;
    className: string;
    section: string;
    from: { id: string; fullName: string } | null;
    to: { id: string; fullName: string } | null;
    actor: EventActor | null;
  };
  'leave.filed': { leave: LeaveFacts };
  'leave.cancelled': { leave: LeaveFacts; wasApproved: boolean };
  'leave.decided': { leave: LeaveFacts; status: Extract<LeaveStatus, 'approved' | 'rejected'>; comments: string };
  'grievance.filed': { grievance: GrievanceFacts };
  'grievance.status': { grievance: GrievanceFacts; status: GrievanceStatus; said: string; resolved: boolean };
  /** `byStudent`: the student commented (their handlers are told), else staff did (the student is told). */
  'grievance.comment': { grievance: GrievanceFacts; byStudent: boolean; who: string; content: string };
  /** The student reopened a resolved grievance: back with its handlers. */
  'grievance.reopened': { grievance: GrievanceFacts; reason: string };
  'grievance.escalated': { grievance: GrievanceFacts; priority: GrievancePriority; status: GrievanceStatus };
  /** Students were added to a mentor's group (created or edited). */
  'group.membersAdded': { groupName: string; menteeIds: string[]; by: EventActor };
  /** A mentor signed up and waits for an admin's approval. */
  'account.pending': { userId: string; fullName: string; email: string };
  /**
   * An announcement was posted for these roles, or (a group or class announcement) for these users: its recipients as
   * the owning modules named them. Its author is not told.
   */
  'announcement.posted': {
    title: string;
    content: string;
    roles: Role[];
    users?: string[];
    priority: AnnouncementPriority;
    author: EventActor;
  };
  /** A family answered an absence (portal or e-mailed link): the mentor's work; a disputed mark the admins' too. */
  'absence.answered': { answer: AbsenceAnswerFacts };
  /**
   * A participant reported a chat message: the safeguarding leads' work (`leadIds`; empty when none is designated, and
   * then every admin's). Who reported it is not in the event: nobody is told that.
   */
  'message.reported': { reportId: string; reason: MessageReportReason; conversation: string; leadIds: string[] };
}
export type DomainEventName = keyof DomainEventMap;
export type DomainEventHandler<E extends DomainEventName> = (
  tx: EntityManager,
  payload: DomainEventMap[E],
) => Promise<void>;

/**
 * Events that must have a listener: a module that emits one relies on someone acting on it (a missing wiring would
 * silently drop work), so the application refuses to start without one.
 */
export const REQUIRED_LISTENERS: readonly DomainEventName[] = [
  'mentees.changed',
  'mentor.changed',
  'leave.filed',
  'leave.cancelled',
  'leave.decided',
  'grievance.filed',
  'grievance.status',
  'grievance.comment',
  'grievance.reopened',
  'grievance.escalated',
  'group.membersAdded',
  'announcement.posted',
  'account.pending',
  'absence.answered',
  'message.reported',
];

/**
 * The in-process, typed event bus between modules: the emitter never imports its listeners. Handlers run one after
 * another inside the emitter's transaction and their failures fail the write (nothing fails open).
 */
@Injectable()
export class DomainEvents implements OnApplicationBootstrap {
  private readonly handlers = new Map<DomainEventName, DomainEventHandler<never>[]>();

  on<E extends DomainEventName>(event: E, handler: DomainEventHandler<E>): void {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler as DomainEventHandler<never>]);
  }

  async emit<E extends DomainEventName>(tx: EntityManager, event: E, payload: DomainEventMap[E]): Promise<void> {
    for (const handler of this.handlers.get(event) ?? [])
      await (handler as unknown as DomainEventHandler<E>)(tx, payload);
  }

  listenerCount(event: DomainEventName): number {
    return this.handlers.get(event)?.length ?? 0;
  }

  onApplicationBootstrap(): void {
    const missing = REQUIRED_LISTENERS.filter((e) => !this.listenerCount(e));
    if (missing.length) throw new Error(`Domain events without a listener: ${missing.join(', ')}`);
  }
}
