import type { DataSource } from 'typeorm';

type Callback = (err: (Error & { code?: string }) | null, ...rest: unknown[]) => void;
interface MysqlConnection {
  query: (sql: unknown, values?: unknown, cb?: Callback) => unknown;
  destroy: () => void;
  release: () => void;
  portalTimeouts?: true;
}
interface MysqlPool {
  getConnection: (cb: (err: Error | null, connection?: MysqlConnection) => void) => void;
}

/**
 * Every wait on MySQL/MariaDB gets a limit, so that a server that stops answering (hung, not gone) cannot hold a
 * request forever. mysql2's pool has no acquisition timeout and TypeORM's `acquireTimeout` is ignored by it, so
 * the pool's getConnection is bounded here; each statement gets mysql2's own `timeout`, and a connection whose
 * statement timed out is destroyed (its answer may still come, and the next statement would wait behind it).
 * Applied after start-up: migrations run without a statement limit.
 */
export function applyMysqlTimeouts(db: DataSource, limits: { queryMs: number; acquireMs: number }): void {
  if (db.options.type !== 'mysql' && db.options.type !== 'mariadb') return;
  const pool = (db.driver as unknown as { pool?: MysqlPool }).pool;
  if (!pool) return;
  const acquire = pool.getConnection.bind(pool);
  pool.getConnection = (cb) => {
    let settled = false;
    const timer = setTimeout(() => {
      settled = true;
      const err = Object.assign(new Error(`No database connection within ${limits.acquireMs} ms`), {
        code: 'POOL_ACQUIRE_TIMEOUT',
      });
      cb(err);
    }, limits.acquireMs);
    acquire((err, connection) => {
      if (settled) {
        // The caller gave up: the connection goes back to the pool.
        if (!err) connection?.release();
        return;
      }
      settled = true;
      clearTimeout(timer);
      if (connection) limitStatements(connection, limits.queryMs);
      cb(err, connection);
    });
  };
}

function limitStatements(connection: MysqlConnection, ms: number): void {
  if (connection.portalTimeouts) return;
  connection.portalTimeouts = true;
  const query = connection.query;
  connection.query = function (this: MysqlConnection, sql, values, cb) {
    if (typeof values === 'function') {
      cb = values as Callback;
      values = undefined;
    }
    // A stream (no callback) keeps mysql2's behaviour.
    if (!cb) return query.call(this, sql, values);
    const options =
      typeof sql === 'string' ? { sql, timeout: ms } : { timeout: ms, ...(sql as Record<string, unknown>) };
    const done = cb;
    return query.call(this, options, values, (err, ...rest) => {
      if (err?.code === 'PROTOCOL_SEQUENCE_TIMEOUT') connection.destroy();
      done(err, ...rest);
    });
  };
}
