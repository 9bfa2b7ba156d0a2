import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { takeTurnsOnSqlite } from './sqlite-transactions';

describe('transactions on SQLite', () => {
  let dir: string;
  let db: DataSource;
  const pause = () => new Promise((r) => setTimeout(r, 20));
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'sqlite-turns-'));
    db = await new DataSource({ type: 'better-sqlite3', database: join(dir, 'db.sqlite') }).initialize();
    await db.query('CREATE TABLE t (x INTEGER)');
  });
  afterEach(async () => {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });
  const write = (n: number, fail = false) =>
    db.transaction(async (tx) => {
      await tx.query('INSERT INTO t VALUES (?)', [n]);
      await pause();
      if (fail) throw new Error('rolled back');
      await tx.query('INSERT INTO t VALUES (?)', [n]);
    });
  const stored = async () => ((await db.query('SELECT x FROM t ORDER BY x')) as { x: number }[]).map((r) => r.x);

  it('without turns, two transactions at once break each other (the failure this guards against)', async () => {
    const results = await Promise.allSettled([write(1), write(2)]);
    expect(results.some((r) => r.status === 'rejected')).toBe(true);
  });

  it('with turns, transactions at once all commit, a failed one rolls back alone, nested ones still work', async () => {
    takeTurnsOnSqlite(db);
    const nested = db.transaction(async (tx) => {
      await tx.query('INSERT INTO t VALUES (5)');
      await pause();
      await db.transaction(async (inner) => inner.query('INSERT INTO t VALUES (6)'));
    });
    const results = await Promise.allSettled([write(1), write(2), write(3, true), write(4), nested]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect(await stored()).toEqual([1, 1, 2, 2, 4, 4, 5, 6]);
  });
});
