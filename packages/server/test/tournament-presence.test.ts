/**
 * Issue #42, scenario 2: absent entrants. Entrants whose clients are gone are not seated (a table never opens for
 * nobody: no bot-only tables), are marked away, score nothing and win no podium; a seat a bot took over scores last
 * and its player is not seated again until they come back; a private tournament nobody is active in ends. The runner
 * runs over a real store on SQLite and PostgreSQL and the real whereabouts (the embedded presence), with an injected
 * clock; the tables' openings are recorded instead of rooms, and a game is finished by the finishing transaction's
 * store call with the fairness policy's places (as `rating/finish.ts` does).
 */
import { LocalPresence } from '@colyseus/core';
import { pino } from 'pino';
import { afterEach, describe, expect, test } from 'vitest';
import type { StoredSeat } from '@hearts/table';
import { gameVerdict } from '../src/fairness/policy.js';
import { LocalTablePresence } from '../src/presence.js';
import type { TournamentRecord } from '../src/store/tournaments.js';
import type { GameStore, TableRecord } from '../src/store/types.js';
import { podiumPaid } from '../src/tournament/prizes.js';
import { ABSENT_CLOSE_MS, TournamentRunner, stateFromRows } from '../src/tournament/runner.js';
import { standingsOf } from '../src/tournament/state.js';
import { DEFAULT_PAIRING } from '../src/tournament/pairing.js';
import { Whereabouts } from '../src/whereabouts.js';
import { DATABASES, storeOn } from './databases.js';
import { api, guest, serverPerTest } from './helpers.js';
import { arenaRecord, pageOf } from './tournament-helpers.js';

const startServer = serverPerTest();

const TTL_MS = 60_000; // how long a page asked for keeps a player connected (the whereabouts' ttl)

let store: GameStore | null = null;
afterEach(async () => {
  await store?.close();
  store = null;
});

/** A store, the whereabouts of one process, a runner over both with the test's clock, and what it opened. */
async function setUp(db: (typeof DATABASES)[number], t: TournamentRecord, users: readonly string[]) {
  const s = await storeOn(db);
  store = s;
  const clock = { now: t.startsAt };
  const whereabouts = new Whereabouts(
    () => memory,
    () => 'p1',
    { now: () => clock.now, ttlMs: TTL_MS },
  );
  const memory = new LocalPresence();
  const leases = new LocalTablePresence();
  await leases.start('p1');
  const opened: TableRecord[] = [];
  const runner = new TournamentRunner({
    store: s,
    presence: leases,
    log: pino({ level: 'silent' }),
    openTable: async (r) => {
      await s.createTable(r);
      opened.push(r);
      return r.id;
    },
    seatsFor: (_t, humans) =>
      Promise.resolve([
        ...humans.map((h): StoredSeat => ({ kind: 'human', userId: h.userId, name: h.name, rating: null })),
        ...Array.from({ length: 4 - humans.length }, (_, i): StoredSeat => ({
          kind: 'bot',
          level: 'easy',
          name: `Bot ${i + 1}`,
          rating: null,
        })),
      ]),
    draining: () => false,
    connected: (u) => whereabouts.online(u),
    now: () => clock.now,
    scheduled: false,
  });
  await s.tournaments.create(t);
  for (const u of users) {
    await s.createUser({
      id: u,
      name: u.toUpperCase(),
      passwordHash: null,
      tokenGeneration: 0,
      rating: 1500,
      games: 0,
      createdAt: 0,
      lastPlayedAt: null,
    });
    await s.tournaments.enter(t.id, { userId: u, name: u.toUpperCase() }, t.startsAt - 1000, 50);
  }
  const presence = async () =>
    Object.fromEntries((await s.tournaments.entrants(t.id)).map((e) => [e.userId, e.presence]));
  const standings = async () => {
    const got = (await s.tournaments.get(t.id))!;
    const state = stateFromRows(got, await s.tournaments.entrants(t.id), await s.tournaments.games(t.id));
    return Object.fromEntries(
      standingsOf(state).map((l) => [l.userId, { points: l.points, games: l.games }]),
    );
  };
  /** The last table opened finishes: its seats' scores, `left` the users a bot took over (policy's places). */
  const finish = async (scores: readonly number[], left: readonly string[] = []) => {
    const table = opened.at(-1)!;
    const verdict = gameVerdict({
      kind: t.kind === 'private' ? 'private-tournament' : 'arena',
      askedRated: table.rated,
      seats: table.seats.map((x) => ({
        human: x.kind === 'human',
        left: x.kind === 'human' && left.includes(x.userId),
      })),
      scores,
      hands: 1,
    });
    const result = table.seats.map((x, i) => ({
      userId: x.kind === 'human' ? x.userId : null,
      name: x.name,
      place: verdict.places[i]!,
      ...(x.kind === 'human' && left.includes(x.userId) && { left: true }),
    }));
    expect(await s.progress.transaction((tx) => tx.finishTournamentGame(table.id, result, clock.now))).toBe(
      true,
    );
    return verdict;
  };
  const humansOf = (r: TableRecord) => r.seats.flatMap((x) => (x.kind === 'human' ? [x.userId] : []));
  return { s, clock, whereabouts, runner, opened, presence, standings, finish, humansOf };
}

describe.each(DATABASES)('absent tournament entrants (%s)', (db) => {
  test('entrants whose clients are gone are never seated (no bot-only table), score nothing and win no podium', async () => {
    const base = Date.parse('2026-12-01T12:00:00Z');
    const t = arenaRecord(
      'gone',
      { startsAt: base, endsAt: base + 3_600_000, pairing: DEFAULT_PAIRING },
      base,
    );
    const { s, clock, runner, opened, presence, standings } = await setUp(db, t, ['a', 'b', 'c', 'd']);
    // Nobody's client is connected: not at the start, not after the gathering wait, not after the bots' wait.
    for (const at of [
      0,
      DEFAULT_PAIRING.gatherMs,
      DEFAULT_PAIRING.maxWaitMs,
      2 * DEFAULT_PAIRING.maxWaitMs,
    ]) {
      clock.now = base + at;
      await runner.tick();
    }
    expect(opened).toEqual([]); // no table, so no table of bots playing for nobody
    expect(await presence()).toEqual({ a: 'away', b: 'away', c: 'away', d: 'away' });
    expect(await s.tournaments.games('gone')).toEqual([]);
    // Still nobody, until the end: a public arena stays open to newcomers but seats nobody who is away.
    for (clock.now = base + 60_000; clock.now < t.endsAt; clock.now += 5 * 60_000) await runner.tick();
    clock.now = t.endsAt;
    await runner.tick();
    expect(opened).toEqual([]);
    expect((await s.tournaments.get('gone'))!.status).toBe('finished');
    expect(await standings()).toEqual({
      a: { points: 0, games: 0 },
      b: { points: 0, games: 0 },
      c: { points: 0, games: 0 },
      d: { points: 0, games: 0 },
    });
    for (const u of ['a', 'b', 'c', 'd']) expect(await podiumPaid(s.progress, 'gone', u)).toBe(0);
  }, 60_000);

  test('a seat a bot took over scores last, and its player is not seated again until they come back', async () => {
    const base = Date.parse('2026-12-01T13:00:00Z');
    const t = arenaRecord(
      'taken',
      { startsAt: base, endsAt: base + 3_600_000, pairing: { ...DEFAULT_PAIRING, gatherMs: 0 } },
      base,
    );
    const { clock, whereabouts, runner, opened, presence, standings, finish, humansOf, s } = await setUp(
      db,
      t,
      ['a', 'b', 'c', 'd', 'e'],
    );
    // a to d have the page open; e's client is gone: e is away, and the four are seated.
    for (const u of ['a', 'b', 'c', 'd']) await whereabouts.seen(u);
    await runner.tick();
    expect(opened.map(humansOf)).toEqual([['a', 'b', 'c', 'd']]);
    expect((await presence()).e).toBe('away');
    // d leaves mid-game; a bot plays d's seat to the lowest score: d is still last, with no points.
    clock.now += 30_000;
    const seatsNow = opened[0]!.seats.map((x) => (x.kind === 'human' ? x.userId : null));
    const scores = seatsNow.map((u) => ({ a: 5, b: 8, c: 13, d: 0 })[u!]!);
    const verdict = await finish(scores, ['d']);
    expect(verdict.places[seatsNow.indexOf('d')]).toBe(4);
    expect(await standings()).toMatchObject({
      a: { points: 4, games: 1 },
      b: { points: 2, games: 1 },
      c: { points: 1, games: 1 },
      d: { points: 0, games: 1 },
      e: { points: 0, games: 0 },
    });
    expect(await presence()).toEqual({ a: 'active', b: 'active', c: 'active', d: 'away', e: 'away' });
    // d's page was asked for a minute ago and not since; the others still poll theirs. The three have waited
    // longer than the bots' wait since their game: they are seated with a bot, not with d.
    clock.now += TTL_MS;
    for (const u of ['a', 'b', 'c']) await whereabouts.seen(u);
    await runner.tick();
    expect(opened.map(humansOf)).toEqual([
      ['a', 'b', 'c', 'd'],
      ['a', 'b', 'c'],
    ]);
    await finish([1, 2, 3, 4]);
    // d comes back (the page marks them active and seen: routes.ts), and is seated with the others again.
    clock.now += 1000;
    await s.tournaments.enter('taken', { userId: 'd', name: 'D' }, clock.now, 50);
    for (const u of ['a', 'b', 'c', 'd']) await whereabouts.seen(u);
    await runner.tick();
    expect(opened.map(humansOf).at(-1)!.sort()).toEqual(['a', 'b', 'c', 'd']);
    // Nothing opened for e, who never came back: no table ever had only absent players.
    expect(opened.some((r) => humansOf(r).includes('e'))).toBe(false);
  }, 60_000);

  test('a private tournament where nobody is active for a while ends; until then nobody absent is seated', async () => {
    const base = Date.parse('2026-12-01T14:00:00Z');
    const t = arenaRecord(
      'idle',
      { kind: 'private', hostId: 'a', startsAt: base, endsAt: base + 3_600_000, pairing: DEFAULT_PAIRING },
      base,
    );
    const { s, clock, whereabouts, runner, opened, presence, finish } = await setUp(db, t, ['a', 'b']);
    await whereabouts.seen('a');
    await runner.tick();
    expect(await presence()).toEqual({ a: 'active', b: 'away' }); // checked at once, though no table opens yet
    // a's page stays open (waiting for a table is being active): after the bots' wait, a plays with bots.
    clock.now += DEFAULT_PAIRING.maxWaitMs;
    await whereabouts.seen('a');
    await runner.tick();
    expect(opened.map((r) => r.seats.filter((x) => x.kind === 'human').length)).toEqual([1]);
    clock.now += 30_000;
    await finish([1, 2, 3, 4]);
    // Then a's client is gone too: a is marked away at the next check, and nobody is active any more.
    clock.now += TTL_MS;
    await runner.tick();
    expect(await presence()).toEqual({ a: 'away', b: 'away' });
    expect(opened).toHaveLength(1);
    const awayAt = clock.now;
    clock.now = awayAt + ABSENT_CLOSE_MS - 1;
    await runner.tick();
    expect((await s.tournaments.get('idle'))!.endsAt).toBe(t.endsAt);
    clock.now = awayAt + ABSENT_CLOSE_MS;
    await runner.tick();
    expect((await s.tournaments.get('idle'))!.endsAt).toBe(clock.now);
    await runner.tick();
    expect((await s.tournaments.get('idle'))!.status).toBe('finished');
    expect(opened).toHaveLength(1);
  }, 60_000);

  test('coming back to the page makes an away entrant active again; a paused one stays paused', async () => {
    const served = await storeOn(db);
    const t = await startServer({}, { store: served });
    const [host, other] = await Promise.all([guest(t.url), guest(t.url)]);
    const created = await api<{ id: string }>(t.url, '/api/tournaments', {
      token: host.token,
      body: { name: 'Back', minutes: 30, hands: 1, startsIn: 5, bots: true, botLevel: 'easy', maxPlayers: 8 },
    });
    const id = created.body.id;
    await api(t.url, `/api/tournaments/${id}/join`, { method: 'POST', token: other.token });
    await api(t.url, `/api/tournaments/${id}/pause`, { method: 'POST', token: other.token });
    expect(await served.tournaments.markAway(id, [host.id, other.id], Date.now())).toBe(1);
    const presenceOf = (p: Awaited<ReturnType<typeof pageOf>>) =>
      Object.fromEntries(p.standings.map((r) => [r.name, r.presence]));
    expect(presenceOf(await pageOf(t.url, id))).toEqual({ [host.name]: 'away', [other.name]: 'paused' });
    expect((await pageOf(t.url, id, host)).you?.presence).toBe('active');
    expect((await pageOf(t.url, id, other)).you?.presence).toBe('paused');
    expect(presenceOf(await pageOf(t.url, id))).toEqual({ [host.name]: 'active', [other.name]: 'paused' });
  }, 60_000);
});
