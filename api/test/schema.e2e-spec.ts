import { startTestApp, type TestApp } from './support/test-app';

describe(`schema (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ seed: false });
  });
  afterAll(() => t.close());

  it('the schema built by migrations (MySQL) or synchronization (SQLite) matches the entities exactly', async () => {
    const pending = await t.db.driver.createSchemaBuilder().log();
    expect(pending.upQueries.map((q) => q.query)).toEqual([]);
  });

  it('has no pending migration', async () => {
    if (t.db.options.type === 'better-sqlite3') expect(t.db.options.synchronize).toBe(true);
    else expect(await t.db.showMigrations()).toBe(false);
  });
});
