/**
 * Training positions over HTTP (`ROUTES.training…`): a signed-in player's positions and progress are kept, sent
 * again without doubling, merged, and shown to that player only; positions that do not hang together are refused
 * with a clear error.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { TrainingPosition } from '@hearts/protocol/http/training';
import { api, guest, startTestServer, type TestServer } from './helpers.js';
import { samplePositions } from './training-fixtures.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.stop());

test('a player keeps positions and progress; sending again doubles nothing; others see none of it', async () => {
  const a = await guest(t.url);
  const b = await guest(t.url);
  const ps = samplePositions(3, 'routes');
  const save = (token: string, positions: TrainingPosition[]) =>
    api(t.url, '/api/training/positions', { token, body: { positions } });
  expect(await save(a.token, ps.slice(0, 2))).toEqual({ status: 200, body: { stored: 2, total: 2 } });
  expect(await save(a.token, ps)).toEqual({ status: 200, body: { stored: 1, total: 3 } });
  const progress = [{ id: ps[0]!.id, attempts: 2, solved: true, at: 5 }];
  expect(await api(t.url, '/api/training/progress', { token: a.token, body: { progress } })).toEqual({
    status: 200,
    body: { total: 1 },
  });
  await api(t.url, '/api/training/progress', {
    token: a.token,
    body: { progress: [{ id: ps[0]!.id, attempts: 1, solved: false, at: 9 }] },
  });
  const mine = await api<{ positions: TrainingPosition[]; progress: unknown[] }>(t.url, '/api/training', {
    token: a.token,
  });
  expect(mine.status).toBe(200);
  expect(mine.body.positions.map((p) => p.id)).toEqual([ps[2]!.id, ps[1]!.id, ps[0]!.id]);
  expect(mine.body.positions[2]).toEqual(ps[0]);
  expect(mine.body.progress).toEqual([{ id: ps[0]!.id, attempts: 2, solved: true, at: 9 }]);
  expect((await api(t.url, '/api/training', { token: b.token })).body).toEqual({
    positions: [],
    progress: [],
  });
  expect((await api(t.url, '/api/training')).status).toBe(401);
});

test('a position that does not hang together is refused with what is wrong', async () => {
  const a = await guest(t.url);
  const [p] = samplePositions(1, 'bad') as [TrainingPosition];
  const refused = async (position: unknown) => {
    const r = await api<{ error: string; message: string }>(t.url, '/api/training/positions', {
      token: a.token,
      body: { positions: [position] },
    });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('ERR_MALFORMED');
    return r.body.message;
  };
  const other = p.observation.hand.find((c) => !p.observation.legal.includes(c));
  expect(await refused({ ...p, id: 't0000000000000000' })).toMatch(/not the id of its observation/);
  if (other) expect(await refused({ ...p, played: [other] })).toMatch(/not legal/);
  expect(await refused({ ...p, played: ['ZZ'] })).toMatch(/played\.0: not a card name/);
  expect(await refused({ ...p, options: [...p.options].reverse() })).toMatch(/not best first/);
  expect(await refused({ ...p, cost: 1 })).toMatch(/cost/);
  expect(await refused({ ...p, observation: { ...p.observation, rules: { players: 9 } } })).toMatch(/rules/);
  expect(await refused({ ...p, extra: 1, observation: undefined })).toMatch(/observation/);
  expect((await api(t.url, '/api/training', { token: a.token })).body).toMatchObject({ positions: [] });
});
