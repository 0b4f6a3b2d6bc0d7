/**
 * The no-leak recorder: every message every client receives, over many complete games played at once (with
 * passes, dropped connections and reconnects, a second device, bot takeovers, an empty time bank), is recorded and
 * checked against the stored event log: no message may name a card that, at that moment, lies in another player's
 * hand — unless this seat passed it there. That covers other hands, cards passed between others, reconnect
 * snapshots, chat, results and error replies alike.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  CardSet,
  SUITS,
  applyMove,
  deal,
  handOf,
  makeCard,
  newGame,
  parseCard,
  type GameState,
  type Suit,
} from '@hearts/engine';
import type { TableClient } from '@hearts/live';
import { toEngineMove } from '../src/table.js';
import type { EventRow, GameStore } from '../src/store/types.js';
import { openSqliteStore } from '../src/store/sqlite.js';
import { AutoPlayer, connect, friendsGame, startTestServer, until, type TestServer } from './helpers.js';

const CARD = /\b[2-9TJQKA][CDSH]\b/g;

interface Received {
  readonly table: string;
  readonly seat: number;
  readonly v: number; // the version the message belongs to (game messages: theirs; others: the last seen)
  readonly type: string;
  readonly text: string;
}

function record(client: TableClient, table: string, seat: () => number, log: Received[]): void {
  client.tap((type, m) => {
    const v = type === 'game' ? (m as { v: number }).v : (client.state?.v ?? 0);
    log.push({ table, seat: seat(), v, type, text: JSON.stringify(m) });
  });
}

/** For each version of a table: which seat holds each card (−1: nobody), and what each seat passed this hand. */
function holdersByVersion(events: readonly EventRow[], players: number, rules: object) {
  const g0 = newGame(rules);
  if (!g0.ok) throw new Error(g0.error.message);
  let g: GameState = g0.value;
  const out: { holder: Int8Array; passed: Set<number>[] }[] = [];
  let passed: Set<number>[] = Array.from({ length: players }, () => new Set<number>());
  const snapshot = () => {
    const holder = new Int8Array(52).fill(-1);
    if (g.phase === 'pass' || g.phase === 'play' || g.phase === 'moon')
      for (let s = 0; s < players; s++) for (const c of handOf(g, s)) holder[c] = s;
    out.push({ holder, passed: passed.map((p) => new Set(p)) });
  };
  snapshot(); // version 0
  for (const row of events) {
    const e = row.event;
    if (e.type === 'deal') {
      const hands = e.hands.map((h) => CardSet.fromNames(h.split(' '))!);
      const r = deal(g, hands, e.sevenSuit === null ? null : (SUITS.indexOf(e.sevenSuit) as Suit));
      if (!r.ok) throw new Error(r.error.message);
      g = r.value;
      passed = Array.from({ length: players }, () => new Set<number>());
    } else if (e.type === 'move') {
      const r = applyMove(g, e.seat, toEngineMove(e.move)!);
      if (!r.ok) throw new Error(r.error.message);
      g = r.value;
      if (e.move.kind === 'pass') for (const c of e.move.cards) passed[e.seat]!.add(parseCard(c)!);
    }
    snapshot();
  }
  return out;
}

let t: TestServer;
const log: Received[] = [];
const tables: { code: string; players: number; rules: object }[] = [];

beforeAll(async () => {
  t = await startTestServer({ graceMs: 400, bankMs: 600, reconnectMs: 3000 });
});
afterAll(async () => {
  await t.stop();
});

async function playOne(k: number): Promise<void> {
  const rules = { targetScore: 25 + k, ...(k % 3 === 2 ? { players: 5 } : {}) };
  const { clients, users, code } = await friendsGame(t.url, k % 2 === 0 ? 4 : 3, rules, 'random');
  tables.push({ code, players: clients[0]!.state!.view.players, rules });
  const seats = clients.map((c) => c.state!.table.you);
  clients.forEach((c, i) => record(c, code, () => seats[i]!, log));
  const players = clients.map((c, i) => new AutoPlayer(c, 100 * k + i));
  for (const p of players) p.poke();
  const viewOf = () => clients[0]!.state!.view;
  // A dropped connection that comes back.
  await until('a trick', () => viewOf().tricks.length >= 1 || viewOf().handNumber > 0, 30_000);
  clients[1]!.drop();
  await until('back', () => clients[1]!.reconnects >= 1 && clients[1]!.status === 'open', 10_000);
  players[1]!.poke();
  // The same player on a second device.
  await until('more tricks', () => viewOf().tricks.length >= 5 || viewOf().handNumber > 0, 30_000);
  players[2]!.stop();
  const second = await connect(t.url, users[2]!.token, code);
  record(second, code, () => seats[2]!, log);
  const p2 = new AutoPlayer(second, 100 * k + 9);
  p2.poke();
  // One player lets the clock run out once, then leaves: a bot takes the seat.
  await until('the second hand', () => viewOf().handNumber >= 1 || clients[0]!.result !== null, 60_000);
  if (clients[0]!.result === null) {
    players[0]!.paused = true;
    await until(
      'the bank to run out',
      () => clients[0]!.state!.table.kickable[seats[0]!] === true || clients[0]!.result !== null,
      30_000,
    );
    players[0]!.stop();
    await clients[0]!.leave();
  }
  const live = [clients[1]!, second];
  await until('the end', () => live.every((c) => c.result !== null), 90_000);
  expect([...players, p2].flatMap((p) => p.errors)).toEqual([]);
  for (const c of [...clients, second]) if (c.status !== 'closed') await c.leave();
}

type States = ReturnType<typeof holdersByVersion>;

/** The leaks in a table's messages: card names held by another seat at that version (and not passed there by us). */
function leaks(received: readonly Received[], states: States): { leaks: string[]; checked: number } {
  const found: string[] = [];
  let checked = 0;
  for (const r of received) {
    const at = states[r.v];
    if (!at) {
      found.push(`no version ${r.v}`);
      continue;
    }
    for (const name of r.text.match(CARD) ?? []) {
      const c = parseCard(name)!;
      const holder = at.holder[c]!;
      checked++;
      if (holder !== -1 && holder !== r.seat && !at.passed[r.seat]!.has(c))
        found.push(
          `seat ${r.seat} got ${name} (held by seat ${holder}) at v${r.v} in ${r.type}: ${r.text.slice(0, 200)}`,
        );
    }
  }
  return { leaks: found, checked };
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
    }
    expect(checked).toBeGreaterThan(2000); // every card name in every message was checked
  } finally {
    await store.close();
  }
}, 240_000);
