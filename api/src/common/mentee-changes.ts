import type { EntityManager } from 'typeorm';

export type MenteeChangeListener = (tx: EntityManager, menteeIds: string[]) => Promise<void>;

/**
 * Told, inside the writer's transaction, which students' records a write changed. A module that derives state from
 * another's records (the follow-up module's risk signals) listens here, so the writer never depends on it.
 */
export class MenteeChanges {
  private readonly listeners: MenteeChangeListener[] = [];

  listen(fn: MenteeChangeListener): void {
    this.listeners.push(fn);
  }

  async changed(tx: EntityManager, menteeIds: string[]): Promise<void> {
    if (!menteeIds.length) return;
    for (const fn of this.listeners) await fn(tx, menteeIds);
  }
}
