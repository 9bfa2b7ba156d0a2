import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DEFAULT_LANGUAGE, type Role, type UserLanguage } from '@portal/contracts';
import { In, MoreThan, type EntityManager, type Repository } from 'typeorm';
import { isoDateTime, type RawDate } from '../common/raw-row';
import { MenteeProfile } from './entities/mentee-profile.entity';
import { User } from './entities/user.entity';

/** A student as other modules need them: who, which class, whose mentee since when. */
export interface MenteeCard {
  id: string;
  fullName: string;
  studentId: string;
  className: string;
  section: string;
  mentorId: string | null;
  /** When the current mentor was assigned (ISO), or null when not recorded. */
  mentorAssignedAt: string | null;
  /** When the account was created (ISO). */
  createdAt: string;
  isActive: boolean;
}

const CHUNK = 500;

/**
 * The users module's batched look-ups for other modules (one call per page, never per row): they ask here instead of
 * reading the users' tables.
 */
@Injectable()
export class UserDirectory {
  constructor(
    @InjectRepository(MenteeProfile) private readonly profiles: Repository<MenteeProfile>,
    @InjectRepository(User) private readonly users: Repository<User>,
  ) {}

  /** These students (those that exist), by id. */
  async cards(ids: readonly string[]): Promise<Map<string, MenteeCard>> {
    const out = new Map<string, MenteeCard>();
    const unique = [...new Set(ids)];
    for (let i = 0; i < unique.length; i += CHUNK) {
      const rows = await this.profiles
        .createQueryBuilder('p')
        .innerJoin('p.user', 'u')
        .select([
          'p.id AS id',
          'u.fullName AS fullName',
          'p.studentId AS studentId',
          'p.className AS className',
          'p.section AS section',
          'p.mentorId AS mentorId',
          'p.mentorAssignedAt AS mentorAssignedAt',
          'u.createdAt AS createdAt',
        ])
        .addSelect('u.isActive', 'isActive')
        .where({ id: In(unique.slice(i, i + CHUNK)) })
        .getRawMany<
          Omit<MenteeCard, 'mentorAssignedAt' | 'createdAt' | 'isActive'> & {
            mentorAssignedAt: RawDate | null;
            createdAt: RawDate;
            isActive: unknown;
          }
        >();
      for (const r of rows)
        out.set(r.id, {
          ...r,
          mentorAssignedAt: isoDateTime(r.mentorAssignedAt),
          createdAt: isoDateTime(r.createdAt)!,
          isActive: r.isActive === true || Number(r.isActive) === 1,
        });
    }
    return out;
  }

  /** The ids of one mentor's mentees. */
  async menteeIdsOf(mentorId: string): Promise<string[]> {
    return (await this.profiles.find({ select: { id: true }, where: { mentorId } })).map((p) => p.id);
  }

  /** Every student's id after `after` in id order, `limit` at a time (a sweep over the school). */
  async menteeIdsAfter(after: string, limit: number): Promise<string[]> {
    return (
      await this.profiles.find({
        select: { id: true },
        where: after ? { id: MoreThan(after) } : {},
        order: { id: 'ASC' },
        take: limit,
      })
    ).map((p) => p.id);
  }

  /** Full names of these accounts (any role), by id. */
  async names(ids: readonly (string | null | undefined)[]): Promise<Map<string, string>> {
    const unique = [...new Set(ids.filter((id): id is string => !!id))];
    const out = new Map<string, string>();
    for (let i = 0; i < unique.length; i += CHUNK)
      for (const u of await this.users.find({
        select: { id: true, fullName: true },
        where: { id: In(unique.slice(i, i + CHUNK)) },
      }))
        out.set(u.id, u.fullName);
    return out;
  }

  // In the caller's transaction (notifications written with the change that causes them).

  /** Active accounts of these roles in id order: all, or a page of them after `page.after` (a fan-out). */
  async activeIdsOfRoles(tx: EntityManager, roles: Role[], page?: { after: string; limit: number }): Promise<string[]> {
    const qb = tx
      .withRepository(this.users)
      .createQueryBuilder('u')
      .select('u.id', 'id')
      .where('u.role IN (:...roles) AND u.isActive = :active', { roles, active: true })
      .orderBy('u.id', 'ASC');
    if (page) qb.andWhere('u.id > :after', { after: page.after }).limit(page.limit);
    const rows = await qb.getRawMany<{ id: string }>();
    return rows.map((r) => r.id);
  }

  /** Each account's language, by id (English for an id without an account). */
  async languages(ids: readonly string[]): Promise<Map<string, UserLanguage>> {
    const unique = [...new Set(ids)];
    const out = new Map<string, UserLanguage>(unique.map((id) => [id, DEFAULT_LANGUAGE]));
    for (let i = 0; i < unique.length; i += CHUNK)
      for (const u of await this.users.find({
        select: { id: true, language: true },
        where: { id: In(unique.slice(i, i + CHUNK)) },
      }))
        out.set(u.id, u.language);
    return out;
  }

  /** Where these accounts' e-mail goes, the names it greets them by, and the language it is written in. */
  contacts(tx: EntityManager, ids: string[]): Promise<AccountContact[]> {
    return tx
      .withRepository(this.users)
      .find({ select: { id: true, email: true, fullName: true, language: true, role: true }, where: { id: In(ids) } });
  }

  /** These students (those that exist) with their accounts and guardians' addresses. */
  async students(tx: EntityManager, ids: string[]): Promise<StudentContact[]> {
    const rows = await tx.withRepository(this.profiles).find({ where: { id: In(ids) }, relations: { user: true } });
    return rows.map((m) => ({
      id: m.id,
      account: m.user ? { fullName: m.user.fullName, role: m.user.role, language: m.user.language } : null,
      guardianEmail: m.parentInfo?.email,
    }));
  }
}

/** An account as its e-mail needs it. */
export interface AccountContact {
  id: string;
  email: string;
  fullName: string;
  language: UserLanguage;
  role: Role;
}

/** A student as a guardian notice needs them (their language: the notice's, until guardians choose their own). */
export interface StudentContact {
  id: string;
  account: { fullName: string; role: Role; language: UserLanguage } | null;
  guardianEmail: string | undefined;
}
