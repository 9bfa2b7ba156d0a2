import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { Brackets, In, IsNull, MoreThan, Not, type EntityManager, type Repository } from 'typeorm';
import { AuditService } from '../audit/audit.service';
import type { AuthUser } from '../common/auth-user';
import { batched } from '../common/batched';
import { LIKE_ESCAPE, containing } from '../common/like';
import { Clock } from '../dates/clock';
import { DomainEvents, type EventActor } from '../events/domain-events';
import { MenteeProfile } from './entities/mentee-profile.entity';
import { MentorProfile } from './entities/mentor-profile.entity';
import { PairingChange } from './entities/pairing-change.entity';
import { UserException } from './user.exception';

const UUIDS_PER_STATEMENT = 1000;
/** Mentees per statement of a mentor change (ids per IN (), rows per INSERT): well under both databases' limits. */
const MOVES_PER_STATEMENT = 200;

/** A student's mentor as it is to become (null: no mentor). */
export interface MentorMove {
  menteeId: string;
  mentorId: string | null;
}

/** A mentor change that was made: the student, and the mentor before and after. */
export interface MentorMoved {
  menteeId: string;
  from: string | null;
  to: string | null;
}

/** Mentor and mentee profiles as the other modules read them, and the one write they ask for: a mentee's mentor. */
@Injectable()
export class ProfilesService {
  constructor(
    @InjectRepository(MentorProfile) private readonly mentors: Repository<MentorProfile>,
    @InjectRepository(MenteeProfile) private readonly mentees: Repository<MenteeProfile>,
    @InjectRepository(PairingChange) private readonly pairingChanges: Repository<PairingChange>,
    private readonly audit: AuditService,
    private readonly events: DomainEvents,
    private readonly clock: Clock,
  ) {}

  /**
   * Mentors with their users, by name (then id, so pages do not overlap); `search` matches name, e-mail, employee id
   * and department. The rows `window` asks for, and how many match.
   */
  searchMentors(
    search: string | undefined,
    window: { skip: number; take: number },
  ): Promise<[MentorProfile[], number]> {
    const qb = this.mentors
      .createQueryBuilder('m')
      .innerJoinAndSelect('m.user', 'u')
      .orderBy('u.fullName', 'ASC')
      .addOrderBy('m.id', 'ASC');
    if (search) {
      const term = containing(search);
      const like = (column: string) => `LOWER(${column}) LIKE :term ${LIKE_ESCAPE}`;
      qb.where(
        new Brackets((w) =>
          w
            .where(like('u.fullName'), { term })
            .orWhere(like('u.email'), { term })
            .orWhere(like('m.employeeId'), { term })
            .orWhere(like('m.department'), { term }),
        ),
      );
    }
    return qb.skip(window.skip).take(window.take).getManyAndCount();
  }

  /** Mentees with their users and mentors, by name; `search` matches name, e-mail, student id, class-section and mentor. */
  searchMentees(filter: { search?: string; mentorId?: string; id?: string } = {}): Promise<MenteeProfile[]> {
    return this.menteesQuery(filter).getMany();
  }

  /** The rows `window` asks for of searchMentees, and how many match. */
  searchMenteesPage(
    filter: { search?: string; mentorId?: string },
    window: { skip: number; take: number },
  ): Promise<[MenteeProfile[], number]> {
    return this.menteesQuery(filter).skip(window.skip).take(window.take).getManyAndCount();
  }

  private menteesQuery(filter: { search?: string; mentorId?: string; id?: string }) {
    const qb = this.mentees
      .createQueryBuilder('s')
      .innerJoinAndSelect('s.user', 'u')
      .leftJoinAndSelect('s.mentor', 'm')
      .leftJoinAndSelect('m.user', 'mu')
      .orderBy('u.fullName', 'ASC')
      .addOrderBy('s.id', 'ASC');
    if (filter.id) qb.andWhere('s.id = :id', { id: filter.id });
    if (filter.mentorId) qb.andWhere('s.mentorId = :mentorId', { mentorId: filter.mentorId });
    if (filter.search) {
      const term = containing(filter.search);
      const like = (column: string) => `LOWER(${column}) LIKE :term ${LIKE_ESCAPE}`;
      qb.andWhere(
        new Brackets((w) =>
          w
            .where(like('u.fullName'), { term })
            .orWhere(like('u.email'), { term })
            .orWhere(like('s.studentId'), { term })
            .orWhere(like("CONCAT(s.className, '-', s.section)"), { term })
            .orWhere(like('mu.fullName'), { term }),
        ),
      );
    }
    return qb;
  }

  /** Number of mentees of each of these mentors (absent: none). */
  async menteeCounts(mentorIds: string[]): Promise<Map<string, number>> {
    if (!mentorIds.length) return new Map();
    const rows = await this.mentees
      .createQueryBuilder('s')
      .select('s.mentorId', 'mentorId')
      .addSelect('COUNT(*)', 'n')
      .where({ mentorId: In(mentorIds) })
      .groupBy('s.mentorId')
      .getRawMany<{ mentorId: string; n: string | number }>();
    return new Map(rows.map((r) => [r.mentorId, Number(r.n)]));
  }

  /** A mentee with their user and their mentor's, in the caller's transaction when given. */
  menteeWithMentor(id: string, tx?: EntityManager): Promise<MenteeProfile | null> {
    return this.menteeRepo(tx).findOne({ where: { id }, relations: { user: true, mentor: { user: true } } });
  }

  mentorWithUser(id: string, tx?: EntityManager): Promise<MentorProfile | null> {
    return this.mentorRepo(tx).findOne({ where: { id }, relations: { user: true } });
  }

  /** The mentor of a mentee (id, department and name only), by one join. */
  /** The student's mentor (id, department, name); the look-ups of one turn (dashboards, chats) share a statement. */
  mentorOfMentee(menteeId: string): Promise<MentorProfile | null> {
    return this.mentorsOfMentees(menteeId);
  }

  private readonly mentorsOfMentees = batched(async (ids: readonly string[]) => {
    const rows = await this.mentors
      .createQueryBuilder('p')
      .innerJoin('p.user', 'u')
      .innerJoin(MenteeProfile, 'm', 'm.mentorId = p.id')
      .select('m.id', 'menteeId')
      .addSelect('p.id', 'id')
      .addSelect('p.department', 'department')
      .addSelect('u.fullName', 'fullName')
      .where('m.id IN (:...ids)', { ids })
      .getRawMany<{ menteeId: string; id: string; department: string; fullName: string }>();
    return new Map(
      rows.map((r) => [
        r.menteeId,
        this.mentors.create({ id: r.id, department: r.department, user: { id: r.id, fullName: r.fullName } }),
      ]),
    );
  }, null);

  /**
   * The one way a student's mentor changes, whatever asks for it (the admin's assignment, a CSV import, a mentor's
   * account being deleted), in the caller's transaction: the column (and mentorAssignedAt), the pairing count (PairingChange), the audit entry
   * ('mentor.assign', per student) and the domain event 'mentor.changed', whose listeners act in the same transaction
   * (the groups module takes the student out of the old mentor's groups and their chat rooms).
   *
   * The callers check what they must first (the mentee exists, the new mentor exists and is active) and answer their
   * own errors; a move to the mentor the student already has changes nothing. The mentees' rows are locked and their
   * mentor read as last committed (MySQL/MariaDB), so the "from" of each change is the one that is replaced. Read
   * caches are the caller's to retire, after the commit (a write that declares nothing retires every kept read).
   * Answers the changes made, in the order asked.
   */
  async changeMentors(tx: EntityManager, moves: MentorMove[], actor: AuthUser): Promise<MentorMoved[]> {
    const wanted = new Map(moves.map((m) => [m.menteeId, m.mentorId]));
    // Locked in one order (sorted ids), so that two changes of overlapping students never hold what the other needs.
    const current = await this.lockedMentors([...wanted.keys()].sort(), tx);
    const moved: MentorMoved[] = [];
    for (const [menteeId, to] of wanted) {
      if (!current.has(menteeId)) throw UserException.notFound();
      const from = current.get(menteeId) ?? null;
      if (from !== to) moved.push({ menteeId, from, to });
    }
    if (!moved.length) return [];

    // What the audit entry and the event name: the students, and every mentor before and after, in a few statements.
    const students = new Map<string, MenteeProfile>();
    const mentorNames = new Map<string, string>();
    const mentorIds = [...new Set(moved.flatMap((m) => [m.from, m.to]).filter((id): id is string => !!id))];
    for (let i = 0; i < moved.length; i += MOVES_PER_STATEMENT) {
      const rows = await tx.find(MenteeProfile, {
        where: { id: In(moved.slice(i, i + MOVES_PER_STATEMENT).map((m) => m.menteeId)) },
        relations: { user: true },
        select: { id: true, studentId: true, className: true, section: true, user: { id: true, fullName: true } },
      });
      rows.forEach((r) => students.set(r.id, r));
    }
    for (let i = 0; i < mentorIds.length; i += MOVES_PER_STATEMENT) {
      const rows = await tx.find(MentorProfile, {
        where: { id: In(mentorIds.slice(i, i + MOVES_PER_STATEMENT)) },
        relations: { user: true },
        select: { id: true, user: { id: true, fullName: true } },
      });
      rows.forEach((r) => mentorNames.set(r.id, r.user?.fullName ?? ''));
    }
    if (moved.some((m) => m.to && !mentorNames.has(m.to))) throw UserException.notFound();

    // The columns (the mentor, and since when: "no contact" counts from it), one UPDATE per new mentor (and chunk);
    // the pairing count: gains and losses, not switches.
    const at = this.clock.now();
    const byTarget = new Map<string | null, string[]>();
    for (const m of moved) byTarget.set(m.to, [...(byTarget.get(m.to) ?? []), m.menteeId]);
    for (const [to, ids] of byTarget)
      for (let i = 0; i < ids.length; i += MOVES_PER_STATEMENT)
        await tx.update(
          MenteeProfile,
          { id: In(ids.slice(i, i + MOVES_PER_STATEMENT)) },
          { mentorId: to, mentorAssignedAt: to ? at : null },
        );
    const pairings = moved
      .filter((m) => !m.from !== !m.to)
      .map((m) => ({ id: randomUUID(), menteeId: m.menteeId, delta: m.to ? 1 : -1, at }));
    for (let i = 0; i < pairings.length; i += MOVES_PER_STATEMENT)
      await tx.insert(PairingChange, pairings.slice(i, i + MOVES_PER_STATEMENT));

    const person = (id: string | null) => (id ? { id, fullName: mentorNames.get(id) ?? '' } : null);
    const eventActor: EventActor = { id: actor.id, role: actor.role, fullName: actor.fullName };
    for (const m of moved) {
      const student = students.get(m.menteeId);
      const menteeName = student?.user?.fullName ?? '';
      const studentId = student?.studentId ?? '';
      await this.audit.record(
        tx,
        actor,
        'mentor.assign',
        { type: 'mentee', id: m.menteeId, label: `${menteeName} (${studentId})` },
        { mentor: { from: person(m.from)?.fullName ?? null, to: person(m.to)?.fullName ?? null } },
      );
      await this.events.emit(tx, 'mentor.changed', {
        menteeId: m.menteeId,
        menteeName,
        studentId,
        className: student?.className ?? '',
        section: student?.section ?? '',
        from: person(m.from),
        to: person(m.to),
        actor: eventActor,
      });
    }
    return moved;
  }

  /** Each of these mentees' mentor (null: none), their rows locked until the transaction ends (MySQL/MariaDB). */
  private async lockedMentors(ids: string[], tx: EntityManager): Promise<Map<string, string | null>> {
    const mentors = new Map<string, string | null>();
    for (let i = 0; i < ids.length; i += MOVES_PER_STATEMENT) {
      const qb = this.menteeRepo(tx)
        .createQueryBuilder('m')
        .select('m.id', 'id')
        .addSelect('m.mentorId', 'mentorId')
        .where('m.id IN (:...ids)', { ids: ids.slice(i, i + MOVES_PER_STATEMENT) });
      if (lockable(tx)) qb.setLock('pessimistic_write');
      for (const r of await qb.getRawMany<{ id: string; mentorId: string | null }>()) mentors.set(r.id, r.mentorId);
    }
    return mentors;
  }

  /** A mentor's mentees (the mentor's account is going), in the caller's transaction. */
  async menteeIdsOf(mentorId: string, tx: EntityManager): Promise<string[]> {
    return (await tx.find(MenteeProfile, { where: { mentorId }, select: { id: true } })).map((m) => m.id);
  }

  /** A mentor's mentees with their users (and the mentor), by name. */
  /** A mentor's mentees by name: the rows `window` asks for, and how many there are. */
  menteesOfMentor(mentorId: string, window: { skip: number; take: number }): Promise<[MenteeProfile[], number]> {
    return this.mentees.findAndCount({
      where: { mentorId },
      relations: { user: true, mentor: { user: true } },
      order: { user: { fullName: 'ASC' }, id: 'ASC' },
      ...window,
    });
  }

  /** A mentor's mentees with the columns a dashboard shows (whole profiles carry JSON columns, costly to parse). */
  menteeCardsOfMentor(mentorId: string): Promise<MenteeProfile[]> {
    return this.mentees.find({
      where: { mentorId },
      relations: { user: true },
      order: { user: { fullName: 'ASC' } },
      select: {
        id: true,
        studentId: true,
        className: true,
        section: true,
        user: { id: true, fullName: true, phone: true, email: true },
      },
    });
  }

  /**
   * A mentor's mentees in one class and section, compared exactly as written (MariaDB's collation would also match "9-a"
   * to "9-A" and ignore trailing spaces; SQLite would not): the same answer on both engines.
   */
  async menteeIdsInClassOf(mentorId: string, className: string, section: string): Promise<string[]> {
    const rows = await this.mentees.find({
      where: { mentorId, className, section },
      select: { id: true, className: true, section: true },
    });
    return rows.filter((m) => m.className === className && m.section === section).map((m) => m.id);
  }

  /** Every mentee with the columns of the attendance register, by name. */
  register(): Promise<MenteeProfile[]> {
    return this.mentees.find({
      relations: { user: true },
      order: { user: { fullName: 'ASC' } },
      select: { id: true, studentId: true, className: true, section: true, user: { id: true, fullName: true } },
    });
  }

  /** Which of these ids are mentees (in the caller's transaction when given). */
  async existingMenteeIds(ids: string[], tx?: EntityManager): Promise<Set<string>> {
    return new Set((await this.mentorsOf(ids, tx)).keys());
  }

  /** The mentor (or null) of each of these ids that is a mentee (in the caller's transaction when given). */
  async mentorsOf(ids: string[], tx?: EntityManager): Promise<Map<string, string | null>> {
    const mentors = new Map<string, string | null>();
    for (let i = 0; i < ids.length; i += UUIDS_PER_STATEMENT) {
      const rows = await this.menteeRepo(tx).find({
        where: { id: In(ids.slice(i, i + UUIDS_PER_STATEMENT)) },
        select: { id: true, mentorId: true },
      });
      rows.forEach((m) => mentors.set(m.id, m.mentorId));
    }
    return mentors;
  }

  /**
   * Whether every one of these mentees is this mentor's. Inside a transaction on MySQL/MariaDB the rows are read as
   * last committed and locked until it ends (FOR UPDATE), so that a group edit cannot race a reassignment of one of its
   * mentees (a plain read would see the transaction's older snapshot). SQLite runs one writer at a time.
   */
  async areMenteesOf(mentorId: string, menteeIds: string[], tx?: EntityManager): Promise<boolean> {
    if (!menteeIds.length) return true;
    const qb = this.menteeRepo(tx)
      .createQueryBuilder('m')
      .select('m.id', 'id')
      .addSelect('m.mentorId', 'mentorId')
      .where('m.id IN (:...ids)', { ids: menteeIds });
    if (lockable(tx)) qb.setLock('pessimistic_write');
    const rows = await qb.getRawMany<{ id: string; mentorId: string | null }>();
    return rows.filter((r) => r.mentorId === mentorId).length === menteeIds.length;
  }

  /** Locks a mentee's row until the transaction ends (MySQL/MariaDB), before it is read and reassigned. */
  async lockMentee(id: string, tx: EntityManager): Promise<void> {
    if (!lockable(tx)) return;
    await this.menteeRepo(tx)
      .createQueryBuilder('m')
      .select('m.id', 'id')
      .where('m.id = :id', { id })
      .setLock('pessimistic_write')
      .getRawOne();
  }

  isMenteeOf(menteeId: string, mentorId: string): Promise<boolean> {
    return this.mentees.existsBy({ id: menteeId, mentorId });
  }

  /** Mentees that have a mentor. */
  countPaired(): Promise<number> {
    return this.mentees.countBy({ mentorId: Not(IsNull()) });
  }

  /** Mentees that had a mentor at a past moment: today's pairs minus the gains and losses recorded since. */
  async countPairedAt(moment: Date): Promise<number> {
    const [now, since] = await Promise.all([
      this.countPaired(),
      this.pairingChanges.sum('delta', { at: MoreThan(moment) }),
    ]);
    return now - Number(since ?? 0);
  }

  private menteeRepo(tx?: EntityManager): Repository<MenteeProfile> {
    return tx ? tx.withRepository(this.mentees) : this.mentees;
  }

  private mentorRepo(tx?: EntityManager): Repository<MentorProfile> {
    return tx ? tx.withRepository(this.mentors) : this.mentors;
  }
}

/** Row locks where the database has them: a transaction on MySQL/MariaDB (SQLite has one writer at a time). */
const lockable = (tx?: EntityManager): tx is EntityManager => !!tx && tx.connection.options.type !== 'better-sqlite3';
