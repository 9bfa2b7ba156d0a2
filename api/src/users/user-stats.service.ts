import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  And,
  Between,
  LessThan,
  LessThanOrEqual,
  MoreThanOrEqual,
  type FindOptionsWhere,
  type Repository,
} from 'typeorm';
import type { Role } from '@portal/contracts';
import { SignIn } from './entities/sign-in.entity';
import { User } from './entities/user.entity';

/** Users counted per (role, isActive); isActive comes back as 1/0 (MySQL and SQLite alike). */
type UserGroup = { role: string; active: number | string | boolean; n: number | string };

/** Counts of accounts for the dashboards and the analytics. */
@Injectable()
export class UserStatsService {
  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    @InjectRepository(SignIn) private readonly signIns: Repository<SignIn>,
  ) {}

  /** The four headline counts from one pass over the (role, isActive) index. */
  async headline(): Promise<{ totalUsers: number; activeUsers: number; totalMentors: number; totalMentees: number }> {
    const groups = await this.users
      .createQueryBuilder('u')
      .select('u.role', 'role')
      .addSelect('u.isActive', 'active')
      .addSelect('COUNT(*)', 'n')
      .groupBy('u.role')
      .addGroupBy('u.isActive')
      .getRawMany<UserGroup>();
    const sum = (keep: (g: UserGroup) => boolean) => groups.filter(keep).reduce((total, g) => total + Number(g.n), 0);
    return {
      totalUsers: sum(() => true),
      activeUsers: sum((g) => Number(g.active) === 1),
      totalMentors: sum((g) => g.role === 'mentor'),
      totalMentees: sum((g) => g.role === 'mentee'),
    };
  }

  /** Self-registered mentors waiting for an admin's approval. */
  pendingApprovals(): Promise<number> {
    return this.users.countBy({ pendingApproval: true });
  }

  /** Accounts, optionally only those created by a time, signed in since a time, or of a role. */
  count(filter: { createdUntil?: Date; signedInSince?: Date; role?: Role } = {}): Promise<number> {
    const where: FindOptionsWhere<User> = {};
    if (filter.createdUntil) where.createdAt = LessThanOrEqual(filter.createdUntil);
    if (filter.signedInSince) where.lastLogin = MoreThanOrEqual(filter.signedInSince);
    if (filter.role) where.role = filter.role;
    return this.users.countBy(where);
  }

  /** Accounts that signed in at least once in [from, to), from the sign-in history. */
  async signedInBetween(from: Date, to: Date): Promise<number> {
    const row = await this.signIns
      .createQueryBuilder('s')
      .select('COUNT(DISTINCT s.userId)', 'n')
      .where({ at: And(MoreThanOrEqual(from), LessThan(to)) })
      .getRawOne<{ n: string | number }>();
    return Number(row?.n ?? 0);
  }

  /** Sign-ups per day (per month over a year): `length` 10 is YYYY-MM-DD, 7 is YYYY-MM. */
  async registrations(from: Date, to: Date, length: 7 | 10): Promise<{ _id: string; count: number }[]> {
    const rows = await this.users
      .createQueryBuilder('u')
      .select(`SUBSTR(u.createdAt, 1, ${length})`, '_id')
      .addSelect('COUNT(*)', 'count')
      .where({ createdAt: Between(from, to) })
      .groupBy('_id')
      .orderBy('_id', 'ASC')
      .getRawMany<{ _id: string; count: string | number }>();
    return rows.map((r) => ({ _id: String(r._id), count: Number(r.count) }));
  }
}
