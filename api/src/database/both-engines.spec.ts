import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * npm test runs every API spec on SQLite and only the engine-sensitive ones on MariaDB too (api/test/both-engines.json).
 * This keeps that list honest: a spec that branches on the engine, runs raw SQL or injects faults is listed, and every
 * module whose code holds raw SQL, claims or locks names a listed spec that covers it.
 */
const root = join(__dirname, '..', '..');
const list = JSON.parse(readFileSync(join(root, 'test', 'both-engines.json'), 'utf8')) as {
  specs: string[];
  rawSqlModules: Record<string, string>;
};
const specs = readdirSync(join(root, 'test')).filter((f) => /\.(e2e|fault)-spec\.ts$/.test(f));
/** Raw SQL, a claim (INSERT … IGNORE), a lock or a UNION: what SQLite and MariaDB may answer differently. */
const ENGINE_SENSITIVE = /\.query[(<]|orIgnore\(|setLock\(|pessimistic|UNION|FOR UPDATE/;

describe('the specs that run on both engines', () => {
  it('lists only specs that exist', () => {
    expect(list.specs.filter((s) => !specs.includes(s))).toEqual([]);
    expect(Object.values(list.rawSqlModules).filter((s) => !list.specs.includes(s))).toEqual([]);
  });

  it('lists every spec that branches on the engine, runs raw SQL or injects faults', () => {
    const sensitive = specs.filter((s) => {
      const text = readFileSync(join(root, 'test', s), 'utf8');
      return s.endsWith('.fault-spec.ts') || /TEST_DB\s*[!=]==/.test(text) || /\.db\.query[(<]/.test(text);
    });
    expect(sensitive.filter((s) => !list.specs.includes(s))).toEqual([]);
  });

  it('names a spec for every module whose code holds raw SQL, claims or locks', () => {
    const src = join(root, 'src');
    const walk = (dir: string): string[] =>
      readdirSync(dir).flatMap((n) => {
        const p = join(dir, n);
        return statSync(p).isDirectory() ? walk(p) : /(?<!\.spec)\.ts$/.test(n) ? [p] : [];
      });
    const modules = readdirSync(src).filter(
      (m) => m !== 'database' && statSync(join(src, m)).isDirectory() && existsSync(join(src, m)),
    );
    const withSql = modules.filter((m) =>
      walk(join(src, m)).some((f) => ENGINE_SENSITIVE.test(readFileSync(f, 'utf8'))),
    );
    expect(withSql.filter((m) => !list.rawSqlModules[m])).toEqual([]);
  });
});
