/**
 * A game's result — ratings, their history, the players' records, chips — is applied exactly once, even when the
 * server dies while the game ends. Two windows: before the finishing transaction commits (simulated: a query of its
 * last step fails, then the server stops, as a crash would leave it) and after it (the process is killed with
 * SIGKILL once the players have their result). Either way, after restarts there is one result, never two.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  SqliteDialect,
  sql,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';
import { afterAll, expect, test } from 'vitest';
import { quickMatch } from '@hearts/live';
import type { StoredSeat } from '@hearts/table';
import type { ResultMessage } from '@hearts/protocol/socket';
import { MIN_PRIZE_HANDS, PRIZES } from '../src/fairness/policy.js';
import { finishLiveGame } from '../src/rating/finish.js';
import type { Database } from '../src/store/schema.js';
import { KyselyStore } from '../src/store/kysely-store.js';
import { openSqliteStore } from '../src/store/sqlite.js';
import { Table } from '../src/table.js';
import { AutoPlayer, connect, guest, startTestServer, until } from './helpers.js';
import { exited, freePort, spawnServer } from './processes.js';

const dir = mkdtempSync(join(tmpdir(), 'hearts-once-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Fails every update of the `tables` table — the last step of finishing a game — while armed. */
class FailFinish implements KyselyPlugin {
  armed = true;
  failures = 0;
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const n = args.node as {
      kind: string;
      table?: { kind: string; table?: { identifier: { name: string } } };
    };
    if (this.armed && n.kind === 'UpdateQueryNode' && n.table?.table?.identifier.name === 'tables') {
      this.failures++;
      throw new Error('simulated crash while the game ends');
    }
    return args.node;
  }
  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(args.result);
  }
}

async function storeWith(path: string, plugin: KyselyPlugin): Promise<KyselyStore> {
  const sqlite = new SQLite(path);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('busy_timeout = 5000');
  const store = new KyselyStore(
    new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }), plugins: [plugin] }),
  );
  await store.migrate();
  return store;
}

/** Every trace a finished game leaves, counted. */
async function traces(store: KyselyStore, tableId: string) {
  const db = store.db;
  const count = async (
    table: 'game_results' | 'rating_history' | 'player_games' | 'table_players',
    col: string,
  ) =>
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where(sql.ref(col), '=', tableId)
        .executeTakeFirstOrThrow()
    ).n;
  const ledger = await db.selectFrom('chip_ledger').selectAll().where('ref', '=', tableId).execute();
  const wallets = await db.selectFrom('wallets').selectAll().execute();
  const ratings = await db
    .selectFrom('ratings')
    .select(['subject', 'games', 'mu'])
    .orderBy('subject')
    .execute();
  const table = await db
    .selectFrom('tables')
    .select(['status', 'seats', 'record'])
    .where('id', '=', tableId)
    .executeTakeFirst();
  return {
    results: Number(await count('game_results', 'game_id')),
    history: Number(await count('rating_history', 'game_id')),
    records: Number(await count('player_games', 'game_id')),
    players: Number(await count('table_players', 'table_id')),
    ledger: ledger.map((e) => ({ id: e.id, amount: Number(e.amount) })),
    wallets: wallets.map((w) => ({ user: w.user_id, balance: Number(w.balance) })),
    ratings: ratings.map((r) => ({ subject: r.subject, games: Number(r.games), mu: Number(r.mu) })),
    status: table?.status,
    // What the prize depends on: people dealt in and hands played (a game to 50 can end after two hands).
    humansAtDeal: table
      ? (JSON.parse(table.seats) as StoredSeat[]).filter((x) => x.kind === 'human').length
      : 0,
    hands: table?.record ? (JSON.parse(table.record) as { hands: unknown[] }).hands.length : 0,
  };
}

test('a crash before the finishing transaction commits leaves nothing; after the restart the result is applied once', async () => {
  const sub = mkdtempSync(join(dir, 'crash-'));
  const path = join(sub, 'hearts.sqlite');
  const fail = new FailFinish();
  const a = await startTestServer(
    { quickWaitMs: 200, botTimeMs: 20 },
    { store: await storeWith(path, fail) },
    sub,
  );
  const me = await guest(a.url);
  const roomId = await quickMatch({ url: a.url, token: me.token, rated: true, targetScore: 50 }).roomId;
  const client = await connect(a.url, me.token, roomId);
  const player = new AutoPlayer(client, 5);
  await until('the game to end and its finishing to fail', () => fail.failures >= 1, 120_000);
  expect(client.result).toBe(null);
  player.stop();
  client.vanish();
  // Everything written inside the failed transaction is gone: nothing is half applied.
  const during = await traces(a.server.services.store as KyselyStore, roomId);
  expect(during).toMatchObject({
    results: 0,
    history: 0,
    records: 0,
    players: 0,
    ledger: [],
    wallets: [],
    ratings: [],
  });
  expect(during.status).toBe('playing');
  await a.server.close(); // the process ends here, as a crash would end it

  // The next process restores the unfinished table and finishes it: once.
  const b = await startTestServer({ botTimeMs: 20 }, {}, sub);
  expect(b.server.restored).toBe(1);
  const store = b.server.services.store as KyselyStore;
  let once = await traces(store, roomId);
  for (const end = Date.now() + 30_000; once.results === 0 && Date.now() < end;) {
    await new Promise((r) => setTimeout(r, 50));
    once = await traces(store, roomId);
  }
  expect(once).toMatchObject({ results: 1, history: 2, records: 4, players: 4, status: 'finished' });
  // The player and the bots' level (three seats, one rated player): one rated game each.
  expect(once.ratings.map((r) => r.games)).toEqual([1, 1]);
  expect(once.ratings.map((r) => r.subject)).toContain(`u:${me.id}`);
  expect(once.ratings.filter((r) => r.subject.startsWith('b:'))).toHaveLength(1);
  expect(once.ledger.length).toBeLessThanOrEqual(1);
  expect(once.wallets.reduce((n, w) => n + w.balance, 0)).toBe(once.ledger.reduce((n, e) => n + e.amount, 0));

  // Finishing the same game again (another attempt after a restart) only reads the stored result.
  const stored = await store.db
    .selectFrom('game_results')
    .select('result')
    .where('game_id', '=', roomId)
    .executeTakeFirstOrThrow();
  const loaded = (await store.loadTable(roomId))!;
  const noop = () => undefined;
  const table = Table.restore(loaded.table, loaded.events, {
    append: () => Promise.resolve(),
    bots: { decide: () => Promise.reject(new Error('no bots here')) },
    times: { graceMs: 1, bankMs: 1, botDelayMs: 0, handPauseMs: 0, botTimeMs: 1, clockLevel: 'random' },
    out: {
      game: noop,
      clock: noop,
      seats: noop,
      result: noop,
      botFailed: noop,
      seatLost: noop,
      problem: noop,
    },
    finish: () => Promise.reject(new Error('not here')),
  });
  const again: ResultMessage = await finishLiveGame(store, table);
  expect(again).toEqual(JSON.parse(stored.result));
  expect(await traces(store, roomId)).toEqual(once);
  await b.server.close();

  // And a third process finds nothing to restore and changes nothing.
  const c = await startTestServer({}, {}, sub);
  expect(c.server.restored).toBe(0);
  expect(await traces(c.server.services.store as KyselyStore, roomId)).toEqual(once);
  await c.server.close();
}, 180_000);

/** The embedded default on a database file; the secret stays the same, so tokens outlive a restart. */
const spawnAt = (port: number, database: string) =>
  spawnServer(
    {
      DATABASE: database,
      QUICK_MATCH_WAIT_MS: '5000', // the two players' requests both arrive before it ends, however busy the machine
      BOT_TIME_MS: '20',
      SECRET: 'a test secret that stays the same',
    },
    port,
  );

test('killed (SIGKILL) as the players get their result: after the restart nothing is applied again', async () => {
  const port = await freePort();
  const database = join(dir, 'kill.sqlite');
  let server = await spawnAt(port, database);
  const [x, y] = await Promise.all([guest(server.url), guest(server.url)]);
  const ids = await Promise.all(
    [x, y].map((u) => quickMatch({ url: server.url, token: u.token, rated: true, targetScore: 50 }).roomId),
  );
  expect(ids[0]).toBe(ids[1]);
  const clients = await Promise.all([x, y].map((u, i) => connect(server.url, u.token, ids[i]!)));
  const players = clients.map((c, i) => new AutoPlayer(c, 60 + i));
  await until('the result', () => clients.some((c) => c.result !== null), 120_000);
  expect(players.flatMap((p) => p.errors)).toEqual([]);
  server.proc.kill('SIGKILL');
  await exited(server.proc);
  for (const p of players) p.stop();
  for (const c of clients) c.vanish();

  const read = async () => {
    const store = await openSqliteStore(database);
    const t = await traces(store, ids[0]!);
    const unfinished = await store.unfinishedTables();
    await store.close();
    return { t, unfinished };
  };
  const first = await read();
  expect(first.unfinished).toEqual([]);
  expect(first.t).toMatchObject({ results: 1, records: 4, players: 4, status: 'finished' });
  // The chips paid are those the players were told, and those the prize rule gives the winning people (bots win
  // most of these games, and a game to 50 may end before it pays anything: then the ledger is rightly empty).
  const result = clients.find((c) => c.result)!.result!;
  const seatsOf = clients.map((c) => c.state!.table.you);
  expect(first.t.humansAtDeal).toBe(2); // a rated win of two people pays the rated prize, if long enough
  const prize = first.t.hands >= MIN_PRIZE_HANDS ? { amount: PRIZES.rated } : null;
  expect(first.t.hands).toBeGreaterThanOrEqual(2); // 26 points a hand at most, so 50 takes two
  const winners = seatsOf.filter((seat) => result.ranks[seat] === 1);
  const paid = first.t.ledger.map((e) => e.amount);
  expect(paid).toEqual(prize ? winners.map(() => prize.amount) : []);
  expect(paid).toEqual(seatsOf.map((seat) => result.chips?.[seat] ?? 0).filter((n) => n > 0));

  server = await spawnAt(port, database);
  await new Promise((r) => setTimeout(r, 500));
  server.proc.kill('SIGTERM');
  await exited(server.proc);
  expect((await read()).t).toEqual(first.t);
}, 180_000);
