/**
 * A solo game in progress and how it is kept on the device. The game is stored as its `hearts-record/1` record;
 * resuming replays the record with the engine, so a resumed game is exactly the game that was left.
 *
 * ```ts
 * const s = newSession({ targetScore: 100 }, 'hard', cryptoRandom()).value!;
 * saveSession(store, s);
 * loadSession(store)?.state.phase; // 'pass'
 * ```
 */
import type { Level } from '@hearts/bots';
import {
  applyMove,
  dealRandom,
  makeCard,
  makeRecord,
  newGame,
  parseCard,
  passOffset,
  replayRecord,
  type CardName,
  type GameRecord,
  type GameState,
  type RandomSource,
  type Result,
  type Rules,
  type RulesError,
  type TrickView,
  err,
  ok,
} from '@hearts/engine';
import { LEVELS } from '@hearts/bots';
import { trickWinner } from './cards';
import { isObject, readJson, writeJson, type KeyValueStore } from './storage';

/** The human always sits at seat 0; the others are bots of one level. */
export const HUMAN = 0;

export interface Session {
  readonly id: string; // unique per game, names it in the history
  readonly startedAt: number; // ms since 1970
  readonly level: Level; // the bots' level
  readonly state: GameState;
}

export const CURRENT_KEY = 'hearts.current';

/** The names a record carries: the player, then the bots with their level. */
export function playerNames(players: number, level: Level): string[] {
  return Array.from({ length: players }, (_, s) => (s === HUMAN ? 'You' : `Bot ${s} (${level})`));
}

export function newId(rng: RandomSource): string {
  return Array.from({ length: 4 }, () => rng.nextUint32().toString(16).padStart(8, '0')).join('');
}

/** A new game, dealt at once with cards shuffled by `rng`. */
export function newSession(
  rules: Partial<Rules>,
  level: Level,
  rng: RandomSource,
  now = Date.now(),
): Result<Session, RulesError> {
  const g = newGame(rules);
  if (!g.ok) return g;
  return ok({ id: newId(rng), startedAt: now, level, state: dealRandom(g.value, rng) });
}

/** What is stored: the record, and the last card separately while the shooter's choice is pending. */
export interface SavedSession {
  readonly v: 1;
  readonly id: string;
  readonly startedAt: number;
  readonly level: Level;
  readonly record: GameRecord;
  readonly pendingPlay: CardName | null; // a record cannot hold a hand that waits for the moon choice
  readonly pendingPasses?: readonly (readonly CardName[] | null)[]; // passes chosen before everyone has passed
}

export function toSaved(s: Session): SavedSession {
  const record = makeRecord(s.state, playerNames(s.state.rules.players, s.level));
  let pendingPlay: CardName | null = null;
  if (s.state.phase === 'moon') {
    const hand = record.hands[record.hands.length - 1]!;
    const last = hand.tricks[hand.tricks.length - 1]!.split(' ');
    pendingPlay = last.pop() as CardName;
    hand.tricks[hand.tricks.length - 1] = last.join(' ');
  }
  const passes = s.state.phase === 'pass' ? s.state.log[s.state.handNumber]?.passes : null;
  const pendingPasses = passes ? passes.map((p) => (p ? p.names() : null)) : undefined;
  return { v: 1, id: s.id, startedAt: s.startedAt, level: s.level, record, pendingPlay, pendingPasses };
}

export function fromSaved(input: unknown): Result<Session, string> {
  if (!isObject(input) || input['v'] !== 1) return err('not a saved game');
  const { id, startedAt, level, record, pendingPlay, pendingPasses } = input;
  if (typeof id !== 'string' || typeof startedAt !== 'number') return err('not a saved game');
  if (!(LEVELS as readonly unknown[]).includes(level)) return err('unknown bot level');
  const r = replayRecord(record);
  if (!r.ok) return err(r.error.kind === 'format' ? r.error.message : r.error.reason);
  let state = r.value.state;
  if (pendingPlay !== null && pendingPlay !== undefined) {
    const card = typeof pendingPlay === 'string' ? parseCard(pendingPlay) : undefined;
    if (card === undefined || state.phase !== 'play') return err('bad pending card');
    const m = applyMove(state, state.core!.turn, { kind: 'play', card });
    if (!m.ok) return err(m.error.message);
    state = m.value;
  }
  if (pendingPasses !== undefined) {
    if (!Array.isArray(pendingPasses) || state.phase !== 'pass') return err('bad pending passes');
    for (let seat = 0; seat < pendingPasses.length; seat++) {
      const names: unknown = pendingPasses[seat];
      if (names === null) continue;
      const cards = Array.isArray(names)
        ? names.map((n) => (typeof n === 'string' ? parseCard(n) : undefined))
        : [];
      if (cards.some((c) => c === undefined)) return err('bad pending passes');
      const m = applyMove(state, seat, { kind: 'pass', cards: cards as number[] });
      if (!m.ok) return err(m.error.message);
      state = m.value;
    }
  }
  return ok({ id, startedAt, level: level as Level, state });
}

export const saveSession = (store: KeyValueStore, s: Session): void =>
  writeJson(store, CURRENT_KEY, toSaved(s));

/** The stored game, or null when there is none or it cannot be replayed. */
export function loadSession(store: KeyValueStore): Session | null {
  const saved = readJson(store, CURRENT_KEY);
  if (saved === undefined) return null;
  const r = fromSaved(saved);
  return r.ok ? r.value : null;
}

export const clearSession = (store: KeyValueStore): void => store.remove(CURRENT_KEY);

/**
 * The tricks of hand `h` so far, with their winners, from the game's log. Works for finished hands too,
 * whose tricks an observation no longer shows.
 */
export function tricksOfHand(state: GameState, h: number): TrickView[] {
  const log = state.log[h];
  if (!log) return [];
  const n = state.rules.players;
  const offset = passOffset(state.rules, h);
  const holds = log.deal.map((cards, s) =>
    log.passes && offset !== 0 && log.passes.every((p) => p !== null)
      ? cards.diff(log.passes[s]!).union(log.passes[(s - offset + n) % n]!)
      : cards,
  );
  const first = log.plays[0];
  if (first === undefined) return [];
  let leader = holds.findIndex((cards) => cards.has(first));
  const out: TrickView[] = [];
  for (let i = 0; i < log.plays.length; i += n) {
    const cards = log.plays.slice(i, i + n).map(makeCard);
    if (cards.length < n) {
      out.push({ leader, cards });
      break;
    }
    const winner = trickWinner(leader, cards, n);
    out.push({ leader, cards, winner });
    leader = winner;
  }
  return out;
}
