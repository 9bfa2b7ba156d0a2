import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import Bowser from 'bowser';
import { LessThan, MoreThan, Not, type EntityManager, type FindOptionsWhere, type Repository } from 'typeorm';
import type { Role, SessionPlatform, SessionResponse, UserLanguage } from '@portal/contracts';
import { batched, placeholders } from '../common/batched';
import { isoDateTime, type RawDate } from '../common/raw-row';
import { withRetry } from '../common/with-retry';
import { Clock } from '../dates/clock';
import { DataExportRegistry } from './data-export.registry';
import { UserSession } from './entities/user-session.entity';
import { TokenUsersCache } from './token-users.cache';

/** Where a call came from: the address and the browser's User-Agent header. */
export interface SeenFrom {
  address: string | null;
  userAgent: string | null;
}

/** What the token check reads on every call: the session and its account (one row, kept by TokenUsersCache). */
export interface TokenSessionRow {
  sid: string;
  id: string;
  email: string;
  role: Role;
  fullName: string;
  language: UserLanguage;
  isActive: number | boolean;
  tokenVersion: number;
  lastUsedAt: RawDate;
  address: string | null;
}

/** Last use and address are written at most this often per session, so that the token check stays a read. */
export const TOUCH_EVERY_MS = 60_000;
const USER_AGENT_MAX = 400;
const PLATFORMS = new Set<SessionPlatform>(['desktop', 'mobile', 'tablet']);

const time = (value: RawDate): number => Date.parse(isoDateTime(value)!);

/**
 * The sessions of each account (this module's `user_sessions`): opened at sign-in, checked on every call, listed to
 * their owner, ended one at a time or all together (SessionsService: deactivation, deletion, a new password or
 * role).
 */
@Injectable()
export class UserSessionsService {
  constructor(
    @InjectRepository(UserSession) private readonly sessions: Repository<UserSession>,
    private readonly tokenRows: TokenUsersCache,
    private readonly clock: Clock,
    exports: DataExportRegistry,
  ) {
    // Where the student's account is signed in: devices and addresses are theirs too.
    exports.register('signedInDevices', async (userId) =>
      (await this.list(userId, '')).map(({ id: _id, current: _current, ...device }) => device),
    );
  }

  /**
   * A new session of the user, for its token's lifetime (`issuedAt` to `expiresAt`, as jsonwebtoken stamped and will
   * check them); the user's sessions whose tokens had expired by then are dropped meanwhile. In the caller's
   * transaction when given.
   */
  async open(
    userId: string,
    id: string,
    token: { issuedAt: Date; expiresAt: Date },
    seen: SeenFrom,
    manager?: EntityManager,
  ): Promise<void> {
    const now = this.clock.now();
    const write = async (tx: EntityManager) => {
      // Found by a plain read, removed by primary key: a range delete's gap locks would deadlock with other people's
      // sign-ins on InnoDB. Without subscriber events: an expired session's token is refused by its expiry already, so
      // nothing kept by the token check needs retiring (an ended session's removal retires it, see TokenUsersCache).
      const expired = await this.idsOf(tx, { userId, expiresAt: LessThan(token.issuedAt) });
      if (expired.length)
        await tx.createQueryBuilder().delete().from(UserSession).whereInIds(expired).callListeners(false).execute();
      await tx.insert(UserSession, {
        id,
        userId,
        userAgent: seen.userAgent?.slice(0, USER_AGENT_MAX) || null,
        address: seen.address,
        createdAt: now,
        lastUsedAt: now,
        expiresAt: token.expiresAt,
      });
    };
    await (manager ? write(manager) : withRetry(() => this.sessions.manager.transaction(write)));
  }

  /**
   * The row of a session and its account, from memory while nothing relevant was written (the token's expiry, checked
   * before, is the session's). Plain SQL on a miss, where findOne's building and hydration outweigh the statement.
   */
  tokenSession(sid: string): Promise<TokenSessionRow | undefined> {
    return this.tokenRows.get(sid, () => this.tokenRow(sid));
  }

  /**
   * Notes a call of the session (its time and address) when the last one noted is a minute old: the condition in the
   * statement keeps other instances from writing it again within that minute; the kept row is updated in place (these
   * columns do not retire it).
   */
  async touch(row: TokenSessionRow, seen: SeenFrom): Promise<void> {
    const now = this.clock.now();
    if (now.getTime() - time(row.lastUsedAt) < TOUCH_EVERY_MS) return;
    const address = seen.address ?? row.address;
    await this.sessions.update(
      { id: row.sid, lastUsedAt: LessThan(new Date(now.getTime() - TOUCH_EVERY_MS + 1)) },
      { lastUsedAt: now, address },
    );
    row.lastUsedAt = now;
    row.address = address;
  }

  /** The user's live sessions: the current one first, then the most recently used. */
  async list(userId: string, current: string): Promise<SessionResponse[]> {
    const rows = await this.sessions.find({
      where: { userId, expiresAt: MoreThan(this.clock.now()) },
      order: { lastUsedAt: 'DESC', id: 'ASC' },
    });
    return rows
      .map((s) => toSessionResponse(s, s.id === current))
      .sort((a, b) => Number(b.current) - Number(a.current));
  }

  /**
   * Ends one session of the user's own; false when they have none by that id (ended, or someone else's). Looked for
   * first: a removal retires every kept token row, which a guess at someone else's id must not cause.
   */
  async end(userId: string, id: string): Promise<boolean> {
    if (!(await this.sessions.existsBy({ id, userId }))) return false;
    return !!(await this.sessions.delete({ id, userId })).affected;
  }

  /** Ends every session of the user but `keep`; answers the ids ended (their sockets go too). */
  async endOthers(userId: string, keep: string): Promise<string[]> {
    return withRetry(() =>
      this.sessions.manager.transaction(async (tx) => {
        const others = await this.idsOf(tx, { userId, id: Not(keep) });
        if (others.length) await tx.delete(UserSession, others);
        return others;
      }),
    );
  }

  /** Every session of the user (their tokenVersion moves on beside it: see UsersService.revokeTokens). */
  async endAll(userId: string, manager?: EntityManager): Promise<void> {
    const tx = manager ?? this.sessions.manager;
    const ids = await this.idsOf(tx, { userId });
    if (ids.length) await tx.delete(UserSession, ids);
  }

  /** The ids of the sessions matching `where`: deletes then go by primary key (record locks only on InnoDB). */
  private async idsOf(tx: EntityManager, where: FindOptionsWhere<UserSession>): Promise<string[]> {
    return (await tx.find(UserSession, { select: { id: true }, where })).map((s) => s.id);
  }

  /** The rows the token checks of one turn miss, in one statement. */
  private readonly tokenRow = batched<string, TokenSessionRow | undefined>(async (ids) => {
    const rows = await this.sessions.query<TokenSessionRow[]>(
      `SELECT s.id AS sid, u.id AS id, u.email AS email, u.role AS role, u.fullName AS fullName, u.language AS language,
              u.isActive AS isActive, u.tokenVersion AS tokenVersion, s.lastUsedAt AS lastUsedAt,
              s.address AS address
         FROM user_sessions s JOIN users u ON u.id = s.userId
        WHERE s.id IN (${placeholders(ids.length)})`,
      [...ids],
    );
    return new Map(rows.map((r) => [r.sid, r]));
  }, undefined);
}

/** A session as its owner sees it: the browser and system named by its User-Agent. */
export function toSessionResponse(s: UserSession, current: boolean): SessionResponse {
  const parsed = s.userAgent ? Bowser.parse(s.userAgent) : undefined;
  const platform = parsed?.platform.type as SessionPlatform | undefined;
  return {
    id: s.id,
    browser: parsed?.browser.name || null,
    os: parsed?.os.name || null,
    platform: platform && PLATFORMS.has(platform) ? platform : 'unknown',
    address: s.address,
    signedInAt: s.createdAt.toISOString(),
    lastUsedAt: s.lastUsedAt.toISOString(),
    expiresAt: s.expiresAt.toISOString(),
    current,
  };
}
