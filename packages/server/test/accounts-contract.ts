/**
 * The accounts contract ({@link AccountStore}), run by `describeGameStore` on every database: the export holds
 * everything kept under the user (and reads as `hearts-export/2`), other people in it by name and never by their
 * user id; the deletion removes the user's own rows, keeps
 * finished games for the others under the neutral name, changes nothing of another player's ratings or records,
 * and happens once (again, or twice at once: once).
 */
import { expect, test } from 'vitest';
import { DEFAULT_RULES, makeRecord } from '@hearts/engine';
import { DELETED_PLAYER, exportSchema } from '@hearts/protocol/http/privacy';
import type { KyselyStore } from '../src/store/kysely-store.js';
import type { FinishedGame, GameStore, TableRecord, UserRecord } from '../src/store/types.js';
import { randomGame } from './random-game.js';
import { samplePositions } from './training-fixtures.js';

const user = (id: string, name: string): UserRecord => ({
  id,
  name,
  passwordHash: null,
  tokenGeneration: 0,
  rating: 1500,
  games: 0,
  createdAt: 1000,
  lastPlayedAt: null,
});

const NAMES = ['Anna', 'Ben', 'Bot', 'Cleo'];

const table = (id: string, status: TableRecord['status'] = 'playing'): TableRecord => ({
  id,
  kind: 'quick',
  rated: true,
  rules: { ...DEFAULT_RULES, targetScore: 100 },
  seats: [
    { kind: 'human', userId: 'u1', name: 'Anna', rating: 1500 },
    { kind: 'human', userId: 'u2', name: 'Ben', rating: 1490 },
    { kind: 'bot', level: 'medium', name: 'Bot', rating: 1500 },
    { kind: 'human', userId: 'u3', name: 'Cleo', rating: 1510 },
  ],
  botLevel: 'medium',
  status,
  createdAt: 2000,
});

/** Anna (u1, deleted in the tests), Ben (u2) and Cleo (u3) with a finished rated game and something of each kind. */
async function fill(s: GameStore): Promise<void> {
  for (const [id, name] of [
    ['u1', 'Anna'],
    ['u2', 'Ben'],
    ['u3', 'Cleo'],
  ] as const)
    await s.createUser(user(id, name));
  await s.createTable(table('t1'));
  const game: FinishedGame = {
    tableId: 't1',
    finishedAt: 9000,
    players: NAMES.map((name, seat) => ({
      seat,
      userId: seat === 2 ? null : `u${seat === 3 ? 3 : seat + 1}`,
      name,
      botLevel: seat === 2 ? 'medium' : null,
      replaced: false,
      score: 10 * seat,
      rank: seat + 1,
      ratingBefore: 1500,
      ratingAfter: 1500 - seat,
    })),
    record: makeRecord(randomGame({ handsToPlay: 2 }, 7), NAMES),
    userRatings: [
      { userId: 'u1', rating: 1520 },
      { userId: 'u2', rating: 1499 },
      { userId: 'u3', rating: 1497 },
    ],
    botRatings: [],
  };
  await s.finishGame(game);
  await s.progress.transaction(async (tx) => {
    for (const [i, u] of ['u1', 'u2', 'u3'].entries()) {
      const subject = `u:${u}`;
      await tx.insertRating({
        subject,
        userId: u,
        botLevel: null,
        mu: 25 + i,
        sigma: 8,
        games: 1,
        lastPlayedAt: 9000,
      });
      await tx.addRatingHistory({
        subject,
        gameId: 't1',
        at: 9000,
        mu: 25 + i,
        sigma: 8,
        ratingBefore: 1500,
        ratingAfter: 1520 - i,
        place: i + 1,
      });
      await tx.credit({ id: `win:t1:${u}`, userId: u, amount: 50, reason: 'rated-win', ref: 't1', at: 9000 });
    }
    await tx.addPlayerGames(
      NAMES.map((name, seat) => ({
        gameId: 't1',
        seat,
        subject: seat === 2 ? 'b:medium' : `u:u${seat === 3 ? 3 : seat + 1}`,
        name,
        kind: 'quick',
        rated: true,
        left: false,
        score: 10 * seat,
        place: seat + 1,
        hands: 2,
        points: 10 * seat,
        moons: 0,
        queens: 0,
        finishedAt: 9000,
      })),
    );
    await tx.addOwnedItem('u1', 'back-lattice', 9100);
  });
  await s.createTable({ ...table('t2'), createdAt: 9500 }); // still running
  await s.friends.request('u1', 'u2', 9200);
  await s.friends.accept('u2', 'u1', 9201);
  await s.friends.request('u3', 'u2', 9202);
  await s.manners.block('u1', 'u3', 9300);
  await s.manners.block('u3', 'u1', 9301);
  await s.manners.block('u2', 'u3', 9302);
  for (const [userId, name, at] of [
    ['u1', 'Anna', 9400],
    ['u2', 'Ben', 9401],
  ] as const)
    await s.manners.addChat({
      tableId: 't1',
      userId,
      name,
      seat: 0,
      source: 'players',
      text: `hi from ${name}`,
      at,
    });
  const report = { tableId: 't1', seat: 0, reason: 'chat' as const, text: 'rude', at: 9500 };
  await s.manners.addReport({ ...report, id: 'r1', reporterId: 'u1', reportedId: 'u2', seat: 1 });
  await s.manners.addReport({ ...report, id: 'r2', reporterId: 'u3', reportedId: 'u1' });
  await s.manners.addReport({ ...report, id: 'r3', reporterId: 'u3', reportedId: 'u2', seat: 1 });
  await s.manners.addLeave({ userId: 'u1', tableId: 't0', at: 9600, reason: 'left' });
  await s.training.savePositions('u1', samplePositions(2, 'anna'), { positions: 10, bytes: 1e6 });
  await s.training.savePositions('u2', samplePositions(1, 'ben'), { positions: 10, bytes: 1e6 });
  const shared = (id: string, userId: string, seat: number) => ({
    id,
    userId,
    source: 'game' as const,
    tableId: 't1',
    seat,
    record: game.record,
    createdAt: 9950,
  });
  await s.shares.create(shared('sA', 'u1', 0), 'digest-anna');
  await s.shares.create(shared('sB', 'u2', 1), 'digest-ben');
  const db = (s as KyselyStore).db;
  await db
    .insertInto('daily_attempts')
    .values({
      date: '2026-12-01',
      user_id: 'u1',
      name: 'Anna',
      table_id: 'd1',
      started_at: 9700,
      status: 'finished',
      points: '[3,0]',
      total: 3,
      left_early: 0,
      finished_at: 9800,
    })
    .execute();
  await db
    .insertInto('puzzle_players')
    .values({
      user_id: 'u1',
      rating: 1600,
      rd: 80,
      vol: 0.06,
      attempts: 3,
      solved: 2,
      streak_best: 2,
      storm_best: 0,
      updated_at: 9900,
    })
    .execute();
}

export function describeAccountStore(store: () => GameStore): void {
  test('accounts: the export holds what is kept under the user, as hearts-export/2; no user, no export', async () => {
    const s = store();
    await fill(s);
    const file = await s.accounts.exportData('u1', 10_000);
    expect(exportSchema.safeParse(file).success).toBe(true);
    expect(file).toMatchObject({
      format: 'hearts-export/2',
      exportedAt: 10_000,
      account: { id: 'u1', name: 'Anna', claimed: false, rating: 1520, ratedGames: 1 },
      ratingHistory: [{ gameId: 't1', at: 9000, ratingBefore: 1500, ratingAfter: 1520, place: 1 }],
      chips: { balance: 50, ledger: [{ amount: 50, reason: 'rated-win', ref: 't1', at: 9000 }] },
      purchases: [{ item: 'back-lattice', at: 9100 }],
      friends: [{ name: 'Ben', status: 'friend', since: 9201 }],
      blocks: [{ name: 'Cleo', since: 9300 }],
      chat: [{ tableId: 't1', text: 'hi from Anna', at: 9400 }],
      reports: [{ id: 'r1', reported: 'Ben', tableId: 't1', seat: 1 }],
      daily: [{ date: '2026-12-01', tableId: 'd1', points: [3, 0], total: 3 }],
      leaves: [{ tableId: 't0', reason: 'left', at: 9600 }],
      puzzles: { player: { rating: 1600, attempts: 3, solved: 2 }, attempts: [], runs: [] },
    });
    expect(file!.games).toHaveLength(1);
    expect(file!.games[0]).toMatchObject({ id: 't1', seat: 0, place: 1, rated: true });
    expect(file!.games[0]!.record?.players).toEqual(NAMES);
    expect(file!.training.positions).toHaveLength(2);
    expect(file!.shares.map((x) => ({ id: x.id, seat: x.seat, tableId: x.tableId }))).toEqual([
      { id: 'sA', seat: 0, tableId: 't1' },
    ]);
    expect(await s.accounts.exportData('nobody', 10_000)).toBeNull();
  });

  test('accounts: the export names other people as the app shows them, never by their user id', async () => {
    const s = store();
    await fill(s);
    await s.renameUser('u2', 'Benno'); // by their name now, as the friends' and the blocked list show them
    const ids = ['u1', 'u2', 'u3'];
    for (const id of ids) {
      const file = await s.accounts.exportData(id, 10_000);
      const text = JSON.stringify(file);
      expect(text).toContain(`"id":"${id}"`); // their own id, in `account`
      for (const other of ids.filter((x) => x !== id)) expect(text).not.toContain(`"${other}"`);
    }
    // Cleo asked Benno, blocked Anna and reported both: each by name.
    const cleo = await s.accounts.exportData('u3', 10_000);
    expect(cleo!.friends).toEqual([{ name: 'Benno', status: 'outgoing', since: 9202 }]);
    expect(cleo!.blocks).toEqual([{ name: 'Anna', since: 9301 }]);
    expect(cleo!.reports.map((r) => [r.id, r.reported, r.seat])).toEqual([
      ['r2', 'Anna', 0],
      ['r3', 'Benno', 1],
    ]);
    const benno = await s.accounts.exportData('u2', 10_000);
    expect(benno!.friends).toEqual([
      { name: 'Anna', status: 'friend', since: 9201 },
      { name: 'Cleo', status: 'incoming', since: 9202 },
    ]);
  });

  test('accounts: a deletion removes the user and theirs; finished games stay under the neutral name', async () => {
    const s = store();
    await fill(s);
    const ben = await s.accounts.exportData('u2', 10_000);
    const cleo = await s.accounts.exportData('u3', 10_000);
    const benSkill = await s.progress.skills(['u:u2', 'u:u3']);

    const done = await s.accounts.deleteUser('u1', 11_000);
    expect(done).toEqual({ games: 1, openTables: ['t2'] });
    expect(await s.userById('u1')).toBeNull();
    expect(await s.userByName('anna')).toBeNull();
    expect(await s.accounts.exportData('u1', 12_000)).toBeNull();
    expect([...(await s.accounts.deletedOf(['u1', 'u2']))]).toEqual(['u1']);
    await s.createUser(user('u9', 'Anna')); // the name is free again

    // Their own rows: gone.
    expect(await s.progress.skills(['u:u1'])).toEqual([]);
    expect(await s.progress.ratingHistory('u:u1', 10)).toEqual([]);
    expect(await s.progress.ledger('u1', 10)).toEqual([]);
    expect(await s.progress.ownedItems('u1')).toEqual([]);
    expect(await s.training.positions('u1')).toEqual([]);
    expect(await s.daily.userAttempts('u1', 10)).toEqual([]);
    expect(await s.manners.leavesSince('u1', 0, 10)).toEqual([]);
    expect(await s.manners.blocked('u3')).toEqual([]); // Cleo's block of Anna is moot
    expect((await s.manners.chat('t1', 10)).map((l) => l.userId)).toEqual(['u2']);
    expect((await s.manners.reports('open', 10)).map((r) => r.id)).toEqual(['r3']);
    expect((await s.friends.links('u2')).map((l) => l.userId)).toEqual(['u3']);

    // The game stays, its seat under the neutral name: history, record, player pages.
    const history = await s.history('u2', 10);
    expect(history[0]!.players.map((p) => p.name)).toEqual([DELETED_PLAYER, 'Ben', 'Bot', 'Cleo']);
    expect(history[0]!.players[0]!.userId).toBeNull();
    const record = await s.gameRecord('t1');
    expect(record?.record.players).toEqual([DELETED_PLAYER, 'Ben', 'Bot', 'Cleo']);
    expect(record?.userIds).toEqual([null, 'u2', null, 'u3']);
    const recent = await s.progress.recentGames('u:u2', 10);
    expect(recent[0]!.players.map((p) => p.name)).toEqual([DELETED_PLAYER, 'Ben', 'Bot', 'Cleo']);
    expect(recent[0]!.players[0]!.subject).not.toContain('u1');
    expect(await s.shares.get('sA')).toBeNull(); // hers: gone
    expect((await s.shares.get('sB'))?.record.players).toEqual([DELETED_PLAYER, 'Ben', 'Bot', 'Cleo']);
    const running = await s.loadTable('t2'); // a table still running: restored, the seat reads neutral
    expect(running?.table.seats.map((x) => x.name)).toEqual([DELETED_PLAYER, 'Ben', 'Bot', 'Cleo']);
    expect(running?.table.seats[0]).toMatchObject({ kind: 'human', userId: 'u1' });
    const loaded = await s.loadTable('t1');
    expect(JSON.stringify(loaded?.table.seats)).not.toContain('Anna');

    // Nothing of another player changed: ratings, their history, chips, training, records.
    expect(await s.progress.skills(['u:u2', 'u:u3'])).toEqual(benSkill);
    const benAfter = await s.accounts.exportData('u2', 10_000);
    const cleoAfter = await s.accounts.exportData('u3', 10_000);
    const neutral = (f: typeof ben) => ({
      ...f,
      games: f!.games.map((g) => ({ ...g, record: { ...g.record, players: NAMES } })),
      friends: f!.friends.filter((x) => x.name !== 'Anna'),
      blocks: f!.blocks.filter((x) => x.name !== 'Anna'),
      reports: f!.reports.filter((x) => x.reported !== 'Anna'),
      shares: f!.shares.map((x) => ({ ...x, record: { ...x.record, players: NAMES } })),
    });
    expect(neutral(benAfter)).toEqual(neutral(ben));
    expect(neutral(cleoAfter)).toEqual(neutral(cleo));
    expect(benAfter!.ratingHistory).toEqual(ben!.ratingHistory);
    expect(cleoAfter!.chips).toEqual(cleo!.chips);
  });

  test('accounts: deleting again, or twice at once, deletes once', async () => {
    const s = store();
    await fill(s);
    const both = await Promise.all([
      s.accounts.deleteUser('u1', 11_000),
      s.accounts.deleteUser('u1', 11_001),
    ]);
    expect(both.filter((d) => d !== null)).toHaveLength(1);
    expect(await s.accounts.deleteUser('u1', 12_000)).toBeNull();
    expect(await s.userById('u2')).not.toBeNull();
  });
}
