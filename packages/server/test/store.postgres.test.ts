/**
 * The storage contract on PostgreSQL: the same suite as SQLite (`store-contract.ts`), each test in a fresh schema
 * migrated by the same migrations.
 */
import pg from 'pg';
import { afterAll, describe, expect, test } from 'vitest';
import { openPostgresStore } from '../src/store/postgres.js';
import { describeGameStore } from './store-contract.js';
import { dropSchemas, scaledServices } from './services.js';

const services = await scaledServices('storage on PostgreSQL');

describe.skipIf(services === null)('PostgreSQL', () => {
  const s = services!;
  afterAll(() => s.cleanup());

  describeGameStore('PostgreSQL', async () => {
    const schema = s.schema();
    const store = await openPostgresStore(s.databaseUrl, { schema, poolSize: 3 });
    const close = store.close.bind(store);
    store.close = async () => {
      await close();
      await dropSchemas([schema]);
    };
    return store;
  });

  test('two stores migrating one schema at once both succeed, and the schema is migrated once', async () => {
    const schema = s.schema();
    const [a, b] = await Promise.all([
      openPostgresStore(s.databaseUrl, { schema, poolSize: 2 }),
      openPostgresStore(s.databaseUrl, { schema, poolSize: 2 }),
    ]);
    await a.initSetting('k', 'from a');
    expect(await b.getSetting('k')).toBe('from a');
    // The bookkeeping lives in the schema itself: each migration recorded once.
    const client = new pg.Client({ connectionString: s.databaseUrl });
    await client.connect();
    const done = await client.query<{ name: string }>(
      `SELECT name FROM ${schema}.kysely_migration ORDER BY name`,
    );
    await client.end();
    expect(done.rows.map((r) => r.name)).toEqual([
      '0001_initial',
      '0002_ratings_chips',
      '0003_lobbies',
      '0004_token_generation',
      '0005_chip_caps',
      '0006_daily',
      '0007_friends',
      '0008_manners',
      '0010_training',
      '0011_tournaments',
      '0013_bounds',
      '0014_puzzles',
      '0015_shares',
      '0016_deletions',
      '0017_daily_ranked',
      '0018_friend_requests_age',
    ]);
    await a.close();
    await b.close();
  });

  test('a bad URL or an unreachable server is a clear error', async () => {
    await expect(openPostgresStore('mysql://x@127.0.0.1/db')).rejects.toThrow(/postgres:\/\//);
    await expect(openPostgresStore(s.databaseUrl, { schema: 'Bad-Name' })).rejects.toThrow(/schema name/);
    await expect(openPostgresStore('postgres://postgres:secret@127.0.0.1:1/test')).rejects.toThrow(
      /PostgreSQL at postgres:\/\/postgres:\*\*\*@127\.0\.0\.1:1\/test cannot be used/,
    );
  });
});
