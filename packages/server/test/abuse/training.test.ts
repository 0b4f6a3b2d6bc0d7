/**
 * Abuse of training storage: requests are held to LIMIT_TRAINING per address and per user, a body over the
 * route's size is refused before it is read whole, an upload holds at most TRAINING_UPLOAD_POSITIONS positions,
 * and however much a player sends, the server keeps at most TRAINING_MAX_POSITIONS of theirs.
 */
import { expect, test } from 'vitest';
import {
  TRAINING_MAX_POSITIONS,
  TRAINING_POSITION_MAX_BYTES,
  TRAINING_UPLOAD_POSITIONS,
} from '@hearts/protocol/http/training';
import { guest, serverPerTest } from '../helpers.js';
import { samplePositions } from '../training-fixtures.js';
import { DEFAULT_LIMITS, json, send } from './net.js';

const startServer = serverPerTest();

test('training requests are held to LIMIT_TRAINING per address, and per user from any address', async () => {
  const t = await startServer({ ...DEFAULT_LIMITS, guestLimit: { count: 1000, seconds: 60 } });
  const url = t.url;
  const limit = DEFAULT_LIMITS.trainingLimit.count;
  const a = await guest(url);
  for (let i = 0; i < limit; i++) {
    const r = await send(url, '/api/training', { token: a.token, from: `127.0.1.${i % 2 === 0 ? 1 : 2}` });
    expect(r.status).toBe(200);
  }
  // The user is over from a third address too.
  const over = await send(url, '/api/training', { token: a.token, from: '127.0.1.3' });
  expect(over.status).toBe(429);
  expect(json(over)).toMatchObject({ error: 'ERR_RATE_LIMIT' });
  expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
  // Another user from a fresh address is not.
  const b = await guest(url);
  expect((await send(url, '/api/training', { token: b.token, from: '127.0.1.4' })).status).toBe(200);
  // Many users from one address: the address is over after its share.
  const users = await Promise.all(Array.from({ length: 3 }, () => guest(url)));
  let refused = 0;
  for (let i = 0; i < limit + 1; i++) {
    const r = await send(url, '/api/training/progress', {
      token: users[i % 3]!.token,
      from: '127.0.1.5',
      body: JSON.stringify({ progress: [{ id: 't0123456789abcdef', attempts: 1, solved: false, at: 1 }] }),
    });
    if (r.status === 429) refused++;
    else expect(r.status).toBe(200);
  }
  expect(refused).toBe(1);
});

test('uploads are held to their size and count; a player keeps at most TRAINING_MAX_POSITIONS', async () => {
  const t = await startServer();
  const url = t.url;
  const a = await guest(url);
  const post = (body: string) => send(url, '/api/training/positions', { token: a.token, body });
  // Over the route's body limit: 413, whatever it holds.
  const huge = await post(
    JSON.stringify({
      positions: [],
      pad: 'x'.repeat(TRAINING_UPLOAD_POSITIONS * TRAINING_POSITION_MAX_BYTES),
    }),
  );
  expect(huge.status).toBe(413);
  expect(json(huge)).toMatchObject({ error: 'ERR_TOO_LARGE' });
  // More positions than an upload holds.
  const many = samplePositions(TRAINING_MAX_POSITIONS + 30, 'cap');
  const tooMany = await post(JSON.stringify({ positions: many.slice(0, TRAINING_UPLOAD_POSITIONS + 1) }));
  expect(tooMany.status).toBe(400);
  expect(json(tooMany)).toMatchObject({ error: 'ERR_MALFORMED' });
  // One position padded with made-up hands, within the body limit: refused for what it holds (a game the rules
  // cannot have scored), before its size (training-bounds.test.ts has the rest).
  const padded = { ...many[0]!, game: 'g'.repeat(80), observation: { ...many[0]!.observation } };
  const big = [123456789.123456, 123456789.123456, 123456789.123456, 123456789.123456];
  (padded.observation as unknown as { handResults: unknown[] }).handResults = Array.from(
    { length: 200 },
    () => ({
      points: big,
      taken: big,
      shooter: null,
      moonChoice: null,
    }),
  );
  const fat = await post(JSON.stringify({ positions: [padded] }));
  expect(fat.status).toBe(400);
  expect(json<{ message: string }>(fat).message).toMatch(/observation/);
  // Sending more than the cap keeps the newest TRAINING_MAX_POSITIONS.
  let total = 0;
  for (let i = 0; i < many.length; i += TRAINING_UPLOAD_POSITIONS) {
    const r = await post(JSON.stringify({ positions: many.slice(i, i + TRAINING_UPLOAD_POSITIONS) }));
    expect(r.status).toBe(200);
    total = json<{ total: number }>(r).total;
    expect(total).toBeLessThanOrEqual(TRAINING_MAX_POSITIONS);
  }
  expect(total).toBe(TRAINING_MAX_POSITIONS);
  const kept = json<{ positions: { id: string }[] }>(await send(url, '/api/training', { token: a.token }));
  expect(kept.positions.map((p) => p.id)).toEqual(
    many
      .slice(-TRAINING_MAX_POSITIONS)
      .map((p) => p.id)
      .reverse(),
  );
}, 60_000);
