/**
 * The runner against a real store (SQLite in memory) and the embedded presence, with an injected clock and the
 * tables' opening recorded instead of rooms: it announces the scheduled arenas once, seats free players, gives up a
 * game whose table never came to be, finishes the tournament once its games are done and pays the podium once.
 */
import { pino } from 'pino';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { DEFAULT_RULES } from '@hearts/engine';
import type { StoredSeat } from '@hearts/table';
import { LocalTablePresence } from '../presence.js';
import { openSqliteStore } from '../store/sqlite.js';
import type { TournamentRecord } from '../store/tournaments.js';
import type { GameStore, TableRecord } from '../store/types.js';
import { DEFAULT_PAIRING } from './pairing.js';
import { DAILY_CAPS, MIN_PODIUM_OPPONENTS, PODIUM_PRIZES, PRIZES } from '../fairness/policy.js';
import { configFromEnv } from '../config.js';
import { OPEN_TIMEOUT_MS, TournamentRunner, leaseOf } from './runner.js';

let store: GameStore;
let presence: LocalTablePresence;
let now = 0;
const opened: TableRecord[] = [];

beforeEach(async () => {
  store = await openSqliteStore(':memory:');
  presence = new LocalTablePresence();
  await presence.start('p1');
  opened.length = 0;
});
afterEach(() => store.close());

/** The table is stored (as `openTable` does) and its opening recorded instead of a room. */
const storeTable = async (r: TableRecord) => {
  await store.createTable(r);
  opened.push(r);
  return r.id;
};
const runner = (open: (r: TableRecord) => Promise<string> = storeTable, scheduled?: boolean) =>
  new TournamentRunner({
    scheduled,
    store,
    presence,
    log: pino({ level: 'silent' }),
    openTable: open,
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
    now: () => now,
  });

const arena = (over: Partial<TournamentRecord> = {}): TournamentRecord => ({
  id: 'a1',
  kind: 'arena',
  name: 'Arena',
  hostId: null,
  scheduleKey: null,
  rules: { ...DEFAULT_RULES, handsToPlay: 1 },
  botLevel: 'easy',
  rated: false,
  maxPlayers: 50,
  pairing: { ...DEFAULT_PAIRING, gatherMs: 0 },
  startsAt: 1_000,
  endsAt: 100_000,
  status: 'upcoming',
  createdAt: 0,
  finishedAt: null,
  ...over,
});

test('announces the scheduled arenas once, however often it ticks', async () => {
  now = Date.parse('2026-12-05T20:00:00Z');
  const r = runner();
  await r.tick();
  await r.tick();
  await runner().tick(); // another process
  const listed = await store.tournaments.list(['upcoming'], 10);
  expect(listed.map((t) => t.scheduleKey)).toEqual(['hourly:20261205T21', 'weekly:20261206']);
});

test('SCHEDULED_TOURNAMENTS=false: no scheduled arena is announced; a stored arena still runs', async () => {
  const env = (v?: string) => {
    const r = configFromEnv(v === undefined ? {} : { SCHEDULED_TOURNAMENTS: v });
    return r.ok ? r.value.scheduledTournaments : r.error;
  };
  expect([env(), env('true'), env('off'), env('0'), env('false')]).toEqual([true, true, false, false, false]);
  expect(env('maybe')).toMatch(/SCHEDULED_TOURNAMENTS must be true or false/);

  now = Date.parse('2026-12-05T20:00:00Z'); // a Saturday evening: both kinds are due
  await store.tournaments.create(arena({ startsAt: now, endsAt: now + 600_000 }));
  const off = runner(storeTable, false);
  await off.tick();
  await off.tick();
  const stored = await store.tournaments.list(['upcoming', 'running'], 10);
  expect(stored.map((t) => t.id)).toEqual(['a1']);
  expect(stored.every((t) => t.scheduleKey === null)).toBe(true);
  expect((await store.tournaments.get('a1'))?.status).toBe('running'); // the runner still runs it
});

test('seats, gives up a table that never came, finishes once; four who met only each other win no podium', async () => {
  now = Date.parse('2026-12-01T12:34:00Z'); // scheduled ones come too; the arena below is what is looked at
  const base = now;
  await store.tournaments.create(arena({ startsAt: base, endsAt: base + 600_000 }));
  for (const u of ['a', 'b', 'c', 'd']) {
    await store.createUser({
      id: u,
      name: u.toUpperCase(),
      passwordHash: null,
      tokenGeneration: 0,
      rating: 1500,
      games: 0,
      createdAt: 0,
      lastPlayedAt: null,
    });
    await store.tournaments.enter('a1', { userId: u, name: u.toUpperCase() }, base, 50);
  }
  // The first table fails to open: its game is given up at once and the players are free again.
  await runner(() => Promise.reject(new Error('no room'))).tick();
  expect((await store.tournaments.games('a1')).map((g) => g.status)).toEqual(['abandoned']);
  const r = runner();
  now += 1000;
  await r.tick();
  expect(presence.holds(leaseOf('a1'))).toBe(true);
  expect(opened).toHaveLength(1);
  expect(opened[0]).toMatchObject({ kind: 'tournament', rated: false });
  expect((await store.tournaments.get('a1'))?.status).toBe('running');
  // Three games, each finished by its table's transaction (a wins them all); then one more is seated.
  const order = ['a', 'b', 'c', 'd'];
  for (let g = 0; g < 3; g++) {
    const id = opened[opened.length - 1]!.id;
    const seats = opened[opened.length - 1]!.seats.map((s) => (s.kind === 'human' ? s.userId : null));
    await store.progress.transaction((tx) =>
      tx.finishTournamentGame(
        id,
        seats.map((u) => ({ userId: u, name: u ?? 'Bot', place: order.indexOf(u!) + 1 })),
        now,
      ),
    );
    now += 1000;
    await r.tick();
  }
  expect(opened).toHaveLength(4);
  // A game recorded whose table never came to be (a crash between the two writes) is given up after a while.
  await store.tournaments.startGames('a1', [
    { gameId: 'ghost', seats: ['x', null, null, null], startedAt: now },
  ]);
  now += OPEN_TIMEOUT_MS + 1;
  await r.tick();
  expect((await store.tournaments.games('a1')).find((g) => g.gameId === 'ghost')?.status).toBe('abandoned');
  // The end: the last table finishes after it, then the tournament is finished and the podium paid, once.
  now = base + 700_000;
  await r.tick();
  expect((await store.tournaments.get('a1'))?.status).toBe('running'); // its last game still runs
  const last = opened[opened.length - 1]!;
  await store.progress.transaction((tx) =>
    tx.finishTournamentGame(
      last.id,
      last.seats.map((s) => ({ userId: s.kind === 'human' ? s.userId : null, name: s.name, place: 1 })),
      now,
    ),
  );
  await r.tick();
  await runner().tick();
  expect((await store.tournaments.get('a1'))?.status).toBe('finished');
  expect(presence.holds(leaseOf('a1'))).toBe(false);
  // Each met three people only (fairness/policy.ts): a podium needs more distinct opponents.
  expect(MIN_PODIUM_OPPONENTS).toBeGreaterThan(3);
  for (const u of ['a', 'b', 'c', 'd']) expect(await store.progress.balance(u)).toBe(0);
});

test('pays a public arena’s podium once, under each winner’s daily cap; a private one has none', async () => {
  now = Date.parse('2026-12-01T12:34:00Z');
  const players = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
  // Rounds of two tables, the players rotating: everyone meets at least four distinct people in three games.
  const rounds = [
    ['abcd', 'efgh'],
    ['aebf', 'cgdh'],
    ['aceg', 'bdfh'],
  ];
  // a has won the day's live cap but one already: its first place (two slots) pays what one slot pays.
  for (let i = 0; i < DAILY_CAPS.live - 1; i++)
    await store.progress.transaction((tx) =>
      tx.takeDailyWin('a', 'live', now - (now % 86_400_000), DAILY_CAPS.live),
    );
  for (const id of ['a1', 'p1']) {
    await store.tournaments.create(
      arena({ id, kind: id === 'p1' ? 'private' : 'arena', startsAt: now - 600_000, endsAt: now - 1 }),
    );
    for (const u of players) await store.tournaments.enter(id, { userId: u, name: u }, now - 600_000, 50);
    let k = 0;
    for (const round of rounds)
      for (const table of round) {
        const gameId = `${id}-g${k++}`;
        const seats = [...table];
        await store.tournaments.startGames(id, [{ gameId, seats, startedAt: now - 500_000 + k }]);
        // a wins every game, b is second, then c; the others share what is left
        const place = (u: string) => (u === 'a' ? 1 : u === 'b' ? 2 : u === 'c' ? 3 : 4);
        await store.progress.transaction((tx) =>
          tx.finishTournamentGame(
            gameId,
            seats.map((u) => ({ userId: u, name: u, place: place(u) })),
            now - 400_000 + k,
          ),
        );
      }
  }
  await runner().tick();
  await runner().tick(); // a second process, or a retry: nothing is paid twice
  expect((await store.tournaments.get('a1'))?.status).toBe('finished');
  expect((await store.tournaments.get('p1'))?.status).toBe('finished');
  expect(await store.progress.balance('a')).toBe(PRIZES.rated);
  expect(PODIUM_PRIZES[0]).toBe(2 * PRIZES.rated);
  expect(await store.progress.balance('b')).toBe(PODIUM_PRIZES[1]);
  expect(await store.progress.balance('c')).toBe(PODIUM_PRIZES[2]);
  for (const u of ['d', 'e', 'f', 'g', 'h']) expect(await store.progress.balance(u)).toBe(0);
  expect(await store.progress.winsOn('a', 'live', now - (now % 86_400_000))).toBe(DAILY_CAPS.live);
});

test('an upcoming tournament costs one read a tick until it starts', async () => {
  now = 10_000;
  await store.tournaments.create(arena({ startsAt: 20_000, endsAt: 200_000 }));
  await store.tournaments.enter('a1', { userId: 'a', name: 'A' }, now, 50);
  const reads = { get: 0, entrants: 0, games: 0 };
  const t = store.tournaments;
  for (const k of ['get', 'entrants', 'games'] as const) {
    const f = t[k].bind(t) as (id: string) => Promise<unknown>;
    Object.assign(t, { [k]: (id: string) => (reads[k]++, f(id)) });
  }
  const r = runner(storeTable, false);
  for (let i = 0; i < 3; i++) {
    await r.tick();
    now += 1000;
  }
  expect(reads).toEqual({ get: 3, entrants: 0, games: 0 });
  expect((await store.tournaments.get('a1'))?.status).toBe('upcoming');
  now = 20_000; // the start: the rows are read and the tournament runs
  await r.tick();
  expect(reads).toMatchObject({ entrants: 1, games: 1 });
  expect((await store.tournaments.get('a1'))?.status).toBe('running');
});
