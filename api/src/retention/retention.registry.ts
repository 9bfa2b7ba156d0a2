import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { RetentionKind } from '@portal/contracts';

/** How the module that owns a kind of record counts and deletes what is older than `cutoff`. */
export interface RetentionHandler {
  count(cutoff: Date): Promise<number>;
  /** Deletes in the caller's transaction; returns how many records went (the same records `count` counts). */
  purge(tx: EntityManager, cutoff: Date): Promise<number>;
}

/** Each module registers the kinds it owns (in its onModuleInit); RetentionService refuses to start without one. */
@Injectable()
export class RetentionRegistry {
  private readonly handlers = new Map<RetentionKind, RetentionHandler>();

  register(kind: RetentionKind, handler: RetentionHandler): void {
    if (this.handlers.has(kind)) throw new Error(`retention handler for ${kind} registered twice`);
    this.handlers.set(kind, handler);
  }

  get(kind: RetentionKind): RetentionHandler | undefined {
    return this.handlers.get(kind);
  }
}
