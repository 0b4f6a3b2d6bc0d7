/**
 * Issue #42, scenario 5 (training): positions padded with 200 made-up hand results passed the checks at 24 KB each
 * (a free guest kept 4.5 MB). Now a position holds only what a game can (its hands scored by the rules: engine
 * `historyProblem`), a player keeps at most TRAINING_MAX_BYTES, and what uploads ask to keep counts against
 * LIMIT_TRAINING_STORE per address and per user — on SQLite and PostgreSQL.
 */
import { describe, expect, test } from 'vitest';
import {
  TRAINING_MAX_BYTES,
  TRAINING_POSITION_MAX_BYTES,
  TRAINING_UPLOAD_POSITIONS,
  type TrainingPosition,
} from '@hearts/protocol/http/training';
import { DEFAULT_CONFIG } from '../src/config.js';
import { api, guest, serverPerTest, type TestServer } from './helpers.js';
import { DATABASES, storeOn } from './databases.js';
import { longGame, samplePositions } from './training-fixtures.js';

const upload = (t: TestServer, token: string, positions: unknown[]) =>
  api<{ error?: string; message?: string; total?: number }>(t.url, '/api/training/positions', {
    token,
    body: { positions },
  });

/** The bytes of the user's positions as stored. */
const keptBytes = async (t: TestServer, userId: string) =>
  (await t.server.services.store.training.positions(userId)).reduce(
    (n, p) => n + JSON.stringify(p).length,
    0,
  );

describe.each(DATABASES)('training storage on %s', (db) => {
  const startServer = serverPerTest();

  test('a position padded with 200 made-up hand results is refused (it was kept, at 24 KB)', async () => {
    const t = await startServer({}, { store: await storeOn(db) });
    const me = await guest(t.url);
    const [p] = samplePositions(1, 'padded');
    const made = Array.from({ length: 200 }, () => ({
      points: [99, 99, 99, 99],
      taken: [99, 99, 99, 99],
      shooter: null,
      moonChoice: null,
    }));
    const padded = { ...p!, observation: { ...p!.observation, handResults: made } };
    expect(JSON.stringify(padded).length).toBeLessThan(TRAINING_POSITION_MAX_BYTES);
    const r = await upload(t, me.token, [padded]);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ error: 'ERR_MALFORMED', message: expect.stringMatching(/observation/) });
    expect(await t.server.services.store.training.positions(me.id)).toEqual([]);
    // The same position as the game really was is kept.
    expect((await upload(t, me.token, [p])).status).toBe(200);
  });

  test('a player keeps at most TRAINING_MAX_BYTES of positions, however long their games', async () => {
    const t = await startServer({}, { store: await storeOn(db) });
    const me = await guest(t.url);
    const big = samplePositions(80, 'long').map((p) => longGame(p, 200));
    expect(JSON.stringify(big[0]).length).toBeGreaterThan(14_000);
    for (let i = 0; i < big.length; i += TRAINING_UPLOAD_POSITIONS)
      expect((await upload(t, me.token, big.slice(i, i + TRAINING_UPLOAD_POSITIONS))).status).toBe(200);
    const bytes = await keptBytes(t, me.id);
    expect(bytes).toBeLessThanOrEqual(TRAINING_MAX_BYTES);
    expect(bytes).toBeGreaterThan(TRAINING_MAX_BYTES - 30_000);
    // The newest are the ones kept.
    const kept = await t.server.services.store.training.positions(me.id);
    expect(kept[0]!.id).toBe(big.at(-1)!.id);
  });

  test('an address sends at most LIMIT_TRAINING_STORE bytes an hour to keep, across its guests', async () => {
    const t = await startServer(
      { trainingStoreLimit: DEFAULT_CONFIG.trainingStoreLimit },
      { store: await storeOn(db) },
    );
    const budget = DEFAULT_CONFIG.trainingStoreLimit.count;
    const big = samplePositions(40, 'budget').map((p) => longGame(p, 200));
    const guests = await Promise.all([guest(t.url), guest(t.url)]);
    let sent = 0;
    let refused: { status: number; body: { error?: string } } | null = null;
    for (let i = 0; i < big.length && !refused; i += TRAINING_UPLOAD_POSITIONS) {
      const part: TrainingPosition[] = big.slice(i, i + TRAINING_UPLOAD_POSITIONS);
      const r = await upload(t, guests[(i / TRAINING_UPLOAD_POSITIONS) % 2]!.token, part);
      if (r.status === 200) sent += JSON.stringify(part).length;
      else refused = r;
    }
    expect(refused).toMatchObject({ status: 429, body: { error: 'ERR_RATE_LIMIT' } });
    expect(sent).toBeLessThanOrEqual(budget);
    const stored = (await Promise.all(guests.map((g) => keptBytes(t, g.id)))).reduce((a, b) => a + b, 0);
    expect(stored).toBeLessThanOrEqual(budget);
  });
});
