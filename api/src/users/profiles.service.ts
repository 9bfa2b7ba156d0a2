import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { Brackets, In, IsNull, MoreThan, Not, type EntityManager, type Repository } from 'typeorm';
import { batched } from '../common/batched';
import { MenteeProfile } from './entities/mentee-profile.entity';
import { MentorProfile } from './entities/mentor-profile.entity';
import { PairingChange } from './entities/pairing-change.entity';

const UUIDS_PER_STATEMENT = 1000;

/** Mentor and mentee profiles as the other modules read them, and the one write they ask for: a mentee's mentor. */
@Injectable()
export class ProfilesService {
  constructor(
    @InjectRepository(MentorProfile) private readonly mentors: Repository<MentorProfile>,
    @InjectRepository(MenteeProfile) private readonly mentees: Repository<MenteeProfile>,
    @InjectRepository(PairingChange) private readonly pairingChanges: Repository<PairingChange>,
  ) {}

  /** Mentors with their users, by name; `search` matches name, e-mail, employee id and department. */
  searchMentors(search?: string): Promise<MentorProfile[]> {
    const qb = this.mentors.createQueryBuilder('m').innerJoinAndSelect('m.user', 'u').orderBy('u.fullName', 'ASC');
    if (search) {
      const term = `%${search.toLowerCase()}%`;
      qb.where(
        new Brackets((w) =>
          w
            .where('LOWER(u.fullName) LIKE :term', { term })
            .orWhere('LOWER(u.email) LIKE :term', { term })
            .orWhere('LOWER(m.employeeId) LIKE :term', { term })
            .orWhere('LOWER(m.department) LIKE :term', { term }),
        ),
      );
    }
    return qb.getMany();
  }

  /** Mentees with their users and mentors, by name; `search` matches name, e-mail, student id, class-section and mentor. */
  searchMentees(filter: { search?: string; mentorId?: string; id?: string } = {}): Promise<MenteeProfile[]> {
    const qb = this.mentees
      .createQueryBuilder('s')
      .innerJoinAndSelect('s.user', 'u')
      .leftJoinAndSelect('s.mentor', 'm')
      .leftJoinAndSelect('m.user', 'mu')
      .orderBy('u.fullName', 'ASC');
    if (filter.id) qb.andWhere('s.id = :id', { id: filter.id });
    if (filter.mentorId) qb.andWhere('s.mentorId = :mentorId', { mentorId: filter.mentorId });
    if (filter.search) {
      const term = `%${filter.search.toLowerCase()}%`;
      qb.andWhere(
        new Brackets((w) =>
          w
            .where('LOWER(u.fullName) LIKE :term', { term })
            .orWhere('LOWER(u.email) LIKE :term', { term })
            .orWhere('LOWER(s.studentId) LIKE :term', { term })
            .orWhere("LOWER(CONCAT(s.className, '-', s.section)) LIKE :term", { term })
            .orWhere('LOWER(mu.fullName) LIKE :term', { term }),
        ),
      );
    }
    return qb.getMany();
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

  async assignMentor(menteeId: string, mentorId: string | null, tx: EntityManager): Promise<void> {
    const before = await tx.findOne(MenteeProfile, { where: { id: menteeId }, select: { id: true, mentorId: true } });
    await tx.update(MenteeProfile, { id: menteeId }, { mentorId });
    if (before && !before.mentorId !== !mentorId)
      await tx.insert(PairingChange, { id: randomUUID(), menteeId, delta: mentorId ? 1 : -1, at: new Date() });
  }

  /** A mentor's mentees with their users (and the mentor), by name. */
  menteesOfMentor(mentorId: string): Promise<MenteeProfile[]> {
    return this.mentees.find({
      where: { mentorId },
      relations: { user: true, mentor: { user: true } },
      order: { user: { fullName: 'ASC' } },
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

  /** A mentor's mentees lose their mentor (the mentor's account is going). */
  async unassignMenteesOf(mentorId: string, tx: EntityManager): Promise<number> {
    const mentees = await tx.find(MenteeProfile, { where: { mentorId }, select: { id: true } });
    if (!mentees.length) return 0;
    await tx.update(MenteeProfile, { mentorId }, { mentorId: null });
    const at = new Date();
    await tx.insert(
      PairingChange,
      mentees.map((m) => ({ id: randomUUID(), menteeId: m.id, delta: -1, at })),
    );
    return mentees.length;
  }

  private menteeRepo(tx?: EntityManager): Repository<MenteeProfile> {
    return tx ? tx.getRepository(MenteeProfile) : this.mentees;
  }

  private mentorRepo(tx?: EntityManager): Repository<MentorProfile> {
    return tx ? tx.getRepository(MentorProfile) : this.mentors;
  }
}

/** Row locks where the database has them: a transaction on MySQL/MariaDB (SQLite has one writer at a time). */
const lockable = (tx?: EntityManager): tx is EntityManager => !!tx && tx.connection.options.type !== 'better-sqlite3';
