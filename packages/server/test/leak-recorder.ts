/**
 * The no-leak recorder: every message a client receives, recorded with the table version it belongs to, and the
 * check of each card name in it against who held that card at that version (replayed from the stored event log).
 * Used over many concurrent games (`no-leak.test.ts`) and across a process failover (`scaled.test.ts`).
 */
import {
  CardSet,
  SUITS,
  applyMove,
  deal,
  handOf,
  newGame,
  parseCard,
  type GameState,
  type Suit,
  unwrap,
  parseNamedMove,
} from '@hearts/engine';
import type { TableClient } from '@hearts/live';
import type { EventRow } from '../src/store/types.js';

const CARD = /\b[2-9TJQKA][CDSH]\b/g;

/** The seat of a watcher: it holds no card and passed none, so every card still in a hand is hidden from it. */
export const WATCHER = -1;

export interface Received {
  readonly table: string;
  readonly seat: number; // WATCHER for a watcher
  readonly v: number; // the version the message belongs to (game messages: theirs; others: the last seen)
  readonly type: string;
  readonly text: string;
}

export function record(client: TableClient, table: string, seat: () => number, log: Received[]): void {
  client.tap((type, m) => {
    const v = type === 'game' || type === 'watch' ? (m as { v: number }).v : (client.state?.v ?? 0);
    log.push({ table, seat: seat(), v, type, text: JSON.stringify(m) });
  });
}

/** For each version of a table: which seat holds each card (−1: nobody), and what each seat passed this hand. */
export function holdersByVersion(events: readonly EventRow[], players: number, rules: object) {
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
      const r = applyMove(g, e.seat, unwrap(parseNamedMove(e.move)));
      if (!r.ok) throw new Error(r.error.message);
      g = r.value;
      if (e.move.kind === 'pass') for (const c of e.move.cards) passed[e.seat]!.add(parseCard(c)!);
    }
    snapshot();
  }
  return out;
}

export type States = ReturnType<typeof holdersByVersion>;

/** The leaks in a table's messages: card names held by another seat at that version (and not passed there by us). */
export function leaks(received: readonly Received[], states: States): { leaks: string[]; checked: number } {
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
      if (holder !== -1 && holder !== r.seat && !at.passed[r.seat]?.has(c))
        found.push(
          `seat ${r.seat} got ${name} (held by seat ${holder}) at v${r.v} in ${r.type}: ${r.text.slice(0, 200)}`,
        );
    }
  }
  return { leaks: found, checked };
}
