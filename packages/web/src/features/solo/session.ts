/**
 * A solo game in progress and how it is kept on the device. The game is stored as its `hearts-record/1` record;
 * resuming replays the record with the engine, so a resumed game is exactly the game that was left. Every hand is
 * dealt from one seed (deal.ts); the seeds are kept beside the record and in its hands, and checked on resume.
 *
 * ```ts
 * const s = newSession({ targetScore: 100 }, 'hard', cryptoRandom()).value!; // the first seed: makeSeed()
 * saveSession(store, s);
 * loadSession(store)?.state.phase; // 'pass'
 * ```
 */
import type { Level } from '@hearts/bots';
import {
  applyMove,
  makeCard,
  makeRecord,
  newGame,
  parseCard,
  replayRecord,
  undosOf,
  type CardName,
  type GameRecord,
  type GameState,
  type RandomSource,
  type Result,
  type Rules,
  type RulesError,
  err,
  ok,
  toPlay,
} from '@hearts/engine';
import { LEVELS } from '@hearts/bots';
import { makeSeed, seedToHex } from '@hearts/shuffle';
import { HUMAN } from '../../kit/names';
import type { HistoryEntry } from '../../kit/records';
import { isObject, readJson, writeJson, type KeyValueStore } from '../../kit/storage';
import { dealSeeded, seedMatchesDeal, withSeeds } from './deal';
import { CURRENT_KEY } from './stored';

export interface Session {
  readonly id: string; // unique per game, names it in the history
  readonly startedAt: number; // ms since 1970
  readonly level: Level; // the bots' level
  readonly state: GameState;
  readonly seeds: readonly (string | null)[]; // hand h's deal seed (64 hex digits); null only in games saved before seeds were kept
  readonly undos?: number; // cards the player took back (undo): the game is practice only, it pays no chips
}

export { CURRENT_KEY } from './stored';

/** The names a record carries: the player, then the bots with their level. */
export function playerNames(players: number, level: Level): string[] {
  return Array.from({ length: players }, (_, s) => (s === HUMAN ? 'You' : `Bot ${s} (${level})`));
}

export function newId(rng: RandomSource): string {
  return Array.from({ length: 4 }, () => rng.nextUint32().toString(16).padStart(8, '0')).join('');
}

/** A new game (its id drawn from `rng`), dealt at once from `seed`: real seeds come from `crypto.getRandomValues`. */
export function newSession(
  rules: Partial<Rules>,
  level: Level,
  rng: RandomSource,
  now = Date.now(),
  seed: Uint8Array = makeSeed(),
): Result<Session, RulesError> {
  const g = newGame(rules);
  if (!g.ok) return g;
  return ok(dealNext({ id: newId(rng), startedAt: now, level, state: g.value, seeds: [] }, seed));
}

/** Deals the session's next hand from `seed` and keeps the seed. */
export function dealNext(s: Session, seed: Uint8Array): Session {
  const state = dealSeeded(s.state, seed);
  return { ...s, state, seeds: [...s.seeds.slice(0, s.state.log.length), seedToHex(seed)] };
}

/** The game's record, each hand carrying the seed it was dealt from as `"seed"`. */
export const sessionRecord = (s: Session): GameRecord => {
  const record = withSeeds(makeRecord(s.state, playerNames(s.state.rules.players, s.level)), s.seeds);
  return s.undos ? { ...record, undos: s.undos } : record;
};

/** What is stored: the record, and the last card separately while the shooter's choice is pending. */
export interface SavedSession {
  readonly v: 1;
  readonly id: string;
  readonly startedAt: number;
  readonly level: Level;
  readonly record: GameRecord; // its hands carry their seeds too
  readonly seeds: readonly (string | null)[]; // each hand's deal seed, as in the session
  readonly pendingPlay: CardName | null; // a record cannot hold a hand that waits for the moon choice
  readonly pendingPasses?: readonly (readonly CardName[] | null)[]; // passes chosen before everyone has passed
}

export function toSaved(s: Session): SavedSession {
  const record = sessionRecord(s);
  let pendingPlay: CardName | null = null;
  if (s.state.phase === 'moon') {
    const hand = record.hands[record.hands.length - 1]!;
    const last = hand.tricks[hand.tricks.length - 1]!.split(' ');
    pendingPlay = last.pop() as CardName;
    hand.tricks[hand.tricks.length - 1] = last.join(' ');
  }
  const passes = s.state.phase === 'pass' ? s.state.log[s.state.handNumber]?.passes : null;
  const pendingPasses = passes ? passes.map((p) => (p ? p.names() : null)) : undefined;
  const { id, startedAt, level, seeds } = s;
  return { v: 1, id, startedAt, level, record, seeds, pendingPlay, pendingPasses };
}

/**
 * The session with the current hand's plays cut back to the first `plays` cards (an undo): the record so cut,
 * replayed. Null when that is not a cut of the current hand in play.
 */
export function cutPlays(s: Session, plays: number): Session | null {
  const state = s.state;
  const log = state.log[state.handNumber];
  if (state.phase !== 'play' || !log || plays < 0 || plays >= log.plays.length) return null;
  const saved = toSaved(s);
  const n = state.rules.players;
  const hand = saved.record.hands[saved.record.hands.length - 1]!;
  const kept = log.plays.slice(0, plays).map(makeCard);
  hand.tricks = [];
  for (let i = 0; i < kept.length; i += n) hand.tricks.push(kept.slice(i, i + n).join(' '));
  const r = fromSaved({ ...saved, pendingPlay: null });
  return r.ok ? r.value : null;
}

/**
 * The seeds of a replayed game: those saved beside the record, else those in its hands (null where there are
 * none, as in games saved before seeds were kept). Every seed must deal exactly its hand.
 */
export function readSeeds(
  saved: unknown,
  record: unknown,
  state: GameState,
): Result<(string | null)[], string> {
  const n = state.log.length;
  if (saved !== undefined && (!Array.isArray(saved) || saved.length !== n))
    return err(`"seeds" must list one seed per hand dealt (${n})`);
  const hands = isObject(record) && Array.isArray(record['hands']) ? (record['hands'] as unknown[]) : [];
  const seeds: (string | null)[] = [];
  for (let h = 0; h < n; h++) {
    const inHand = hands[h];
    const seed: unknown = Array.isArray(saved)
      ? saved[h]
      : isObject(inHand) && inHand['seed'] !== undefined
        ? inHand['seed']
        : null;
    if (seed !== null && (typeof seed !== 'string' || !seedMatchesDeal(state.rules, h, seed, state.log[h]!)))
      return err(`hand ${h}: the seed does not deal this hand`);
    seeds.push(seed);
  }
  return ok(seeds);
}

export function fromSaved(input: unknown): Result<Session, string> {
  if (!isObject(input) || input['v'] !== 1) return err('not a saved game');
  const { id, startedAt, level, record, seeds: savedSeeds, pendingPlay, pendingPasses } = input;
  const undos = undosOf(record);
  if (typeof id !== 'string' || typeof startedAt !== 'number') return err('not a saved game');
  if (!(LEVELS as readonly unknown[]).includes(level)) return err('unknown bot level');
  const r = replayRecord(record);
  if (!r.ok) return err(r.error.kind === 'format' ? r.error.message : r.error.reason);
  let state = r.value.state;
  const seeds = readSeeds(savedSeeds, record, state);
  if (!seeds.ok) return seeds;
  if (pendingPlay !== null && pendingPlay !== undefined) {
    const card = typeof pendingPlay === 'string' ? parseCard(pendingPlay) : undefined;
    if (card === undefined || state.phase !== 'play') return err('bad pending card');
    const m = applyMove(state, toPlay(state)!, { kind: 'play', card });
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
  return ok({ id, startedAt, level: level as Level, state, seeds: seeds.value, ...(undos ? { undos } : {}) });
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

/** The history's entry of a finished game. */
export function historyEntry(session: Session, endedAt: number): HistoryEntry {
  const { state } = session;
  return {
    id: session.id,
    startedAt: session.startedAt,
    endedAt,
    level: session.level,
    record: sessionRecord(session),
    seeds: session.seeds,
    scores: state.scores,
    winners: state.winners,
  };
}
