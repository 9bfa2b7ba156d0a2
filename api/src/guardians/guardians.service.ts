import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, In, type EntityManager, type Repository } from 'typeorm';
import {
  ErrorCode,
  isEmailAddress,
  type AbsenceAnswerSummary,
  LEAVE_ELIGIBILITY_PERCENT,
  MSG,
  MAX_GUARDIANS_PER_CHILD,
  type GuardianChild,
  type GuardianChildAttendance,
  type GuardianLinkResponse,
  type ImportError,
  type LeaveImpact,
  type LeaveResponse,
  type ListLeavesQuery,
  type MessageResponse,
} from '@portal/contracts';
import type { ArrayPage } from '../common/array-page';
import type { LeaveDocumentFile } from '../leaves/leave-documents.service';
import { GuardianNoticesService } from '../notifications/guardian-notices.service';
import type { CreateLeaveDto } from '../leaves/dto/create-leave.dto';
import { LeavesService } from '../leaves/leaves.service';
import { AttendanceSummaryService } from '../attendance/attendance-summary.service';
import { AttendanceService } from '../attendance/attendance.service';
import { AbsenceAnswersService } from '../attendance/absence-answers.service';
import type { GuardianAbsenceAnswerDto } from '../attendance/dto/absence-answer.dto';
import { AuditService } from '../audit/audit.service';
import { PasswordResetService } from '../auth/password-reset.service';
import { CalendarService } from '../calendar/calendar.service';
import type { AuthUser } from '../common/auth-user';
import { iso } from '../dates/iso';
import { SessionsService } from '../sessions/sessions.service';
import { AccountCleanupRegistry, CLEANUP_ORDER } from '../users/account-cleanup.registry';
import { ProfilesService } from '../users/profiles.service';
import { UsersService } from '../users/users.service';
import type { InviteGuardianDto } from './dto/invite-guardian.dto';
import { GuardianLink } from './entities/guardian-link.entity';
import { GuardianException } from './guardian.exception';

/** A student as the users module answers one: their profile, account and mentor. */
type MenteeProfile = NonNullable<Awaited<ReturnType<ProfilesService['menteeWithMentor']>>>;
type Account = NonNullable<Awaited<ReturnType<UsersService['findById']>>>;

const label = (u: { id: string; fullName: string; email: string }) => ({
  type: 'user',
  id: u.id,
  label: `${u.fullName} <${u.email}>`,
});

const toChild = (m: MenteeProfile): GuardianChild => ({
  _id: m.id,
  fullName: m.user?.fullName ?? '',
  studentId: m.studentId,
  class: m.className,
  section: m.section,
  mentor: m.mentor?.user ? { fullName: m.mentor.user.fullName, officeHours: m.mentor.officeHours } : null,
});

/** One student row of the CSV import, with the guardians' e-mails its columns name. */
export interface ImportedStudent {
  row: number;
  email: string;
  fullName: string;
  /** The file's parents' names, for a new guardian account's name. */
  names: string[];
  guardians: { column: string; email: string }[];
}

/** A guardian the import links to a student. */
export interface PlannedGuardian {
  row: number;
  studentEmail: string;
  email: string;
  fullName: string;
}

/** The month after a YYYY-MM month, as its first day (YYYY-MM-DD). */
function nextMonthStart(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
}

/**
 * Guardians: invited by an admin for a student (an account of role guardian with no password until its owner sets one
 * through the invitation link), and what they may see of their children. The one rule of who a guardian may see is
 * `assertChild`: every guardian read goes through it, on every request (nothing cached), so a removed link ends the
 * sight at once.
 */
@Injectable()
export class GuardiansService implements OnModuleInit {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @InjectRepository(GuardianLink) private readonly links: Repository<GuardianLink>,
    private readonly users: UsersService,
    private readonly profiles: ProfilesService,
    private readonly summaries: AttendanceSummaryService,
    private readonly attendance: AttendanceService,
    private readonly calendar: CalendarService,
    private readonly invitations: PasswordResetService,
    private readonly sessions: SessionsService,
    private readonly audit: AuditService,
    private readonly cleanup: AccountCleanupRegistry,
    private readonly leaves: LeavesService,
    private readonly absenceAnswers: AbsenceAnswersService,
    private readonly guardianNotices: GuardianNoticesService,
  ) {}

  onModuleInit(): void {
    // Absence notices go to every guardian linked to the student, at their own address, in their own language.
    this.guardianNotices.useGuardiansOf(async (tx, menteeIds) => {
      const out = new Map<string, string[]>();
      for (const l of await tx.withRepository(this.links).findBy({ menteeId: In(menteeIds) }))
        out.set(l.menteeId, [...(out.get(l.menteeId) ?? []), l.guardianId]);
      return out;
    });
    // An erased student takes their links with them; a guardian left without a child is signed out everywhere.
    this.cleanup.register(CLEANUP_ORDER.guardianLinks, async (user, tx) => {
      const gone = await tx.find(GuardianLink, {
        where: user.role === 'guardian' ? { guardianId: user.id } : { menteeId: user.id },
      });
      if (!gone.length) return {};
      await tx.delete(GuardianLink, { id: In(gone.map((l) => l.id)) });
      if (user.role !== 'guardian') for (const l of gone) await this.signOutIfChildless(tx, l.guardianId);
      return {};
    });
  }

  /** Who may see a child: a guardian linked to them, now. */
  async assertChild(guardianId: string, menteeId: string): Promise<MenteeProfile> {
    const linked = await this.links.existsBy({ guardianId, menteeId });
    const child = linked ? await this.profiles.menteeWithMentor(menteeId) : null;
    if (!child) throw GuardianException.notYourChild();
    return child;
  }

  /** The guardian's children, by name. */
  async children(me: AuthUser): Promise<GuardianChild[]> {
    const links = await this.links.findBy({ guardianId: me.id });
    const children = await Promise.all(links.map((l) => this.profiles.menteeWithMentor(l.menteeId)));
    return children
      .flatMap((c) => (c ? [toChild(c)] : []))
      .sort((a, b) => a.fullName.localeCompare(b.fullName) || a._id.localeCompare(b._id));
  }

  /** One child's attendance as the child sees it: today's mark, a month's days, the year's figures, leave eligibility. */
  async childAttendance(me: AuthUser, menteeId: string, month?: string): Promise<GuardianChildAttendance> {
    const child = await this.assertChild(me.id, menteeId);
    const today = await this.calendar.today();
    const shown = month ?? today.slice(0, 7);
    const next = nextMonthStart(shown);
    const [summary, marks] = await Promise.all([
      this.summaries.forMentee(menteeId),
      this.attendance.marksSince([menteeId], `${shown}-01`),
    ]);
    const inMonth = marks.filter((m) => m.date < next);
    const answers = await this.absenceAnswers.answersOn(
      menteeId,
      inMonth.filter((m) => m.status === 'absent').map((m) => m.date),
    );
    const days = inMonth
      .map((m) => {
        const answer = answers.get(m.date);
        return answer ? { date: m.date, status: m.status, answer } : { date: m.date, status: m.status };
      })
      .sort((a, b) => a.date.localeCompare(b.date));
    const todayMark = marks.find((m) => m.date === today);
    return {
      child: toChild(child),
      today: { date: today, status: todayMark?.status ?? null },
      month: shown,
      days,
      summary,
      leaveEligible: summary.percentage >= LEAVE_ELIGIBILITY_PERCENT,
    };
  }

  /** The guardian answers one of the child's absences (the attendance module records it and tells the mentor). */
  async answerAbsence(me: AuthUser, menteeId: string, dto: GuardianAbsenceAnswerDto): Promise<AbsenceAnswerSummary> {
    await this.assertChild(me.id, menteeId);
    return this.absenceAnswers.answerInPortal(me, menteeId, dto.date, dto);
  }

  /** One child's leave requests and their decisions, as the child sees them. */
  async childLeaves(me: AuthUser, menteeId: string, q: ListLeavesQuery): Promise<ArrayPage<LeaveResponse>> {
    await this.assertChild(me.id, menteeId);
    return this.leaves.list({ kind: 'mentee', menteeId }, q);
  }

  /** What a planned leave would do to the child's attendance (the student's own preview). */
  async childLeaveImpact(me: AuthUser, menteeId: string, startDate: string, endDate: string): Promise<LeaveImpact> {
    await this.assertChild(me.id, menteeId);
    return this.leaves.impact(menteeId, startDate, endDate);
  }

  /** A leave or absence note filed by the guardian for the child: the mentor decides it like the child's own. */
  async fileLeave(me: AuthUser, menteeId: string, dto: CreateLeaveDto): Promise<LeaveResponse> {
    const child = await this.assertChild(me.id, menteeId);
    return this.leaves.fileForChild(me, { id: menteeId, fullName: child.user?.fullName ?? '' }, dto);
  }

  /** The guardian's own filing, while it is pending, and only while the child is still theirs. */
  async cancelLeave(me: AuthUser, leaveId: string): Promise<LeaveResponse> {
    await this.assertChild(me.id, await this.leaves.menteeOf(leaveId));
    return this.leaves.cancel(me, leaveId);
  }

  /** The document filed with a leave of their child's. */
  async leaveDocument(me: AuthUser, leaveId: string): Promise<LeaveDocumentFile> {
    await this.assertChild(me.id, await this.leaves.menteeOf(leaveId));
    return this.leaves.documentForGuardian(leaveId);
  }

  /** The ids of a guardian's children now. */
  async childIdsOf(guardianId: string, tx: EntityManager = this.db.manager): Promise<string[]> {
    return (await tx.find(GuardianLink, { where: { guardianId }, select: { menteeId: true } })).map((l) => l.menteeId);
  }

  /** The guardians linked now to any of these students (each once): who an announcement for their families tells. */
  async guardianIdsOf(menteeIds: string[]): Promise<string[]> {
    if (!menteeIds.length) return [];
    const ids = new Set<string>();
    for (let i = 0; i < menteeIds.length; i += 500)
      for (const l of await this.links.find({
        where: { menteeId: In(menteeIds.slice(i, i + 500)) },
        select: { guardianId: true },
      }))
        ids.add(l.guardianId);
    return [...ids];
  }

  /** A student's guardians, as admins see them. */
  async linksOf(menteeId: string): Promise<GuardianLinkResponse[]> {
    await this.mustFindMentee(menteeId);
    return this.respond(await this.links.find({ where: { menteeId }, order: { createdAt: 'ASC', id: 'ASC' } }));
  }

  /**
   * Invites a guardian of a student: a new guardian account with an invitation link by e-mail (7 days, single use), or,
   * for an existing guardian (a brother's or sister's), the link alone (and a new invitation if they have not yet set
   * a password). Refused for an account of another role, a guardian already linked, or a third guardian.
   */
  async invite(menteeId: string, dto: InviteGuardianDto, actor: AuthUser): Promise<GuardianLinkResponse> {
    const link = await this.db.transaction(async (tx) => {
      const child = await this.mustFindMentee(menteeId, tx);
      const existing = await this.users.findForSignIn(dto.email);
      if (existing && existing.role !== 'guardian') throw GuardianException.notAGuardian();
      const current = await tx.findBy(GuardianLink, { menteeId });
      if (existing && current.some((l) => l.guardianId === existing.id)) throw GuardianException.alreadyLinked();
      if (current.length >= MAX_GUARDIANS_PER_CHILD) throw GuardianException.limit();
      const guardian = existing ?? (await this.users.createGuardian(tx, dto));
      const created = await tx.save(
        tx.create(GuardianLink, { guardianId: guardian.id, menteeId, invitedById: actor.id }),
      );
      const invited = !existing || (await this.users.stillInvited([existing.id])).has(existing.id);
      if (invited) await this.invitations.queueGuardianInvitation(tx, guardian, child.user?.fullName ?? '');
      await this.audit.record(tx, actor, 'guardian.invite', label(guardian), {
        child: { from: null, to: `${child.user?.fullName ?? ''} (${child.studentId})` },
      });
      return created;
    });
    return (await this.respond([link]))[0];
  }

  /** Sends a guardian who has not yet set a password a new invitation link. */
  async resend(linkId: string, actor: AuthUser): Promise<MessageResponse> {
    await this.db.transaction(async (tx) => {
      const link = await tx.findOneBy(GuardianLink, { id: linkId });
      if (!link) throw GuardianException.linkNotFound();
      const [guardian, child] = await Promise.all([
        this.users.findById(link.guardianId),
        this.mustFindMentee(link.menteeId, tx),
      ]);
      if (!guardian) throw GuardianException.linkNotFound();
      if (!(await this.users.stillInvited([guardian.id])).has(guardian.id))
        throw new GuardianException(ErrorCode.Conflict, 'This guardian has already accepted the invitation');
      await this.invitations.queueGuardianInvitation(tx, guardian, child.user?.fullName ?? '');
      await this.audit.record(tx, actor, 'guardian.resend', label(guardian));
    });
    return { message: 'A new invitation has been sent.' };
  }

  /**
   * Removes a guardian from a student: their sight of the child ends with their next request; a guardian left with no
   * child is signed out everywhere (and an unaccepted invitation stops working).
   */
  async unlink(linkId: string, actor: AuthUser): Promise<MessageResponse> {
    await this.db.transaction(async (tx) => {
      const link = await tx.findOneBy(GuardianLink, { id: linkId });
      if (!link) throw GuardianException.linkNotFound();
      await tx.delete(GuardianLink, { id: link.id });
      const guardian = await this.users.findById(link.guardianId);
      await this.signOutIfChildless(tx, link.guardianId);
      if (guardian)
        await this.audit.record(tx, actor, 'guardian.unlink', label(guardian), {
          child: { from: link.menteeId, to: null },
        });
    });
    return { message: 'The guardian has been removed from this student.' };
  }

  /**
   * The CSV import's guardians (guardianEmail, guardian2Email), checked as one invitation is: an account of another
   * role, the student's own e-mail, the same e-mail twice and a third guardian are refused; a guardian already linked to
   * the student is left as it is (a file imported twice links nobody twice).
   */
  async planImport(
    students: ImportedStudent[],
    tx: EntityManager,
  ): Promise<{ errors: ImportError[]; planned: PlannedGuardian[] }> {
    const emails = [...new Set(students.flatMap((s) => s.guardians.map((g) => g.email)))];
    const accounts = new Map((await this.users.findByEmails(emails, tx)).map((u) => [u.email, u]));
    const existing = await this.users.findByEmails(
      students.map((s) => s.email),
      tx,
    );
    const studentIds = new Map(existing.map((u) => [u.email, u.id]));
    const links = existing.length ? await tx.findBy(GuardianLink, { menteeId: In(existing.map((u) => u.id)) }) : [];
    const errors: ImportError[] = [];
    const planned: PlannedGuardian[] = [];
    for (const s of students) {
      const id = studentIds.get(s.email);
      const linked = links.filter((l) => l.menteeId === id);
      const seen = new Set<string>();
      let count = linked.length;
      s.guardians.forEach((g, i) => {
        const fail = (message: string) => errors.push({ row: s.row, column: g.column, message });
        const account = accounts.get(g.email);
        if (!isEmailAddress(g.email)) return fail(MSG.emailInvalid);
        if (g.email === s.email) return fail("A student cannot be their own guardian: give the guardian's e-mail");
        if (seen.has(g.email)) return fail('The same e-mail as the first guardian');
        seen.add(g.email);
        if (account && account.role !== 'guardian')
          return fail(`This e-mail belongs to an account of role ${account.role}`);
        if (account && linked.some((l) => l.guardianId === account.id)) return;
        if (++count > MAX_GUARDIANS_PER_CHILD)
          return fail(`A student may have at most ${MAX_GUARDIANS_PER_CHILD} guardians; remove one first`);
        planned.push({
          row: s.row,
          studentEmail: s.email,
          email: g.email,
          fullName: account?.fullName ?? (s.names[i] || `Guardian of ${s.fullName}`),
        });
      });
    }
    return { errors, planned };
  }

  /**
   * Writes planImport's links in the caller's transaction (the students exist by now): a new guardian account for an
   * unknown e-mail, and one invitation e-mail per guardian still without a password, whatever the number of children.
   */
  async applyImport(planned: PlannedGuardian[], tx: EntityManager, actor: AuthUser): Promise<number> {
    if (!planned.length) return 0;
    const students = new Map(
      (await this.users.findByEmails([...new Set(planned.map((p) => p.studentEmail))], tx)).map((u) => [u.email, u]),
    );
    const known = new Map(
      (await this.users.findByEmails([...new Set(planned.map((p) => p.email))], tx)).map((u) => [u.email, u]),
    );
    const stillInvited = await this.users.stillInvited([...known.values()].map((u) => u.id));
    const invite = new Map<string, { guardian: { id: string; email: string; fullName: string }; child: string }>();
    for (const p of planned) {
      const student = students.get(p.studentEmail)!;
      let guardian = known.get(p.email);
      if (!guardian) {
        guardian = await this.users.createGuardian(tx, { email: p.email, fullName: p.fullName });
        known.set(p.email, guardian);
        stillInvited.add(guardian.id);
      }
      await tx.insert(
        GuardianLink,
        tx.create(GuardianLink, { guardianId: guardian.id, menteeId: student.id, invitedById: actor.id }),
      );
      if (stillInvited.has(guardian.id) && !invite.has(guardian.id))
        invite.set(guardian.id, { guardian, child: student.fullName });
      await this.audit.record(tx, actor, 'guardian.invite', label(guardian), {
        child: { from: null, to: student.fullName },
      });
    }
    for (const { guardian, child } of invite.values())
      await this.invitations.queueGuardianInvitation(tx, guardian, child);
    return planned.length;
  }

  private async signOutIfChildless(tx: EntityManager, guardianId: string): Promise<void> {
    if (await tx.existsBy(GuardianLink, { guardianId })) return;
    await this.sessions.endSessions(guardianId, tx);
    await this.invitations.dropLinks(tx, guardianId);
  }

  private async mustFindMentee(menteeId: string, tx?: EntityManager): Promise<MenteeProfile> {
    const child = await this.profiles.menteeWithMentor(menteeId, tx);
    if (!child) throw new GuardianException(ErrorCode.MenteeNotFound, 'Student not found');
    return child;
  }

  private async respond(links: GuardianLink[]): Promise<GuardianLinkResponse[]> {
    const ids = [...new Set(links.map((l) => l.guardianId))];
    const [accounts, invited] = await Promise.all([this.users.findByIds(ids), this.users.stillInvited(ids)]);
    const byId = new Map<string, Account>(accounts.map((u) => [u.id, u]));
    return links.flatMap((l) => {
      const g = byId.get(l.guardianId);
      return g
        ? [
            {
              _id: l.id,
              menteeId: l.menteeId,
              guardianId: g.id,
              email: g.email,
              fullName: g.fullName,
              status: invited.has(g.id) ? ('invited' as const) : ('active' as const),
              createdAt: iso(l.createdAt)!,
            },
          ]
        : [];
    });
  }
}
