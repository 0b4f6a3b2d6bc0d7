/**
 * The server is killed (SIGKILL) mid-hand and started again: every unfinished table comes back from the database,
 * the clients reconnect by themselves, resend what was not acknowledged, and the game goes on; no accepted move
 * is lost and none is applied twice. SIGTERM drains: tables stay unfinished in the database and come back too.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { replayRecord } from '@hearts/engine';
import { TableClient } from '@hearts/live';
import type { ErrorMessage, WatchersMessage } from '@hearts/protocol/socket';
import { openSqliteStore } from '../src/store/sqlite.js';
import {
  AutoPlayer,
  api,
  chooseMove,
  connect,
  dealt,
  friendsGame,
  guest,
  mustAct,
  until,
} from './helpers.js';
import { exited, freePort, spawnServer } from './processes.js';

const dir = mkdtempSync(join(tmpdir(), 'hearts-restart-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The embedded default on a database file; the secret stays the same, so tokens outlive a restart. */
const spawnAt = (port: number, database: string) =>
  spawnServer(
    {
      DATABASE: database,
      GRACE_MS: '5000',
      BANK_MS: '10000',
      RECONNECT_MS: '20000',
      BOT_LEVEL: 'easy',
      SECRET: 'a test secret that stays the same',
    },
    port,
  );

test('killed mid-hand and restarted: the game carries on, nothing lost, nothing applied twice', async () => {
  const port = await freePort();
  const database = join(dir, 'kill.sqlite');
  let server = await spawnAt(port, database);
  const { clients, users, code } = await friendsGame(server.url, 4, { targetScore: 40 });
  const players = clients.map((c, i) => new AutoPlayer(c, i + 41));

  // A move that was acknowledged: resending its id is refused as a duplicate, before and after the restart.
  const errors: ErrorMessage[] = [];
  clients[0]!.tap((type, m) => type === 'error' && errors.push(m as ErrorMessage));

  await until(
    'the middle of the second hand',
    () => {
      const v = clients[0]!.state!.view;
      return v.handNumber === 1 && v.phase === 'play' && v.tricks.length >= 4; // between hands: the first hand's
    },
    60_000,
  );
  server.proc.kill('SIGKILL');
  expect(await exited(server.proc)).toBe(null); // killed by the signal
  await until('every client to notice', () => clients.every((c) => c.status !== 'open'), 10_000);
  const before = clients.map((c) => c.state!.v);
  // A decision made while the server is down waits in the client and is sent once it is back.
  let offline = 0;
  // Moves in flight when the server died are unacknowledged too, and resent the same way.
  const inFlight = clients.reduce((n, c) => n + c.unacknowledged, 0);
  const i = clients.findIndex((c, k) => mustAct(c.state) && !players[k]!.busy);
  if (i >= 0) {
    players[i]!.busy = true;
    const sent = clients[i]!.move(chooseMove(clients[i]!.state!, players[i]!.rng));
    expect(clients[i]!.unacknowledged).toBe(1);
    void sent.then(
      () => {
        offline++;
        players[i]!.busy = false;
        players[i]!.poke();
      },
      (e: unknown) => players[i]!.errors.push(String(e)),
    );
  }

  server = await spawnAt(port, database);
  await until(
    'every client back',
    () => clients.every((c) => c.status === 'open' && c.reconnects >= 1),
    20_000,
  );
  clients.forEach((c, i) => expect(c.state!.v).toBeGreaterThanOrEqual(before[i]!));
  for (const p of players) p.poke();
  await until('the game to end', () => clients.every((c) => c.result !== null), 90_000);
  expect(players.flatMap((p) => p.errors)).toEqual([]);
  expect(clients.every((c) => c.unacknowledged === 0)).toBe(true);

  // Every move every client sent was applied exactly once: the stored log replays, and the record agrees.
  const rec = await api(server.url, `/api/games/${code}/record`, { token: users[0]!.token });
  expect(rec.status).toBe(200);
  const replay = replayRecord(rec.body);
  expect(replay.ok && replay.value.finished).toBe(true);
  if (replay.ok) expect(replay.value.scores).toEqual(clients[0]!.result!.scores);
  const total = clients.reduce((n, c) => n + (c.result ? 1 : 0), 0);
  expect(total).toBe(4);

  server.proc.kill('SIGTERM');
  expect(await exited(server.proc)).toBe(0);
  const store = await openSqliteStore(database);
  const loaded = await store.loadTable(code);
  const ids = loaded!.events.flatMap((e) =>
    e.event.type === 'move' && e.event.clientId ? [`${e.event.seat}|${e.event.clientId}`] : [],
  );
  expect(new Set(ids).size).toBe(ids.length);
  expect(ids.length).toBe(players.reduce((n, p) => n + p.moves, 0) + offline);
  expect(offline).toBe(i >= 0 ? 1 : 0);
  expect(inFlight + offline).toBeGreaterThan(0); // something had to be resent
  expect(loaded!.events.map((e) => e.seq)).toEqual(loaded!.events.map((_, i) => i));
  await store.close();
  expect(errors.filter((e) => e.code !== 'ERR_DUPLICATE')).toEqual([]);
  for (const c of clients) await c.leave();
}, 180_000);

test('a resent move id is never applied twice, also after a restart (SIGTERM drains)', async () => {
  const port = await freePort();
  const database = join(dir, 'dedupe.sqlite');
  let server = await spawnAt(port, database);
  const { clients, code } = await friendsGame(server.url, 1, { targetScore: 40, passCards: 0 });
  const c = clients[0]!;
  await until('our turn', () => c.state!.view.turn === c.state!.table.you, 20_000);
  const card = c.state!.view.legal[0]!;
  const v = await c.move({ kind: 'play', card });
  const errors: ErrorMessage[] = [];
  c.tap((type, m) => type === 'error' && errors.push(m as ErrorMessage));
  const id = `${(c as unknown as { prefix: string }).prefix}-1`;
  c.send('move', { id, move: { kind: 'play', card } });
  await until('the refusal', () => errors.length === 1);
  expect(errors[0]).toMatchObject({ code: 'ERR_DUPLICATE', id, v });

  server.proc.kill('SIGTERM');
  expect(await exited(server.proc)).toBe(0);
  expect(server.output()).not.toMatch(/"level":50/); // no errors while draining
  const store = await openSqliteStore(database);
  expect(await store.unfinishedTables()).toEqual([code]); // drained, not finished
  await store.close();

  server = await spawnAt(port, database);
  await until('back', () => c.status === 'open' && c.reconnects === 1, 20_000);
  c.send('move', { id, move: { kind: 'play', card } });
  await until('the refusal after the restart', () => errors.length === 2);
  expect(errors[1]).toMatchObject({ code: 'ERR_DUPLICATE', id, v });
  await c.leave();
  server.proc.kill('SIGTERM');
  expect(await exited(server.proc)).toBe(0);
}, 120_000);

test('a friends’ room that has not started outlives a restart and a kill: members, host and options come back', async () => {
  const port = await freePort();
  const database = join(dir, 'lobby.sqlite');
  let server = await spawnAt(port, database);
  const [anna, ben] = await Promise.all([guest(server.url), guest(server.url)]);
  const host = await TableClient.createFriendsRoom({ url: server.url, token: anna.token, retryMs: 100 });
  const other = await connect(server.url, ben.token, host.roomId);
  host.send('options', { rules: { targetScore: 30 }, botLevel: 'hard' });
  const lobbyBack = () =>
    [host, other].every(
      (c) =>
        c.status === 'open' &&
        c.lobby?.members.length === 2 &&
        c.lobby.members.every((m) => m.connected) &&
        c.lobby.options.botLevel === 'hard' &&
        c.lobby.options.rules.targetScore === 30,
    );
  await until('the options', lobbyBack);

  for (const signal of ['SIGTERM', 'SIGKILL'] as const) {
    const reconnects = host.reconnects;
    server.proc.kill(signal);
    await exited(server.proc);
    server = await spawnAt(port, database);
    await until(`the room after ${signal}`, () => lobbyBack() && host.reconnects > reconnects, 30_000);
    expect(host.lobby!.members.find((m) => m.you)?.host).toBe(true);
  }

  host.send('start', {});
  await until('the deal', () => [host, other].every(dealt));
  expect(host.state!.table.seats.filter((s) => s.bot).every((s) => s.level === 'hard')).toBe(true);
  expect(host.state!.view.rules.targetScore).toBe(30);
  for (const c of [host, other]) await c.leave();
  server.proc.kill('SIGTERM');
  expect(await exited(server.proc)).toBe(0);
  // Started: the room is a table now, and no longer stored as a room.
  const store = await openSqliteStore(database);
  try {
    expect(await store.openLobbies()).toEqual([]);
    expect(await store.tableExists(host.roomId)).toBe(true);
  } finally {
    await store.close();
  }
}, 120_000);

test('a table its host closed to watchers stays closed after a restart, and its host may open it again', async () => {
  const port = await freePort();
  const database = join(dir, 'watchers.sqlite');
  let server = await spawnAt(port, database);
  const { clients, code } = await friendsGame(server.url, 2, { targetScore: 100 });
  const [host, other] = clients as [TableClient, TableClient];
  host.send('watchers', { open: false });
  await until('closed', () => clients.every((c) => c.watchers?.open === false));

  const heard: WatchersMessage[] = [];
  host.tap((type, m) => type === 'watchers' && heard.push(m as WatchersMessage));
  const before = clients.map((c) => c.reconnects);
  server.proc.kill('SIGTERM');
  await exited(server.proc);
  server = await spawnAt(port, database);
  // Both players back (a message sent while reconnecting is not delivered), and the host heard the setting, and
  // that they host.
  await until(
    'both back after the restart',
    () => clients.every((c, i) => c.reconnects > before[i]! && c.status === 'open') && heard.length > 0,
    90_000,
  );
  expect(heard).toEqual([{ open: false, count: 0, host: true }]);
  const fan = await guest(server.url);
  const watcher = new TableClient({ url: server.url, token: fan.token, roomId: code, watch: true });
  await expect(watcher.connect()).rejects.toMatchObject({ code: 4212 }); // closed: no place to watch
  // The host is still the host (stored with the table): only they open it again.
  other.send('watchers', { open: true });
  await until('the refusal', () => other.lastError?.code === 'ERR_NOT_HOST');
  host.send('watchers', { open: true });
  await until('opened', () => clients.every((c) => c.watchers?.open === true));
  const w = new TableClient({ url: server.url, token: fan.token, roomId: code, watch: true, retryMs: 100 });
  await w.connect();
  await until('the watcher’s snapshot', () => w.state !== null, 10_000);
  for (const c of [...clients, w]) await c.leave();
  server.proc.kill('SIGTERM');
  expect(await exited(server.proc)).toBe(0);
}, 120_000);

test('a friends’ room reopened to play again outlives a restart: same code, options and members', async () => {
  const port = await freePort();
  const database = join(dir, 'again.sqlite');
  let server = await spawnAt(port, database);
  const { clients, users, code } = await friendsGame(server.url, 2, { targetScore: 20 });
  const [host, other] = clients as [TableClient, TableClient];
  const players = clients.map((c, i) => new AutoPlayer(c, i + 91));
  for (const p of players) p.poke();
  await until('the end', () => clients.every((c) => c.result !== null), 90_000);
  host.send('again', {});
  await until('the room again', () => host.state === null && host.lobby?.code === code, 60_000);

  const reconnects = host.reconnects;
  server.proc.kill('SIGTERM');
  expect(await exited(server.proc)).toBe(0);
  // Drained: the reopened room is stored with both players, whatever seats the lot gave them in the game.
  const store = await openSqliteStore(database);
  try {
    expect(await store.openLobbies()).toEqual([code]);
    expect((await store.loadLobby(code))?.members.map((m) => m.userId).sort()).toEqual(
      users.map((u) => u.id).sort(),
    );
  } finally {
    await store.close();
  }
  server = await spawnAt(port, database);
  // The client's retries back off while the server is down (a restart on a busy machine takes a while): the
  // bounds are generous; they bound the wait, not the speed.
  await until('back in the room', () => host.reconnects > reconnects && host.status === 'open', 90_000);
  await until('the room’s members', () => host.lobby?.members.length === 2 && other.state === null, 90_000);
  expect(host.lobby!.code).toBe(code);
  expect(host.lobby!.options.rules.targetScore).toBe(20);
  expect(host.lobby!.members.find((m) => m.you)?.host).toBe(true);
  // The other player's connection came back to the room too: after a restart the room is where it leads.
  expect(other.lobby?.code).toBe(code);
  host.send('start', {});
  await until('sent to the next table', () => clients.every((c) => c.next !== null), 60_000);
  for (const c of clients) await c.leave();
  server.proc.kill('SIGTERM');
  expect(await exited(server.proc)).toBe(0);
}, 400_000);
