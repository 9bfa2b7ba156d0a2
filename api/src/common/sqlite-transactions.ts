import { AsyncLocalStorage } from 'node:async_hooks';
import type { DataSource, EntityManager } from 'typeorm';

/** The flow that holds the turn (its nested transactions go straight through). */
const holder = new AsyncLocalStorage<true>();
/** The last transaction in line, for every SQLite database of this process (tests run two instances on one file). */
let tail: Promise<unknown> = Promise.resolve();

/**
 * On SQLite (the embedded default) TypeORM runs every statement on one connection, so two transactions open at once
 * share it: the second BEGIN fails ("cannot start a transaction within a transaction") or one commits the other's
 * half. Transactions therefore take turns here, one at a time per process, as SQLite's single writer would have them
 * anyway; a transaction started inside one (a nested call in the same flow) runs as before. MySQL/MariaDB are left
 * alone: their pool gives each transaction its own connection.
 */
export function takeTurnsOnSqlite(db: DataSource): void {
  if (db.options.type !== 'better-sqlite3') return;
  const manager = db.manager as EntityManager & { transaction: (...args: unknown[]) => Promise<unknown> };
  const transaction = manager.transaction.bind(manager);
  manager.transaction = (...args: unknown[]) => {
    if (holder.getStore()) return transaction(...args);
    const run = tail.then(() => holder.run(true, () => transaction(...args)));
    tail = run.catch(() => undefined);
    return run;
  };
}

/**
 * A single write outside any transaction, in turn with the transactions on SQLite (elsewhere it just runs): two
 * instances in one process (the tests') would otherwise have one connection wait synchronously for the other's lock,
 * which the waiting process itself holds.
 */
export function inTurnOnSqlite<T>(db: DataSource, write: () => Promise<T>): Promise<T> {
  return db.options.type === 'better-sqlite3' ? db.transaction(() => write()) : write();
}
