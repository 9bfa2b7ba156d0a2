import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Brackets, type EntityManager, type Repository } from 'typeorm';
import { PAGE_SIZE, type AuditAction, type AuditEntryResponse, type ListAuditResponse } from '@portal/contracts';
import type { AuthUser } from '../common/auth-user';
import { LIKE_ESCAPE, containing } from '../common/like';
import { windowOf } from '../common/pagination.dto';
import { iso } from '../dates/iso';
import type { ListAuditQueryDto } from './dto/list-audit.query.dto';
import { AuditEntry } from './entities/audit-entry.entity';

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

@Injectable()
export class AuditService {
  constructor(@InjectRepository(AuditEntry) private readonly entries: Repository<AuditEntry>) {}

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
