/**
 * The suite every {@link GameStore} implementation must pass. Call it from a test file with a factory that opens a
 * fresh, migrated, empty store:
 *
 * ```ts
 * describeGameStore('SQLite', () => openSqliteStore(':memory:'));
 * ```
 */
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { DEFAULT_RULES, makeRecord, newGame, parseRules, type GameRecord } from '@hearts/engine';
import {
  NameTakenError,
  type EventRow,
  type FinishedGame,
  type GameStore,
  type TableRecord,
  type UserRecord,
} from '../src/store/types.js';
import { balance, claimSoloWin, payUnderCap, SoloClaimRefused, winsToday } from '../src/economy/chips.js';
import {
  DAILY_CAPS,
  GAME_KINDS,
  MAX_CHIPS_A_DAY,
  PRIZES,
  gameVerdict,
  podium,
  type Prize,
} from '../src/fairness/policy.js';
import type { ShopRefusal } from '../src/economy/shop.js';
import { buy, lookOfUser } from '../src/economy/shop.js';
import { AlreadyApplied } from '../src/store/progress.js';
import { cosmetic } from '@hearts/protocol/cosmetics';
import { describeDailyStore } from './daily-contract.js';
import { describeTrainingStore } from './training-contract.js';
import { describePuzzleStore } from './puzzles-contract.js';
import { describeMannersStore } from './manners-contract.js';
import { describeFriendsStore } from './friends-contract.js';
import { describeTournamentStore } from './tournament-contract.js';
import { describeRetentionStore } from './retention-contract.js';
import { describeShareStore } from './shares-contract.js';
import { describeAccountStore } from './accounts-contract.js';
import { randomGame } from './random-game.js';

const user = (id: string, name: string, at = 1000): UserRecord => ({
  id,
  name,
  passwordHash: null,
  tokenGeneration: 0,
  rating: 1500,
  games: 0,
  createdAt: at,
  lastPlayedAt: null,
});

const table = (id: string, at = 2000, rated = false): TableRecord => ({
  id,
  kind: 'quick',
  rated,
  rules: { ...DEFAULT_RULES, targetScore: 100 },
  seats: [
    { kind: 'human', userId: 'u1', name: 'Anna', rating: 1500 },
    { kind: 'human', userId: 'u2', name: 'Ben', rating: 1490 },
    { kind: 'bot', level: 'medium', name: 'Bot', rating: 1500 },
    { kind: 'human', userId: 'u3', name: 'Cleo', rating: 1510 },
  ],
  botLevel: 'medium',
  status: 'playing',
  createdAt: at,
});

/** Distinct finished solo games of four hands with their winning seat, as a browser reports them. */
function soloWins(count: number, from: number): { record: GameRecord; seat: number }[] {
  return Array.from({ length: count }, (_, i) => {
    const g = randomGame({ handsToPlay: 4 }, from + i);
    return { record: makeRecord(g, ['You', 'Bot 1', 'Bot 2', 'Bot 3']), seat: g.winners[0]! };
  });
}

const move = (tableId: string, seq: number, seat: number, clientId: string | null): EventRow => ({
  tableId,
  seq,
  event: {
    type: 'move',
    seat,
    move: { kind: 'play', card: '2C' },
    by: 'player',
    bankMs: 30_000,
    clientId,
  },
  at: 3000 + seq,
});

/** A table record and a player's move as stored events, for tests of one store beside the contract. */
export { table as eventTable, move as moveRow };

export function describeGameStore(label: string, open: () => Promise<GameStore>): void {
  describe(`GameStore: ${label}`, () => {
    let store: GameStore;
    beforeEach(async () => {
      store = await open();
    });
    afterEach(async () => {
      await store.close();
    });

    describeDailyStore(() => store);
    describeTrainingStore(() => store);
    describePuzzleStore(() => store);
    describeMannersStore(() => store);
    describeFriendsStore(() => store);
    describeTournamentStore(() => store);
    describeRetentionStore(() => store);
    describeShareStore(() => store);
    describeAccountStore(() => store);

    test('migrating again changes nothing', async () => {
      await store.createUser(user('u1', 'Anna'));
      await store.migrate();
      expect((await store.userById('u1'))?.name).toBe('Anna');
    });

    test('probeWrite: a write, again and again; a closed store refuses it', async () => {
      await store.probeWrite(1);
      await store.probeWrite(2);
      expect(await store.getSetting('health-probe')).toBe('2');
      const other = await open();
      await other.close();
      await expect(other.probeWrite(3)).rejects.toThrow();
    });

    test('settings: the first value stays', async () => {
      expect(await store.getSetting('secret')).toBeNull();
      expect(await store.initSetting('secret', 'a')).toBe('a');
      expect(await store.initSetting('secret', 'b')).toBe('a');
      expect(await store.getSetting('secret')).toBe('a');
    });

    test('users: create, find by id and by name ignoring case, rename, password', async () => {
      await store.createUser(user('u1', 'Anna'));
      expect(await store.userById('u1')).toEqual({ ...user('u1', 'Anna'), claimedAt: null }); // a guest
      expect((await store.userByName('aNNA'))?.id).toBe('u1');
      expect(await store.userByName('Ben')).toBeNull();
      expect(await store.userById('nobody')).toBeNull();
      await store.renameUser('u1', 'Annabel');
      expect(await store.userByName('Anna')).toBeNull();
      expect((await store.userByName('annabel'))?.id).toBe('u1');
      await store.setPassword('u1', 'scrypt$x');
      expect((await store.userById('u1'))?.passwordHash).toBe('scrypt$x');
    });

    test('users: claiming sets a password once and moves the token generation on', async () => {
      await store.createUser(user('u1', 'Anna'));
      expect((await store.userById('u1'))?.claimedAt).toBeNull(); // a guest
      expect(await store.claimUser('u1', 'scrypt$a', 5_000)).toBe(true);
      expect(await store.userById('u1')).toMatchObject({
        passwordHash: 'scrypt$a',
        tokenGeneration: 1,
        claimedAt: 5_000, // when: the daily ranking counts names claimed before the day
      });
      expect(await store.claimUser('u1', 'scrypt$b', 6_000)).toBe(false);
      expect((await store.userById('u1'))?.claimedAt).toBe(5_000);
      expect(await store.claimUser('nobody', 'scrypt$b')).toBe(false);
      await store.setPassword('u1', 'scrypt$c'); // a re-hash: tokens stay
      expect(await store.userById('u1')).toMatchObject({ passwordHash: 'scrypt$c', tokenGeneration: 1 });
      await store.rotateTokens('u1');
      expect((await store.userById('u1'))?.tokenGeneration).toBe(2);
    });

    test('users: a name is taken ignoring case, on create and on rename', async () => {
      await store.createUser(user('u1', 'Anna'));
      await store.createUser(user('u2', 'Ben'));
      await expect(store.createUser(user('u3', 'ANNA'))).rejects.toBeInstanceOf(NameTakenError);
      await expect(store.renameUser('u2', 'anna')).rejects.toBeInstanceOf(NameTakenError);
      expect((await store.userById('u2'))?.name).toBe('Ben');
      await store.renameUser('u1', 'ANNA'); // the same user may change the case
      expect((await store.userById('u1'))?.name).toBe('ANNA');
    });

    test('tables: events come back in order with their payloads', async () => {
      await store.createTable(table('t1'));
      expect(await store.tableExists('t1')).toBe(true);
      expect(await store.tableExists('t2')).toBe(false);
      const deal: EventRow = {
        tableId: 't1',
        seq: 0,
        event: { type: 'deal', hands: ['2C 3C', '4C 5C', '6C 7C', '8C 9C'], sevenSuit: null },
        at: 2500,
      };
      await store.appendEvents([deal]);
      await store.appendEvents([move('t1', 2, 1, 'b'), move('t1', 1, 0, 'a')]);
      await store.appendEvents([
        {
          tableId: 't1',
          seq: 3,
          event: { type: 'takeover', seat: 3, level: 'hard', reason: 'left' },
          at: 4000,
        },
      ]);
      const loaded = await store.loadTable('t1');
      expect(loaded?.table).toEqual(table('t1'));
      expect(loaded?.events.map((e) => e.seq)).toEqual([0, 1, 2, 3]);
      expect(loaded?.events[0]).toEqual(deal);
      expect(loaded?.events[2]).toEqual(move('t1', 2, 1, 'b'));
      expect(loaded?.events[3]?.event).toEqual({ type: 'takeover', seat: 3, level: 'hard', reason: 'left' });
      expect(await store.loadTable('nope')).toBeNull();
    });

    test('tables: the stored rules parse back to the same rules', async () => {
      await store.createTable(table('t1'));
      const loaded = await store.loadTable('t1');
      expect(parseRules(loaded!.table.rules)).toEqual({ ok: true, value: table('t1').rules });
    });

    test('tables: a friends’ room and the watchers’ choice come back; closing and opening to watchers is kept', async () => {
      const room = { code: 'K7P2QX', hostId: 'u1' };
      await store.createTable({ ...table('t1'), room });
      await store.createTable(table('t2'));
      expect((await store.loadTable('t1'))?.table).toEqual({ ...table('t1'), room });
      expect((await store.loadTable('t2'))?.table.watchersOpen).toBeUndefined();
      await store.setWatchersOpen('t1', false);
      expect((await store.loadTable('t1'))?.table).toEqual({ ...table('t1'), room, watchersOpen: false });
      expect((await store.loadTable('t2'))?.table.watchersOpen).toBeUndefined(); // only that table
      await store.setWatchersOpen('t1', true);
      expect((await store.loadTable('t1'))?.table.watchersOpen).toBe(true);
      await store.setWatchersOpen('nope', false); // no such table: nothing happens
      expect(await store.tableExists('nope')).toBe(false);
      await store.createTable({ ...table('t3'), watchersOpen: false });
      expect((await store.loadTable('t3'))?.table.watchersOpen).toBe(false);
    });

    test('lobbies: saved, replaced, listed oldest change first, deleted', async () => {
      expect(await store.loadLobby('K7P2QX')).toBeNull();
      const rules = { ...DEFAULT_RULES, targetScore: 50 };
      const lobby = {
        id: 'K7P2QX',
        hostId: 'u1',
        members: [{ userId: 'u1', name: 'Anna' }],
        rules,
        botLevel: 'hard' as const,
        updatedAt: 5000,
      };
      await store.saveLobby(lobby);
      await store.saveLobby({ ...lobby, id: 'ABCDEF', updatedAt: 4000 });
      expect(await store.openLobbies()).toEqual(['ABCDEF', 'K7P2QX']);
      const more = { ...lobby, members: [...lobby.members, { userId: 'u2', name: 'Ben' }], updatedAt: 6000 };
      await store.saveLobby(more);
      expect(await store.loadLobby('K7P2QX')).toEqual(more);
      await store.saveLobby({ ...lobby, id: 'ABCDEF', hostId: null, members: [], updatedAt: 7000 });
      expect(await store.openLobbies()).toEqual(['K7P2QX', 'ABCDEF']);
      expect((await store.loadLobby('ABCDEF'))?.hostId).toBeNull();
      await store.deleteLobby('K7P2QX');
      await store.deleteLobby('nope');
      expect(await store.loadLobby('K7P2QX')).toBeNull();
      expect(await store.openLobbies()).toEqual(['ABCDEF']);
    });

    test('events: a repeated sequence number or move id is refused, and the batch is all or none', async () => {
      await store.createTable(table('t1'));
      await store.createTable(table('t2'));
      await store.appendEvents([move('t1', 0, 0, 'a')]);
      await expect(store.appendEvents([move('t1', 0, 1, 'x')])).rejects.toThrow();
      await expect(store.appendEvents([move('t1', 1, 0, 'a')])).rejects.toThrow();
      await expect(store.appendEvents([move('t1', 1, 2, 'c'), move('t1', 2, 0, 'a')])).rejects.toThrow();
      expect((await store.loadTable('t1'))?.events.map((e) => e.seq)).toEqual([0]);
      // The same id is fine for another seat, another table, and moves without an id never clash.
      await store.appendEvents([move('t1', 1, 1, 'a'), move('t2', 0, 0, 'a')]);
      await store.appendEvents([move('t1', 2, 2, null), move('t1', 3, 2, null)]);
      expect((await store.loadTable('t1'))?.events.length).toBe(4);
    });

    test('events written at once (appendEventsNow, where the store has it): as appendEvents, all or none', async () => {
      await store.createTable(table('t1'));
      await store.createTable(table('t2'));
      const now = store.appendEventsNow;
      if (!now) return; // this store always appends asynchronously (PostgreSQL)
      expect(now([])).toBe(true);
      expect(now([move('t1', 0, 0, 'a'), move('t2', 0, 1, 'a')])).toBe(true);
      expect(() => now([move('t1', 1, 2, 'c'), move('t1', 2, 0, 'a')])).toThrow(); // move id repeated
      expect(() => now([move('t1', 0, 3, 'd')])).toThrow(); // sequence number repeated
      expect((await store.loadTable('t1'))?.events).toEqual([move('t1', 0, 0, 'a')]);
      expect(now([move('t1', 1, 2, 'c')])).toBe(true);
      await store.appendEvents([move('t1', 2, 3, 'e')]);
      expect((await store.loadTable('t1'))?.events.map((e) => e.event)).toEqual(
        [move('t1', 0, 0, 'a'), move('t1', 1, 2, 'c'), move('t1', 2, 3, 'e')].map((e) => e.event),
      );
      // More rows than one statement takes: left to appendEvents.
      expect(now(Array.from({ length: 150 }, (_, i) => move('t2', 1 + i, i % 4, `m${i}`)))).toBe(false);
      expect((await store.loadTable('t2'))?.events.length).toBe(1);
    });

    test('events: a large batch is stored whole', async () => {
      await store.createTable(table('t1'));
      const rows = Array.from({ length: 250 }, (_, i) => move('t1', i, i % 4, `m${i}`));
      await store.appendEvents(rows);
      expect((await store.loadTable('t1'))?.events.length).toBe(250);
      const bad = Array.from({ length: 150 }, (_, i) => move('t1', 250 + i, 0, i === 149 ? 'm0' : `n${i}`));
      await expect(store.appendEvents(bad)).rejects.toThrow();
      expect((await store.loadTable('t1'))?.events.length).toBe(250);
    });

    test('unfinished tables, oldest first; finishing a game stores results, record and ratings', async () => {
      for (const u of [user('u1', 'Anna'), user('u2', 'Ben'), user('u3', 'Cleo')]) await store.createUser(u);
      await store.createTable(table('t2', 3000, true));
      await store.createTable(table('t1', 2000, true));
      await store.createTable(table('t3', 4000));
      expect(await store.unfinishedTables()).toEqual(['t1', 't2', 't3']);
      const game = newGame();
      if (!game.ok) throw new Error(game.error.message);
      const record = makeRecord(game.value, ['Anna', 'Ben', 'Bot', 'Cleo']);
      const g: FinishedGame = {
        tableId: 't2',
        finishedAt: 9000,
        record,
        players: [
          {
            seat: 0,
            userId: 'u1',
            name: 'Anna',
            botLevel: null,
            replaced: false,
            score: 20,
            rank: 1,
            ratingBefore: 1500,
            ratingAfter: 1516,
          },
          {
            seat: 1,
            userId: 'u2',
            name: 'Ben',
            botLevel: 'medium',
            replaced: true,
            score: 60,
            rank: 4,
            ratingBefore: 1490,
            ratingAfter: 1470,
          },
          {
            seat: 2,
            userId: null,
            name: 'Bot',
            botLevel: 'medium',
            replaced: false,
            score: 30,
            rank: 2,
            ratingBefore: 1500,
            ratingAfter: 1502,
          },
          {
            seat: 3,
            userId: 'u3',
            name: 'Cleo',
            botLevel: null,
            replaced: false,
            score: 40,
            rank: 3,
            ratingBefore: 1510,
            ratingAfter: 1512,
          },
        ],
        userRatings: [
          { userId: 'u1', rating: 1516 },
          { userId: 'u2', rating: 1470 },
          { userId: 'u3', rating: 1512 },
        ],
        botRatings: [{ level: 'medium', rating: 1502 }],
      };
      await store.finishGame(g);
      expect(await store.unfinishedTables()).toEqual(['t1', 't3']);
      expect((await store.loadTable('t2'))?.table.status).toBe('finished');
      const anna = await store.userById('u1');
      expect(anna).toMatchObject({ rating: 1516, games: 1, lastPlayedAt: 9000 });
      expect((await store.botRatings()).get('medium')).toBe(1502);
      await store.finishGame({
        ...g,
        tableId: 't1',
        finishedAt: 9500,
        botRatings: [{ level: 'medium', rating: 1490 }],
      });
      expect((await store.botRatings()).get('medium')).toBe(1490);
      expect((await store.userById('u1'))?.games).toBe(2);

      const history = await store.history('u2', 10);
      expect(history.map((h) => h.tableId)).toEqual(['t1', 't2']);
      expect(history[1]).toEqual({
        tableId: 't2',
        kind: 'quick',
        rated: true,
        finishedAt: 9000,
        seat: 1,
        players: g.players,
      });
      expect(await store.history('u2', 1)).toHaveLength(1);
      expect(await store.history('nobody', 10)).toEqual([]);

      expect(await store.gameRecord('t2')).toEqual({ record, userIds: ['u1', 'u2', null, 'u3'] });
      expect(await store.gameRecord('t3')).toBeNull(); // not finished
      expect(await store.gameRecord('zz')).toBeNull();

      // The puzzle build's reading: finished records only, by table id, paged.
      const all = await store.finishedRecords(null, 100);
      expect(all).toEqual([
        { tableId: 't1', record },
        { tableId: 't2', record },
      ]); // t3 is not finished
      expect(await store.finishedRecords('t1', 100)).toEqual([{ tableId: 't2', record }]);
      expect(await store.finishedRecords(null, 1)).toEqual([{ tableId: 't1', record }]);
    });

    test('50 concurrent solo claims of one player pay exactly the daily cap', async () => {
      const db = store.progress;
      const now = Date.UTC(2026, 5, 1, 12);
      const wins = soloWins(50, 10_000);
      const outcomes = await Promise.allSettled(
        wins.map((w) => claimSoloWin(db, 'u1', w.record, w.seat, now)),
      );
      const paid = outcomes.filter((o) => o.status === 'fulfilled').length;
      const refusals = outcomes.flatMap((o) =>
        o.status === 'rejected'
          ? [o.reason instanceof SoloClaimRefused ? o.reason.code : String(o.reason)]
          : [],
      );
      expect(paid).toBe(DAILY_CAPS.solo);
      expect(refusals).toEqual(new Array(50 - DAILY_CAPS.solo).fill('ERR_DAILY_CAP'));
      expect(await balance(db, 'u1')).toBe(DAILY_CAPS.solo * PRIZES.solo);
      expect(await winsToday(db, 'u1', 'solo', now)).toBe(DAILY_CAPS.solo);
      // The next UTC day has a cap of its own.
      const tomorrow = soloWins(1, 20_000)[0]!;
      await claimSoloWin(db, 'u1', tomorrow.record, tomorrow.seat, now + 86_400_000);
      expect(await balance(db, 'u1')).toBe((DAILY_CAPS.solo + 1) * PRIZES.solo);
    }, 60_000);

    test('one account paid by every kind of game all day, concurrently: at most 360,000 chips (fairness/policy.ts)', async () => {
      const db = store.progress;
      const now = Date.UTC(2026, 5, 2, 12);
      const people = [
        { human: true, left: false },
        { human: true, left: false },
        { human: false, left: false },
        { human: true, left: true },
      ];
      const alone = [people[0]!, { human: false, left: false }, { human: false, left: false }];
      const scores = [10, 40, 60, 0];
      // 30 wins of every live kind (people and practice tables), a podium of 30 arenas, 30 solo wins.
      const prizes: Prize[] = [];
      for (const kind of GAME_KINDS)
        for (const seats of [people, alone])
          for (let i = 0; i < 30; i++) {
            const v = gameVerdict({
              kind,
              askedRated: true,
              seats,
              scores: scores.slice(0, seats.length),
              hands: 8,
            });
            if (v.paid[0]) prizes.push(v.prize!);
          }
      const first = podium(
        'arena',
        [{ userId: 'u1', rank: 1 }],
        [
          ['u1', 'a', 'b', 'c'],
          ['u1', 'd', 'e', 'f'],
          ['u1', 'g', 'h', 'i'],
        ].map((seats, i) => ({
          id: `g${i}`,
          startedAt: i,
          finishedAt: i + 1,
          seats: seats.map((u, k) => ({ userId: u, name: u, place: k + 1 })),
        })),
      );
      expect(first).toHaveLength(1);
      for (let i = 0; i < 30; i++) prizes.push(first[0]!.prize);
      const paid = await Promise.all(
        prizes.map((prize, i) =>
          db.transaction((tx) =>
            payUnderCap(tx, { id: `fair:${i}`, userId: 'u1', ref: `g${i}`, at: now }, prize),
          ),
        ),
      );
      const solo = await Promise.allSettled(
        soloWins(30, 60_000).map((w) => claimSoloWin(db, 'u1', w.record, w.seat, now)),
      );
      const soloPaid = solo.filter((o) => o.status === 'fulfilled').length * PRIZES.solo;
      const total = paid.reduce((a, b) => a + b, 0) + soloPaid;
      expect(await balance(db, 'u1')).toBe(total);
      expect(total).toBeLessThanOrEqual(MAX_CHIPS_A_DAY);
      expect(MAX_CHIPS_A_DAY).toBe(360_000);
      expect(await winsToday(db, 'u1', 'live', now)).toBe(DAILY_CAPS.live);
      expect(await winsToday(db, 'u1', 'practice', now)).toBe(DAILY_CAPS.practice);
      expect(await winsToday(db, 'u1', 'solo', now)).toBe(DAILY_CAPS.solo);
    }, 60_000);

    test('concurrent first claims of new wallets all succeed, and one game is paid once', async () => {
      const db = store.progress;
      const wins = soloWins(12, 30_000);
      const users = wins.map((_, i) => `new${i}`);
      const outcomes = await Promise.allSettled(
        wins.map((w, i) => claimSoloWin(db, users[i]!, w.record, w.seat)),
      );
      expect(
        outcomes
          .filter((o) => o.status === 'rejected')
          .map((o) => String((o as PromiseRejectedResult).reason)),
      ).toEqual([]);
      for (const u of users) expect(await balance(db, u)).toBe(PRIZES.solo);
      // Two wins of one new player at once: both paid into one wallet.
      const two = soloWins(2, 40_000);
      await Promise.all(two.map((w) => claimSoloWin(db, 'fresh', w.record, w.seat)));
      expect(await balance(db, 'fresh')).toBe(2 * PRIZES.solo);
      // The same game claimed by several players at once: paid once.
      const same = soloWins(1, 50_000)[0]!;
      const race = await Promise.allSettled(
        ['r1', 'r2', 'r3', 'r4'].map((u) => claimSoloWin(db, u, same.record, same.seat)),
      );
      expect(race.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      for (const o of race)
        if (o.status === 'rejected') expect((o.reason as SoloClaimRefused).code).toBe('ERR_ALREADY_CLAIMED');
    }, 60_000);

    test('progress: ratings are inserted once, moved on only from the games read, and read back', async () => {
      const p = store.progress;
      const first = {
        subject: 'u:a',
        userId: 'a',
        botLevel: null,
        mu: 25,
        sigma: 8,
        games: 1,
        lastPlayedAt: 100,
      };
      await p.transaction((tx) => tx.insertRating(first));
      await expect(p.transaction((tx) => tx.insertRating(first))).rejects.toThrow();
      await p.transaction((tx) =>
        tx.insertRating({ ...first, subject: 'b:easy', userId: null, botLevel: 'easy', games: 1 }),
      );
      const moved = { subject: 'u:a', mu: 26, sigma: 7.5, games: 2, lastPlayedAt: 200 };
      expect(await p.transaction((tx) => tx.updateRating(moved, 1))).toBe(true);
      // Another game moved it first: the stale update changes nothing.
      expect(await p.transaction((tx) => tx.updateRating({ ...moved, mu: 99, games: 2 }, 1))).toBe(false);
      expect(await p.skills(['u:a', 'u:a', 'u:nobody'])).toEqual([moved]);
      expect(await p.skills([])).toEqual([]);
      expect((await p.establishedSubjects(2)).sort()).toEqual(['b:easy', 'u:a']);
      expect(await p.establishedSubjects(3)).toEqual(['b:easy']);
      const point = (gameId: string, at: number, before: number) => ({
        subject: 'u:a',
        gameId,
        at,
        mu: 25,
        sigma: 8,
        ratingBefore: before,
        ratingAfter: before + 10,
        place: 1,
      });
      await p.transaction(async (tx) => {
        await tx.addRatingHistory(point('g2', 2000, 1510));
        await tx.addRatingHistory(point('g1', 1000, 1500));
        await tx.addRatingHistory(point('g3', 3000, 1520));
      });
      expect((await p.ratingHistory('u:a', 2)).map((r) => r.gameId)).toEqual(['g2', 'g3']); // the newest, oldest first
      expect(await p.ratingHistorySince(2000)).toEqual([point('g2', 2000, 1510), point('g3', 3000, 1520)]);
      await store.createUser(user('a', 'Anna'));
      expect(await p.userNames(['a', 'zz'])).toEqual(new Map([['a', 'Anna']]));
    });

    test('progress: seats of finished games give totals (games, not seats) and recent games', async () => {
      const seat = (gameId: string, s: number, subject: string, place: number, finishedAt: number) => ({
        gameId,
        seat: s,
        subject,
        name: subject,
        kind: 'quick',
        rated: gameId !== 'g2',
        left: s === 3,
        score: 10 * s,
        place,
        hands: 2,
        points: 5,
        moons: 0,
        queens: s === 1 ? 1 : 0,
        finishedAt,
      });
      await store.progress.transaction(async (tx) => {
        await tx.addPlayerGames([
          seat('g1', 0, 'b:easy', 1, 100),
          seat('g1', 1, 'b:easy', 2, 100),
          seat('g1', 2, 'u:a', 3, 100),
          seat('g1', 3, 'u:b', 4, 100),
        ]);
        await tx.addPlayerGames([seat('g2', 0, 'u:a', 1, 200), seat('g2', 1, 'b:easy', 2, 200)]);
        await tx.addPlayerGames([]);
      });
      expect(await store.progress.playerTotals('b:easy')).toEqual({
        games: 2,
        wins: 1,
        ratedGames: 1,
        hands: 6,
        points: 15,
        moons: 0,
        queens: 2,
        left: 0,
      });
      expect((await store.progress.playerTotals('nobody')).games).toBe(0);
      const recent = await store.progress.recentGames('b:easy', 10);
      expect(recent.map((g) => [g.id, g.rated, g.players.length])).toEqual([
        ['g2', false, 2],
        ['g1', true, 4],
      ]);
      expect(recent[0]!.seat).toBe(1);
      expect(recent[1]!.players[3]).toEqual({ name: 'u:b', subject: 'u:b', score: 30, place: 4, left: true });
      expect(await store.progress.recentGames('b:easy', 1)).toHaveLength(1);
    });

    test('progress: a game result is claimed once; a transaction that throws leaves nothing', async () => {
      const result = {
        gameId: 'g1',
        kind: 'quick',
        rated: true,
        userId: null,
        finishedAt: 5,
        result: '{"x":1}',
      };
      await store.progress.transaction((tx) => tx.addGameResult(result));
      expect(await store.progress.gameResult('g1')).toBe('{"x":1}');
      await expect(store.progress.transaction((tx) => tx.addGameResult(result))).rejects.toBeInstanceOf(
        AlreadyApplied,
      );
      await store.createTable(table('t1', 2000, true));
      const failed = store.progress.transaction(async (tx) => {
        await tx.addGameResult({ ...result, gameId: 'g2' });
        await tx.credit({ id: 'win:g2:a', userId: 'a', amount: 100, reason: 'rated-win', ref: 'g2', at: 5 });
        await tx.takeDailyWin('a', 'live', 0, 10);
        await tx.insertRating({
          subject: 'u:a',
          userId: 'a',
          botLevel: null,
          mu: 1,
          sigma: 1,
          games: 1,
          lastPlayedAt: 5,
        });
        await tx.addOwnedItem('a', 'back-lattice', 5);
        const game = newGame();
        if (!game.ok) throw new Error(game.error.message);
        await tx.finishGame({
          tableId: 't1',
          finishedAt: 5,
          players: [
            {
              seat: 0,
              userId: 'a',
              name: 'a',
              botLevel: null,
              replaced: false,
              score: 0,
              rank: 1,
              ratingBefore: null,
              ratingAfter: null,
            },
          ],
          record: makeRecord(game.value, ['a', 'b', 'c', 'd']),
          userRatings: [],
          botRatings: [],
        });
        expect(await tx.balance('a')).toBe(100); // seen inside
        throw new Error('crash before the commit');
      });
      await expect(failed).rejects.toThrow('crash before the commit');
      expect(await store.progress.gameResult('g2')).toBeNull();
      expect(await store.progress.balance('a')).toBe(0);
      expect(await store.progress.ledger('a', 10)).toEqual([]);
      expect(await store.progress.winsOn('a', 'live', 0)).toBe(0);
      expect(await store.progress.skills(['u:a'])).toEqual([]);
      expect(await store.progress.ownedItems('a')).toEqual([]);
      expect(await store.tableStatus('t1')).toEqual({ kind: 'quick', status: 'playing' });
      expect(await store.tableStatus('nope')).toBeNull();
    });

    test('progress: credits upsert the wallet, debits never overdraw, an entry applies once', async () => {
      const p = store.progress;
      const entry = (id: string, amount: number, at: number) => ({
        id,
        userId: 'a',
        amount,
        reason: amount > 0 ? ('rated-win' as const) : ('purchase' as const),
        ref: id,
        at,
      });
      expect(await p.transaction((tx) => tx.credit(entry('w1', 300, 1)))).toBe(true);
      expect(await p.transaction((tx) => tx.credit(entry('w2', 200, 2)))).toBe(true);
      await expect(p.transaction((tx) => tx.credit(entry('w1', 300, 3)))).rejects.toBeInstanceOf(
        AlreadyApplied,
      );
      expect(await p.balance('a')).toBe(500);
      expect(await p.transaction((tx) => tx.credit(entry('b1', -600, 4)))).toBe(false); // short: nothing changes
      expect(await p.transaction((tx) => tx.credit(entry('b2', -500, 5)))).toBe(true);
      expect(await p.balance('a')).toBe(0);
      expect(await p.transaction((tx) => tx.credit({ ...entry('b3', -1, 6), userId: 'nobody' }))).toBe(false);
      await expect(p.transaction((tx) => tx.credit(entry('z', 0, 7)))).rejects.toThrow('bad amount');
      expect((await p.ledger('a', 10)).map((r) => [r.amount, r.reason])).toEqual([
        [-500, 'purchase'],
        [200, 'rated-win'],
        [300, 'rated-win'],
      ]);
      expect(await p.ledger('a', 1)).toHaveLength(1);
    });

    test('progress: concurrent daily wins never pass the cap; concurrent buys never overdraw', async () => {
      const p = store.progress;
      const taken = await Promise.all(
        Array.from({ length: 12 }, () => p.transaction((tx) => tx.takeDailyWin('a', 'live', 86_400_000, 5))),
      );
      expect(taken.filter(Boolean)).toHaveLength(5);
      expect(await p.winsOn('a', 'live', 86_400_000)).toBe(5);
      expect(await p.winsOn('a', 'live', 0)).toBe(0); // another day
      expect(await p.winsOn('a', 'solo', 86_400_000)).toBe(0); // another cap
      // Chips for either item but not both, both bought at once: one purchase, never a negative balance.
      await p.transaction((tx) =>
        tx.credit({ id: 'w', userId: 'a', amount: 60_000, reason: 'rated-win', ref: 'g', at: 1 }),
      );
      const buys = await Promise.allSettled(['back-lattice', 'back-hearts'].map((i) => buy(p, 'a', i, 2)));
      const costs = {
        'back-lattice': cosmetic('back-lattice')!.price,
        'back-hearts': cosmetic('back-hearts')!.price,
      };
      expect(costs['back-lattice'] + costs['back-hearts']).toBeGreaterThan(60_000);
      const bought = buys.flatMap((b, i) =>
        b.status === 'fulfilled' ? [i === 0 ? 'back-lattice' : 'back-hearts'] : [],
      );
      expect(bought).toHaveLength(1);
      for (const b of buys)
        if (b.status === 'rejected') expect((b.reason as ShopRefusal).code).toBe('ERR_NOT_ENOUGH_CHIPS');
      expect(await p.balance('a')).toBe(60_000 - costs[bought[0] as 'back-lattice']);
      expect(await p.ownedItems('a')).toEqual(bought);
      await expect(buy(p, 'a', bought[0], 3)).rejects.toMatchObject({ code: 'ERR_OWNED' });
    });

    test('progress: chosen items per slot, put back to the default with null', async () => {
      const p = store.progress;
      await p.transaction(async (tx) => {
        expect(await tx.ownsItem('a', 'back-lattice')).toBe(false);
        await tx.addOwnedItem('a', 'back-lattice', 1);
        expect(await tx.ownsItem('a', 'back-lattice')).toBe(true);
        await tx.equipItem('a', 'back', 'back-lattice');
        await tx.equipItem('b', 'frame', 'frame-laurel');
      });
      await p.transaction((tx) => tx.equipItem('a', 'back', 'back-lattice')); // again: still one row
      expect(
        (await p.equippedItems(['a', 'b', 'c'])).sort((x, y) => x.userId.localeCompare(y.userId)),
      ).toEqual([
        { userId: 'a', slot: 'back', item: 'back-lattice' },
        { userId: 'b', slot: 'frame', item: 'frame-laurel' },
      ]);
      await p.transaction((tx) => tx.equipItem('a', 'back', null));
      expect(await p.equippedItems(['a'])).toEqual([]);
      expect(await p.equippedItems([])).toEqual([]);
      expect((await lookOfUser(p, 'b')).frame).toBe('frame-laurel');
    });
  });
}
