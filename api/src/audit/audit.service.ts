import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Brackets, LessThan, type EntityManager, type Repository } from 'typeorm';
import { PAGE_SIZE, type AuditAction, type AuditEntryResponse, type ListAuditResponse } from '@portal/contracts';
import type { AuthUser } from '../common/auth-user';
import { LIKE_ESCAPE, containing } from '../common/like';
import { windowOf } from '../common/pagination.dto';
import { iso } from '../dates/iso';
import type { ListAuditQueryDto } from './dto/list-audit.query.dto';
import { AuditEntry } from './entities/audit-entry.entity';
import { ERASED, redactColumns } from '../common/erasure-text';

/** Never written to the log, whatever a caller passes. */
const SECRET_FIELDS = new Set(['password', 'passwordHash', 'token', 'tokenVersion']);

export type Changes = Record<string, { from: unknown; to: unknown }>;

/** What an entry is about. */
export interface AuditTarget {
  type: string;
  id: string | null;
  label: string;
}

/** Field-by-field difference of two snapshots, secrets left out. */
export function diff(before: Record<string, unknown>, after: Record<string, unknown>): Changes {
  const changes: Changes = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (SECRET_FIELDS.has(key)) continue;
    if (JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null))
      changes[key] = { from: before[key] ?? null, to: after[key] ?? null };
  }
  return changes;
}

/** A value of an entry about an erased student: numbers, flags and nothing stay (counts), any text goes. */
const erasedText = (v: unknown): unknown =>
  v === null || typeof v === 'number' || typeof v === 'boolean' ? v : ERASED;

@Injectable()
export class AuditService {
  constructor(@InjectRepository(AuditEntry) private readonly entries: Repository<AuditEntry>) {}

  /** How the retention purge counts and deletes audit entries older than its cutoff (kept unless a period is set). */
  retention(): { count(cutoff: Date): Promise<number>; purge(tx: EntityManager, cutoff: Date): Promise<number> } {
    return {
      count: (cutoff) => this.entries.countBy({ createdAt: LessThan(cutoff) }),
      purge: async (tx, cutoff) => (await tx.delete(AuditEntry, { createdAt: LessThan(cutoff) })).affected ?? 0,
    };
  }

  /**
   * Erasure of a student, in its transaction: entries about them keep what happened but none of their values (every
   * text of the change becomes ERASED, the label goes: such an entry names them by id only); their own actions keep
   * no e-mail; other entries that quote one of their values have it redacted.
   */
  async erase(tx: EntityManager, subject: { id: string; values: readonly string[] }): Promise<number> {
    const about = await tx.find(AuditEntry, { where: { targetId: subject.id } });
    for (const e of about) {
      e.changes = Object.fromEntries(
        Object.entries(e.changes).map(([k, { from, to }]) => [k, { from: erasedText(from), to: erasedText(to) }]),
      );
      e.targetLabel = '';
      await tx.save(e);
    }
    await tx.update(AuditEntry, { actorId: subject.id }, { actorEmail: ERASED });
    return (
      about.length +
      (await redactColumns(tx.withRepository(this.entries), ['targetLabel', 'changes', 'actorEmail'], subject.values))
    );
  }

  /** Written in the caller's transaction, so the log and the change stand or fall together. */
  record(
    tx: EntityManager,
    actor: AuthUser,
    action: AuditAction,
    target: AuditTarget,
    changes: Changes = {},
  ): Promise<void> {
    return this.write(tx, { id: actor.id, label: actor.email }, action, target, changes);
  }

  /**
   * A change made from the command line by whoever runs the server (a remote's deployment): no portal account, so
   * the entry names the operating-system user and host instead.
   */
  recordOperator(
    tx: EntityManager,
    operator: string,
    action: AuditAction,
    target: AuditTarget,
    changes: Changes = {},
  ): Promise<void> {
    return this.write(tx, { id: null, label: operator }, action, target, changes);
  }

  private async write(
    tx: EntityManager,
    actor: { id: string | null; label: string },
    action: AuditAction,
    target: AuditTarget,
    changes: Changes,
  ): Promise<void> {
    const clean: Changes = Object.fromEntries(Object.entries(changes).filter(([k]) => !SECRET_FIELDS.has(k)));
    await tx.save(
      tx.create(AuditEntry, {
        actorId: actor.id,
        actorEmail: actor.label.slice(0, 254),
        action,
        targetType: target.type,
        targetId: target.id,
        targetLabel: target.label.slice(0, 254),
        changes: clean,
      }),
    );
  }

  async list(q: ListAuditQueryDto): Promise<ListAuditResponse> {
    const { page, limit, skip } = windowOf(q, PAGE_SIZE);
    const qb = this.entries.createQueryBuilder('a').orderBy('a.createdAt', 'DESC').addOrderBy('a.id', 'DESC');
    if (q.action) qb.andWhere('a.action = :action', { action: q.action });
    if (q.search) {
      const term = containing(q.search);
      qb.andWhere(
        new Brackets((w) =>
          w
            .where(`LOWER(a.actorEmail) LIKE :term ${LIKE_ESCAPE}`, { term })
            .orWhere(`LOWER(a.targetLabel) LIKE :term ${LIKE_ESCAPE}`, { term }),
        ),
      );
    }
    const [rows, total] = await qb.skip(skip).take(limit).getManyAndCount();
    return { items: rows.map(toAuditResponse), total, page, totalPages: Math.max(1, Math.ceil(total / limit)) };
  }
}

export function toAuditResponse(a: AuditEntry): AuditEntryResponse {
  return {
    _id: a.id,
    actor: { _id: a.actorId, email: a.actorEmail },
    action: a.action,
    targetType: a.targetType,
    targetId: a.targetId,
    targetLabel: a.targetLabel,
    changes: a.changes ?? {},
    createdAt: iso(a.createdAt)!,
  };
}
