/**
 * The tournament routes under abuse, against a real server: malformed and out-of-range options are refused with
 * ERR_MALFORMED (a name too long, a tournament too long, too many players, unknown fields), a huge body with 413; a
 * host has at most HOSTED_MAX private tournaments not finished (ERR_TOO_MANY_TOURNAMENTS); a full tournament
 * refuses more (ERR_TOURNAMENT_FULL, also under concurrent joins); pausing without having joined is
 * ERR_NOT_ENTERED; bad ids are 404; every route counts against LIMIT_TOURNAMENTS per address (429 with Retry-After).
 * Bad rule options are refused with the engine's reason (400); a rated private tournament with ERR_PRIVATE_RATED
 * (400). One address holds at most STREAMS_PER_ADDRESS
 * events streams on a process (429; the page polls instead), others are still served.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { TOURNAMENT_LIMITS } from '@hearts/protocol/http';
import { HOSTED_MAX } from '../../src/tournament/routes.js';
import { STREAMS_PER_ADDRESS } from '../../src/tournament/stream.js';
import { api, guest, startTestServer, TEST_LIMITS, until, type TestServer } from '../helpers.js';
import { arenaRecord, openEvents } from '../tournament-helpers.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ ...TEST_LIMITS, tournamentLimit: { count: 60, seconds: 60 } });
});
afterAll(() => t.stop());

const OPTIONS = {
  name: 'Arena',
  minutes: 30,
  hands: 2,
  startsIn: 5,
  rated: false,
  bots: true,
  botLevel: 'easy',
  maxPlayers: 4,
};

test('bad options, the hosting cap, a full field, bad ids; then the rate limit', async () => {
  const host = await guest(t.url);
  const create = (body: unknown, token = host.token) =>
    api<{ id?: string; error?: string }>(t.url, '/api/tournaments', { token, body });
  for (const bad of [
    { ...OPTIONS, name: 'x'.repeat(TOURNAMENT_LIMITS.nameMax + 1) },
    { ...OPTIONS, name: '   ' },
    { ...OPTIONS, minutes: TOURNAMENT_LIMITS.minutes.max + 1 },
    { ...OPTIONS, minutes: 12.5 },
    { ...OPTIONS, hands: 0 },
    { ...OPTIONS, maxPlayers: TOURNAMENT_LIMITS.players.max + 1 },
    { ...OPTIONS, startsIn: -1 },
    { ...OPTIONS, botLevel: 'godlike' },
    { ...OPTIONS, extra: 1 },
    'not an object',
  ])
    expect(await create(bad)).toMatchObject({ status: 400, body: { error: 'ERR_MALFORMED' } });
  // The host's rule options: checked as the engine reads rules, with its reason; a tournament fixes its players and
  // hands.
  for (const [rules, reason] of [
    [{ passCards: 7 }, /^rules: passCards must be one of 0, 1, 2, 3, 4, 5$/],
    [{ sevenOfDie: 'yes' }, /^rules: sevenOfDie must be true or false$/],
    [{ nonsense: 1 }, /^rules: unknown rule option "nonsense"$/],
    [{ firstLead: 'lowestClub', removedCards: ['2C', '3C', '4C', '5C'] }, /^rules: /],
    [{ players: 5 }, /^rules: players is not the host's to choose/],
    [{ handsToPlay: 3 }, /^rules: handsToPlay is not the host's to choose/],
    [{ targetScore: 100 }, /^rules: targetScore is not the host's to choose/],
    [[1, 2], /^rules: rule options must be an object/],
    ['standard', /^rules: /],
  ] as const) {
    const r = await create({ ...OPTIONS, rules });
    expect(r).toMatchObject({ status: 400, body: { error: 'ERR_MALFORMED' } });
    expect((r.body as { message?: string }).message).toMatch(reason);
  }
  // A private tournament is never rated (its players choose their opponents): asking is refused with its own code,
  // with the standard rules or any, and nothing is stored (the hosting cap below still has every place).
  for (const rules of [{}, { jackOfDiamonds: -10 }])
    expect(await create({ ...OPTIONS, rated: true, rules })).toMatchObject({
      status: 400,
      body: { error: 'ERR_PRIVATE_RATED' },
    });
  expect(await create({ ...OPTIONS, rated: 'yes' })).toMatchObject({
    status: 400,
    body: { error: 'ERR_MALFORMED' },
  });
  const huge = await fetch(`${t.url}/api/tournaments`, {
    method: 'POST',
    headers: { authorization: `Bearer ${host.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ ...OPTIONS, name: 'x'.repeat(100_000) }),
  });
  expect(huge.status).toBe(413);
  expect((await create(OPTIONS, 'h2.nope')).status).toBe(401);

  // The hosting cap.
  const ids: string[] = [];
  for (let i = 0; i < HOSTED_MAX; i++) {
    const r = await create(OPTIONS);
    expect(r.status).toBe(200);
    ids.push(r.body.id!);
  }
  expect(await create(OPTIONS)).toMatchObject({ status: 429, body: { error: 'ERR_TOO_MANY_TOURNAMENTS' } });

  // A full field: four places (the host has one), ten joining at once.
  const joiners = await Promise.all(Array.from({ length: 10 }, () => guest(t.url)));
  const joins = await Promise.all(
    joiners.map((u) =>
      api<{ error?: string }>(t.url, `/api/tournaments/${ids[0]}/join`, { method: 'POST', token: u.token }),
    ),
  );
  expect(joins.filter((r) => r.status === 200)).toHaveLength(3);
  expect(joins.filter((r) => r.status === 409 && r.body.error === 'ERR_TOURNAMENT_FULL')).toHaveLength(7);
  const outsider = joiners[joins.findIndex((r) => r.status === 409)]!;
  expect(
    await api(t.url, `/api/tournaments/${ids[0]}/pause`, { method: 'POST', token: outsider.token }),
  ).toMatchObject({ status: 409, body: { error: 'ERR_NOT_ENTERED' } });

  for (const bad of ['nope', '..%2F..%2Fetc', 'x'.repeat(41)])
    expect((await api(t.url, `/api/tournaments/${bad}`)).status).toBe(404);
  expect((await api(t.url, `/api/tournaments/${ids[0]}/join`)).status).toBe(405);

  // LIMIT_TOURNAMENTS: every tournament route counts; past the limit 429 ERR_RATE_LIMIT with Retry-After.
  let limited: Response | null = null;
  for (let i = 0; i < 80 && !limited; i++) {
    const r = await fetch(`${t.url}/api/tournaments`);
    if (r.status === 429) limited = r;
    else expect(r.status).toBe(200);
  }
  expect(limited).not.toBeNull();
  expect(Number(limited!.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(((await limited!.json()) as { error: string }).error).toBe('ERR_RATE_LIMIT');
  expect((await api(t.url, '/api/leaderboard')).status).toBe(200);
});

test(`one address holds at most ${STREAMS_PER_ADDRESS} events streams; then 429, others are still served`, async () => {
  // Stored directly, and watched from other addresses: 127.0.0.1 is rate-limited by the test above.
  const now = Date.now();
  const id = 'watched';
  await t.server.services.store.tournaments.create(arenaRecord(id, {}, now));
  const streams = [];
  for (let i = 0; i < STREAMS_PER_ADDRESS; i++) {
    const s = await openEvents(t.url, id, '127.0.0.7');
    expect(s.status).toBe(200);
    streams.push(s);
  }
  const over = await openEvents(t.url, id, '127.0.0.7');
  expect(over.status).toBe(429);
  const other = await openEvents(t.url, id, '127.0.0.8');
  expect(other.status).toBe(200);
  await until('an event on the other address', () => other.events.length > 0, 10_000);
  other.close();
  for (const s of streams) s.close();
  await until('a stream free again', async () => {
    const s = await openEvents(t.url, id, '127.0.0.7');
    s.close();
    return s.status === 200;
  });
});
