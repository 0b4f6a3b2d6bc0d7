/**
 * Watching a live table (issue #20): the list of tables to watch, a watcher's public view, the watchers' own chat,
 * a watcher who cannot play, and the host closing the table to watchers.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TableClient } from '@hearts/live';
import type { LiveTable } from '@hearts/protocol/http';
import { CLOSE_CODES, JOIN_ERRORS, type ErrorMessage } from '@hearts/protocol/socket';
import { AutoPlayer, api, friendsGame, guest, startTestServer, until, type TestServer } from './helpers.js';
import { listings, startCluster } from './processes.js';
import { scaledServices } from './services.js';

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer({ graceMs: 5000, bankMs: 5000 });
});
afterAll(async () => {
  await t.stop();
});

const list = async (): Promise<LiveTable[]> => {
  const r = await api<{ tables: LiveTable[] }>(t.url, '/api/live');
  expect(r.status).toBe(200);
  return r.body.tables;
};

/** Reads the list (past its one-second cache) until `cond` holds of it. */
async function waitList(what: string, cond: (tables: LiveTable[]) => boolean): Promise<LiveTable[]> {
  const end = Date.now() + 10_000;
  for (;;) {
    const tables = await list();
    if (cond(tables)) return tables;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(tables)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const watch = async (token: string, roomId: string): Promise<TableClient> => {
  const c = new TableClient({ url: t.url, token, roomId, retryMs: 100, watch: true });
  await c.connect();
  await until('the watcher’s first snapshot', () => c.state !== null, 5000);
  return c;
};

const joinCode = async (p: Promise<unknown>): Promise<number | undefined> => {
  try {
    await p;
    return undefined;
  } catch (e) {
    return (e as { code?: number }).code;
  }
};

describe('watching a friends’ table', () => {
  test('listed; a watcher sees the public game, never a hand; chats apart; cannot play; the host closes it', async () => {
    const { clients, users, code } = await friendsGame(t.url, 2, { targetScore: 60 }, 'random');
    const [host, other] = clients as [TableClient, TableClient];
    const listed = (await waitList('the table in the list', (ts) => ts.some((x) => x.id === code))).find(
      (x) => x.id === code,
    )!;
    expect(listed).toMatchObject({ kind: 'friends', rated: false, watchers: 0, full: false });
    expect(listed.players.map((p) => p.name).sort()).toEqual(
      host.state!.table.seats.map((s) => s.name).sort(),
    );

    const fan = await guest(t.url);
    const w = await watch(fan.token, code);
    expect(w.state!.view.hand).toEqual([]);
    expect(w.state!.table.seats.map((s) => s.name)).toEqual(host.state!.table.seats.map((s) => s.name));
    await until(
      'players hear of the watcher',
      () => host.watchers?.count === 1 && other.watchers?.count === 1,
    );

    // The game goes on; the watcher follows it card by card, never with a hand or a legal card.
    const players = clients.map((c, i) => new AutoPlayer(c, 50 + i));
    for (const p of players) p.poke();
    await until('two tricks seen by the watcher', () => (w.state?.view.tricks.length ?? 0) >= 2, 30_000);
    expect(w.state!.view.hand).toEqual([]);
    expect(w.state!.view.legal).toEqual([]);
    expect(w.state!.view.tricks).toEqual(host.state!.view.tricks.slice(0, w.state!.view.tricks.length));
    for (const p of players) p.paused = true; // the game waits (for the clocks) while the rest is checked

    // A watcher cannot play: the client refuses, and so does the server.
    await expect(w.move({ kind: 'play', card: '2C' })).rejects.toThrow(/ERR_NOT_SEATED/);
    const errors: ErrorMessage[] = [];
    w.tap((type, m) => type === 'error' && errors.push(m as ErrorMessage));
    w.send('move', { id: 'x1', move: { kind: 'play', card: '2C' } });
    w.send('kick', { seat: 0 });
    await until('two refusals', () => errors.length >= 2);
    expect(errors.map((e) => e.code)).toEqual(['ERR_NOT_SEATED', 'ERR_NOT_SEATED']);

    // The watchers' chat reaches watchers only; the players' chat does not reach watchers.
    const fan2 = await guest(t.url);
    const w2 = await watch(fan2.token, code);
    w.send('chat', { text: 'nice lead' });
    await until('the watchers’ line', () => w2.watchChat.some((l) => l.text === 'nice lead'));
    host.send('chat', { text: 'players only' });
    await until('the players’ line', () => other.chat.some((l) => l.text === 'players only'));
    await new Promise((r) => setTimeout(r, 200));
    expect([...host.chat, ...other.chat].map((l) => l.text)).not.toContain('nice lead');
    expect([...w.chat, ...w2.chat]).toEqual([]);
    // A newcomer gets the watchers' chat so far.
    await w2.leave();
    const w2again = await watch(fan2.token, code);
    await until('the kept line', () => w2again.watchChat.some((l) => l.text === 'nice lead'));
    expect(w2again.watchChat.filter((l) => l.text === 'nice lead')).toHaveLength(1);

    // A seated player cannot watch their own table (they take their seat); only the host may close it.
    expect(
      await joinCode(
        new TableClient({ url: t.url, token: users[1]!.token, roomId: code, watch: true }).connect(),
      ),
    ).toBe(JOIN_ERRORS.noSuchRoom);
    other.send('watchers', { open: false });
    await until('the refusal', () => other.lastError?.code === 'ERR_NOT_HOST');
    w.send('watchers', { open: false });

    // The host closes the table: the watchers are sent away, the table leaves the list, no one new comes in.
    host.send('watchers', { open: false });
    await until('watchers sent away', () => w.closeCode === CLOSE_CODES.watchClosed);
    await until('the other watcher too', () => w2again.closeCode === CLOSE_CODES.watchClosed);
    expect(w.status).toBe('closed');
    await until('players hear it', () => host.watchers?.open === false && host.watchers.count === 0);
    await waitList('the table gone from the list', (ts) => !ts.some((x) => x.id === code));
    const late = await guest(t.url);
    expect(
      await joinCode(new TableClient({ url: t.url, token: late.token, roomId: code, watch: true }).connect()),
    ).toBe(JOIN_ERRORS.noSuchRoom);
    // Opened again: listed and watchable.
    host.send('watchers', { open: true });
    await waitList('listed again', (ts) => ts.some((x) => x.id === code));
    const w3 = await watch(late.token, code);
    expect(w3.state!.view.hand).toEqual([]);

    for (const p of players) {
      p.paused = false;
      p.poke();
    }
    await until('the end', () => clients.every((c) => c.result !== null), 90_000);
    await until('the watcher sees the result', () => w3.result !== null, 5000);
    expect(w3.result!.scores).toEqual(host.result!.scores);
    await waitList('a finished table is not listed', (ts) => !ts.some((x) => x.id === code));
    for (const c of [...clients, w3]) await c.leave();
  }, 120_000);
});

describe('the host of a friends’ table', () => {
  test('is told so at the table, also after a reload (no lobby then), and keeps opening and closing it', async () => {
    const { clients, users, code } = await friendsGame(t.url, 2, { targetScore: 60 }, 'random');
    const [host, other] = clients as [TableClient, TableClient];
    await until('the players hear of the watchers', () => host.watchers !== null && other.watchers !== null);
    expect([host.watchers!.host, other.watchers!.host]).toEqual([true, false]);
    // A reload: a new connection for the host's seat, which gets no lobby.
    const reloaded = new TableClient({ url: t.url, token: users[0]!.token, roomId: code, retryMs: 100 });
    await reloaded.connect();
    await until('the host back at the table', () => reloaded.state !== null && reloaded.watchers !== null);
    expect(reloaded.lobby).toBeNull();
    expect(reloaded.watchers!.host).toBe(true);
    reloaded.send('watchers', { open: false });
    await until(
      'everyone hears it',
      () => other.watchers?.open === false && reloaded.watchers?.open === false,
    );
    expect([reloaded.watchers!.host, other.watchers!.host]).toEqual([true, false]);
    // A watcher is not told whether they host.
    reloaded.send('watchers', { open: true });
    await until('open again', () => other.watchers?.open === true);
    const w = await watch((await guest(t.url)).token, code);
    await until('the watcher hears of the watchers', () => w.watchers?.count === 1);
    expect(w.watchers!.host).toBeUndefined();
    for (const c of [reloaded, other, w]) await c.leave();
  }, 60_000);
});

const scaled = await scaledServices('watching across two processes', { proxy: 'nginx' });

describe.skipIf(scaled === null)('two processes on PostgreSQL and Redis', () => {
  test('every process lists every table open to watchers; a watcher joins through either', async () => {
    const s = scaled!;
    const d = { databaseUrl: s.databaseUrl, schema: s.schema(), redisUrl: s.redisUrl, prefix: s.prefix() };
    const cluster = await startCluster(d);
    const { children, proxy } = cluster;
    try {
      const { clients, code } = await friendsGame(proxy.url, 2, { targetScore: 30 });
      const holder = (await listings(d.redisUrl, d.prefix)).get(code);
      expect(holder).toBeDefined();
      for (const child of children) {
        const end = Date.now() + 10_000;
        for (;;) {
          const r = await api<{ tables: LiveTable[] }>(child.url, '/api/live');
          if (r.body.tables.some((x) => x.id === code)) break;
          if (Date.now() > end) throw new Error(`process ${child.process} does not list ${code}`);
          await new Promise((res) => setTimeout(res, 200));
        }
      }
      const fan = await guest(proxy.url);
      const w = new TableClient({
        url: proxy.url,
        token: fan.token,
        roomId: code,
        retryMs: 100,
        watch: true,
      });
      await w.connect();
      await until('the watcher’s snapshot', () => w.state !== null, 10_000);
      expect(w.state!.view.hand).toEqual([]);
      await until('the players hear of the watcher', () => clients[0]!.watchers?.count === 1, 10_000);
      for (const c of [...clients, w]) await c.leave();
    } finally {
      await cluster.close();
      await s.cleanup();
    }
  }, 120_000);
});
