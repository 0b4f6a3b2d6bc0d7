/**
 * The no-leak recorder: every message every client receives, over many complete games played at once (with
 * passes, dropped connections and reconnects, a second device, bot takeovers, an empty time bank), is recorded and
 * checked against the stored event log: no message may name a card that, at that moment, lies in another player's
 * hand — unless this seat passed it there. That covers other hands, cards passed between others, reconnect
 * snapshots, chat, results and error replies alike.
 *
 * Watchers too (issue #20): every table is watched from its start by a watcher who drops and reconnects and by one
 * who comes and goes, and by a player of another table (a watcher who also sits elsewhere). A watcher holds no
 * card: every card named in a watcher's messages must be out of every hand at that version (played, or out of
 * play by the rules).
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { makeCard } from '@hearts/engine';
import type { TableClient } from '@hearts/live';
import type { GameMessage } from '@hearts/protocol/socket';
import type { GameStore } from '../src/store/types.js';
import { openSqliteStore } from '../src/store/sqlite.js';
import { TableClient as Client } from '@hearts/live';
import {
  AutoPlayer,
  connect,
  friendsGame,
  guest,
  startTestServer,
  until,
  type TestServer,
} from './helpers.js';
import { WATCHER, holdersByVersion, leaks, record, type Received } from './leak-recorder.js';

let t: TestServer;
const log: Received[] = [];
const tables: { code: string; players: number; rules: object }[] = [];
const seatedUsers: { code: string; token: string }[] = []; // players who also watch another table
const watcherStats = { reconnects: 0, elsewhere: 0 };

/** A watcher of `code`, recorded as seat WATCHER. */
async function watcher(token: string, code: string): Promise<Client> {
  const c = new Client({ url: t.url, token, roomId: code, retryMs: 100, watch: true });
  record(c, code, () => WATCHER, log);
  await c.connect();
  await until('the watcher’s first snapshot', () => c.state !== null, 5000);
  return c;
}

beforeAll(async () => {
  t = await startTestServer({ graceMs: 400, bankMs: 600, reconnectMs: 3000 });
});
afterAll(async () => {
  await t.stop();
});

/**
 * One game, with every event the check must cover forced in an order that does not depend on timing: no game can
 * end in its first hand (the target is above the 26 points a hand gives), and every step below happens in it or
 * waits for the event it needs.
 */
async function playOne(k: number): Promise<void> {
  const rules = { targetScore: 27 + k, ...(k % 3 === 2 ? { players: 5 } : {}) };
  const { clients, users, code } = await friendsGame(t.url, k % 2 === 0 ? 4 : 3, rules, 'random');
  tables.push({ code, players: clients[0]!.state!.view.players, rules });
  const seats = clients.map((c) => c.state!.table.you);
  clients.forEach((c, i) => record(c, code, () => seats[i]!, log));
  // Watchers from the start: one stays (and drops and comes back below), one comes and goes; a player of another
  // table watches this one too.
  const fan = await watcher((await guest(t.url)).token, code);
  const passer = await watcher((await guest(t.url)).token, code);
  seatedUsers.push({ code, token: users[users.length - 1]!.token });
  const watching = [fan];
  const [, sleeper, ...rest] = clients as [TableClient, TableClient, ...TableClient[]];
  // The second player lets its clock run out: the game cannot go on without its decision, so the server makes it
  // (the player sends nothing meanwhile, so a move of its seat is the clock's).
  let clockMoved = false;
  sleeper.tap((type, m) => {
    if (type !== 'game') return;
    const g = m as GameMessage;
    const mover = g.kind !== 'snapshot' ? g.seat : 'seat' in g.event ? g.event.seat : -1;
    const move = g.kind !== 'snapshot' || ['pass', 'play', 'moon'].includes(g.event.type);
    if (move && mover === seats[1]) clockMoved = true;
  });
  const players = clients.map((c, i) => new AutoPlayer(c, 100 * k + i));
  players[1]!.paused = true;
  // The first player leaves at once, in the first hand (the game cannot be over): a bot takes the seat.
  players[0]!.stop();
  const leaving = clients[0]!.leave();
  for (const p of players) p.poke();
  await leaving;
  await until('the clock to decide for the second player', () => clockMoved, 30_000);
  players[1]!.paused = false;
  players[1]!.poke();
  await until('the bot in the first seat', () => sleeper.state!.table.seats[seats[0]!]!.bot, 30_000);
  const viewOf = () => sleeper.state!.view;
  // A dropped connection that comes back.
  await until('a trick', () => viewOf().tricks.length >= 1 || viewOf().handNumber > 0, 30_000);
  sleeper.drop();
  fan.drop();
  await passer.leave();
  await until('back', () => sleeper.reconnects >= 1 && sleeper.status === 'open', 10_000);
  players[1]!.poke();
  await until('the watcher back', () => fan.reconnects >= 1 && fan.status === 'open', 10_000);
  watcherStats.reconnects++;
  // A player seated at another table watches this one.
  const elsewhere = seatedUsers.find((u) => u.code !== code);
  if (elsewhere) {
    watching.push(await watcher(elsewhere.token, code));
    watcherStats.elsewhere++;
  }
  watching.push(await watcher((await guest(t.url)).token, code)); // a newcomer mid-hand
  // The same player on a second device.
  await until('more tricks', () => viewOf().tricks.length >= 5 || viewOf().handNumber > 0, 30_000);
  players[2]!.stop();
  const second = await connect(t.url, users[2]!.token, code);
  record(second, code, () => seats[2]!, log);
  const p2 = new AutoPlayer(second, 100 * k + 9);
  p2.poke();
  const live = [sleeper, second, ...rest.slice(1)];
  await until('the end', () => live.every((c) => c.result !== null), 90_000);
  await until('the watchers see the end', () => watching.every((c) => c.result !== null), 10_000);
  expect([...players, p2].flatMap((p) => p.errors)).toEqual([]);
  for (const c of watching) {
    expect(c.state!.view.hand).toEqual([]);
    await c.leave();
  }
  for (const c of [...clients, second]) if (c.status !== 'closed') await c.leave();
}

test('over many complete games at once, no client ever receives a card it may not know', async () => {
  await Promise.all([0, 1, 2, 3].map((k) => playOne(k)));
  expect(tables).toHaveLength(4);
  const store: GameStore = await openSqliteStore(`${t.dir}/hearts.sqlite`);
  try {
    let checked = 0;
    for (const tb of tables) {
      const loaded = await store.loadTable(tb.code);
      expect(loaded?.table.status).toBe('finished');
      expect(loaded!.events.some((e) => e.event.type === 'takeover')).toBe(true);
      expect(loaded!.events.some((e) => e.event.type === 'move' && e.event.by === 'clock')).toBe(true);
      const states = holdersByVersion(loaded!.events, tb.players, tb.rules);
      const mine = log.filter((r) => r.table === tb.code);
      for (const type of ['game', 'seats', 'clock', 'result'])
        expect(mine.some((r) => r.type === type)).toBe(true);
      const watched = mine.filter((r) => r.seat === WATCHER);
      for (const type of ['watch', 'seats', 'clock', 'result', 'watchers'])
        expect(watched.some((r) => r.type === type)).toBe(true);
      expect(watched.some((r) => r.type === 'game' || r.type === 'shuffle' || r.type === 'chat')).toBe(false);
      const r = leaks(mine, states);
      expect(r.leaks).toEqual([]);
      checked += r.checked;

      // The recorder sees a leak when there is one: another seat's card while it holds it.
      const v = states.findIndex((x) => x.holder.some((h) => h === 1));
      const theirs = [...states[v]!.holder.keys()].find((c) => states[v]!.holder[c] === 1)!;
      const forged: Received = {
        table: tb.code,
        seat: 0,
        v,
        type: 'game',
        text: JSON.stringify({ hand: [makeCard(theirs)] }),
      };
      expect(leaks([forged], states).leaks).toHaveLength(1);
      // … and a watcher's: any card still in a hand, whoever holds it.
      const held = [...states[v]!.holder.keys()].find((c) => states[v]!.holder[c] !== -1)!;
      expect(
        leaks(
          [{ ...forged, seat: WATCHER, type: 'watch', text: JSON.stringify({ c: makeCard(held) }) }],
          states,
        ).leaks,
      ).toHaveLength(1);
    }
    expect(watcherStats.reconnects).toBe(4);
    expect(watcherStats.elsewhere).toBeGreaterThanOrEqual(3);
    expect(checked).toBeGreaterThan(2000); // every card name in every message was checked
  } finally {
    await store.close();
  }
}, 240_000);
