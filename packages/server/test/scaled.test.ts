/**
 * Scaled mode for real: two `hearts-server` processes on this machine's PostgreSQL and Redis, behind one address
 * (nginx with the shipped deploy/nginx/hearts.conf, as docs/scaling.md runs it). Friends' tables and a quick match form across both processes; one process is
 * killed (SIGKILL) mid-hand; its tables come back on the other within 15 s, the clients reconnect by themselves
 * and play on; every game completes, its stored log replays to the scores the players saw, no accepted move is
 * lost or applied twice, and the no-leak recorder finds no card shown to a seat that may not know it — across the
 * failover too.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { replayRecord } from '@hearts/engine';
import { quickMatch, type TableClient } from '@hearts/live';
import { openPostgresStore } from '../src/store/postgres.js';
import { AutoPlayer, api, connect, friendsGame, guest, until } from './helpers.js';
import { holdersByVersion, leaks, record, type Received } from './leak-recorder.js';
import { type Child, type Cluster, type Deployment, exited, listings, startCluster } from './processes.js';
import type { RunningProxy } from './proxies.js';
import { scaledServices } from './services.js';

const services = await scaledServices('two server processes', { proxy: 'nginx' });

interface Played {
  readonly id: string;
  readonly clients: TableClient[];
  readonly players: AutoPlayer[];
  readonly tokens: string[];
  readonly rules: object;
}

describe.skipIf(services === null)('two processes on PostgreSQL and Redis', () => {
  const s = services!;
  let d: Deployment;
  let cluster: Cluster | undefined;
  let children: readonly Child[] = [];
  let proxy: RunningProxy;

  beforeAll(async () => {
    d = { databaseUrl: s.databaseUrl, schema: s.schema(), redisUrl: s.redisUrl, prefix: s.prefix() };
    // Both at once: they migrate the same schema and share the secret kept in it. Quick match waits a minute
    // before bots fill in (the processes' test default is 0.6 s): the four people below must be seated together
    // however far apart a busy machine lets their requests arrive, not with bots in two tables.
    cluster = await startCluster(d, { QUICK_MATCH_WAIT_MS: '60000' });
    ({ children, proxy } = cluster);
  }, 60_000);

  afterAll(async () => {
    await cluster?.close();
    await s.cleanup();
  });

  test('tables across both processes; one killed mid-hand; its tables resume on the other; every game completes', async () => {
    const url = proxy.url;
    const tables: Played[] = [];
    const log: Received[] = [];

    const seat = (c: TableClient) => c.state!.table.you;
    const play = (id: string, clients: TableClient[], tokens: string[], rules: object) => {
      const seats = clients.map(seat);
      clients.forEach((c, i) => record(c, id, () => seats[i]!, log));
      const players = clients.map((c, i) => new AutoPlayer(c, 1000 * tables.length + i));
      tables.push({ id, clients, players, tokens, rules });
    };

    // Friends' rooms: the host creates, the friends join by code, each request through the one address.
    for (const humans of [4, 3, 2, 4]) {
      const rules = { targetScore: 60 };
      const g = await friendsGame(url, humans, rules);
      play(
        g.code,
        g.clients,
        g.users.map((u) => u.token),
        rules,
      );
    }
    // A rated quick match of four people whose requests land on both processes.
    const quick = await Promise.all([0, 1, 2, 3].map(() => guest(url)));
    const ids = await Promise.all(
      quick.map((u) => quickMatch({ url, token: u.token, rated: true, targetScore: 50 }).roomId),
    );
    expect(new Set(ids).size).toBe(1);
    const quickClients = await Promise.all(quick.map((u) => connect(url, u.token, ids[0]!)));
    await until('the quick deal', () =>
      quickClients.every((c) => c.state !== null && c.state.view.phase !== 'deal'),
    );
    play(
      ids[0]!,
      quickClients,
      quick.map((u) => u.token),
      { targetScore: 50 },
    );

    // A room's listing is written just after the room starts: wait until every table is listed.
    const listed = async (): Promise<Map<string, string>> => {
      let w = await listings(d.redisUrl, d.prefix);
      for (let i = 0; i < 50 && !tables.every((t) => w.has(t.id)); i++) {
        await new Promise((r) => setTimeout(r, 100));
        w = await listings(d.redisUrl, d.prefix);
      }
      return w;
    };
    // A friends' table runs where its host's request landed and the proxy takes turns, so the tables can all land
    // on one process: then more tables (a request in between moves the turn) until the other one hosts one too.
    for (let extra = 0; extra < 6; extra++) {
      const w = await listed();
      if (new Set(tables.flatMap((t) => w.get(t.id) ?? [])).size >= 2) break;
      await fetch(`${url}/healthz`);
      const rules = { targetScore: 60 };
      const g = await friendsGame(url, 2, rules);
      play(
        g.code,
        g.clients,
        g.users.map((u) => u.token),
        rules,
      );
    }

    // The tables are spread over both processes; requests and sockets reached both.
    const where = await listed();
    const hostOf = (id: string) => where.get(id);
    const byProcess = children.map((c) => tables.filter((t) => hostOf(t.id) === c.process).length);
    const spread = `tables per process ${JSON.stringify(byProcess)}, listed on ${JSON.stringify(tables.map((t) => hostOf(t.id) ?? null))}, processes ${JSON.stringify(children.map((c) => c.process))}`;
    expect(
      byProcess.every((n) => n > 0),
      spread,
    ).toBe(true);

    for (const t of tables) for (const p of t.players) p.poke();

    // Kill the process with the most tables, once one of them is mid-hand (each table goes at its own pace).
    const victim = children[byProcess[0]! >= byProcess[1]! ? 0 : 1]!;
    const survivor = children.find((c) => c !== victim)!;
    const midHand = (t: Played) => {
      const v = t.clients[0]!.state!.view;
      return v.phase === 'play' && v.tricks.length >= 2;
    };
    await until(
      'a victim table mid-hand',
      () => tables.some((t) => hostOf(t.id) === victim.process && midHand(t)),
      60_000,
    );
    // The tables still playing move; one that happened to finish already has nothing left to move.
    const moved = tables.filter((t) => hostOf(t.id) === victim.process && t.clients[0]!.result === null);
    expect(moved.some(midHand)).toBe(true);
    const before = moved.map((t) => t.clients.map((c) => c.state!.v));
    victim.proc.kill('SIGKILL');
    const killedAt = Date.now();
    await exited(victim.proc);

    // Every client of those tables is back, on the survivor, and the game moves on: within 15 s.
    await until(
      'the moved tables to play on',
      () =>
        moved.every((t, k) =>
          t.clients.every((c, i) => c.status === 'open' && c.reconnects >= 1 && c.state!.v > before[k]![i]!),
        ),
      15_000,
      20,
    );
    const failoverMs = Date.now() - killedAt;
    console.log(`failover: ${moved.length} tables resumed on the survivor ${failoverMs} ms after the kill`);
    expect(failoverMs).toBeLessThan(15_000);
    const after = await listings(d.redisUrl, d.prefix);
    for (const t of moved) expect(after.get(t.id)).toBe(survivor.process);

    await until(
      'every game to end',
      () => tables.every((t) => t.clients.every((c) => c.result !== null)),
      150_000,
    );
    expect(tables.flatMap((t) => t.players.flatMap((p) => p.errors))).toEqual([]);

    const store = await openPostgresStore(d.databaseUrl, { schema: d.schema, poolSize: 2 });
    try {
      for (const t of tables) {
        const loaded = await store.loadTable(t.id);
        expect(loaded?.table.status).toBe('finished');
        const events = loaded!.events;
        expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i));
        // No accepted move lost, none applied twice: every acknowledged move is in the log exactly once.
        const ids = events.flatMap((e) =>
          e.event.type === 'move' && e.event.clientId !== null ? [`${e.event.seat}|${e.event.clientId}`] : [],
        );
        expect(new Set(ids).size).toBe(ids.length);
        expect(ids.length).toBe(t.players.reduce((n, p) => n + p.moves, 0));
        expect(t.clients.every((c) => c.unacknowledged === 0)).toBe(true);
        // The stored record replays through the engine to the scores every player was shown.
        const rec = await api(url, `/api/games/${t.id}/record`, { token: t.tokens[0]! });
        expect(rec.status).toBe(200);
        const replay = replayRecord(rec.body);
        expect(replay.ok && replay.value.finished).toBe(true);
        for (const c of t.clients) if (replay.ok) expect(c.result!.scores).toEqual(replay.value.scores);
        // No card shown to a seat that may not know it, before, during and after the failover.
        const states = holdersByVersion(events, t.clients[0]!.state!.view.players, t.rules);
        const found = leaks(
          log.filter((r) => r.table === t.id),
          states,
        );
        expect(found.leaks).toEqual([]);
        expect(found.checked).toBeGreaterThan(100);
      }
      // The moved tables really crossed: events written before the kill and after it.
      for (const t of moved) {
        const at = (await store.loadTable(t.id))!.events.map((e) => e.at);
        expect(at.some((x) => x < killedAt) && at.some((x) => x > killedAt)).toBe(true);
      }
    } finally {
      await store.close();
    }
    // Ratings, records and chips of the rated quick match, read back from PostgreSQL through the proxy.
    const rated = tables.at(-1)!;
    expect(rated.clients[0]!.result!.ratings.every((r) => r !== null)).toBe(true);
    for (const token of rated.tokens) {
      const me = await api<{ games?: number }>(url, '/api/profile/me', { token });
      expect(me.status).toBe(200);
      expect((await api(url, '/api/chips', { token })).status).toBe(200);
    }
    for (const period of ['all', 'month']) {
      // One rated game leaves its four newcomers provisional: the leaderboards list none of them.
      const board = await api<{ players: { bot: string | null; provisional: boolean }[] }>(
        url,
        `/api/leaderboard?period=${period}`,
      );
      expect(board.status).toBe(200);
      expect(board.body.players.every((p) => p.bot !== null && !p.provisional)).toBe(true);
    }
    expect((await api(url, '/api/bots/easy')).status).toBe(200);
    expect((await api(survivor.url, '/healthz')).status).toBe(200);
    for (const t of tables) for (const c of t.clients) await c.leave();

    // nginx's access log (a WebSocket is logged when it closes): each process answered plain requests, and took
    // WebSockets (101) only on its own route.
    const theirs = (c: Child) => proxy.logged().filter((l) => l.upstream === `127.0.0.1:${c.port}`);
    await until('every socket logged', () => children.every((c) => theirs(c).some((l) => l.status === 101)));
    for (const c of children) {
      expect(theirs(c).some((l) => l.status !== 101)).toBe(true);
      expect(
        theirs(c)
          .filter((l) => l.status === 101)
          .every((l) => l.line.includes(`"GET /${c.route}/`)),
      ).toBe(true);
    }
  }, 300_000);
});
