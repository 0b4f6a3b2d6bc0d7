/**
 * Game records, format `hearts-record/1` (see docs/record-format.md): read, replay, write.
 *
 * ```ts
 * const r = replayRecord(JSON.parse(text));
 * if (r.ok) console.log(r.value.scores, r.value.finished, r.value.winners);
 * else if (r.error.kind === 'illegal') console.log(r.error.hand, r.error.trick, r.error.seat, r.error.card);
 * ```
 */
import { CardSet, SUITS, makeCard, parseCard, type Card, type CardName, type Suit } from './cards.js';
import {
  CORE,
  applyMove,
  currentPassOffset,
  deal,
  newGame,
  type GameState,
  type HandResult,
  type MoonChoice,
} from './game.js';
import { err, ok, type Result } from './result.js';
import { parseRules, rulesDiff, type Rules } from './rules.js';

export const RECORD_FORMAT = 'hearts-record/1';

export interface HandRecord {
  deal: string[]; // each seat's hand before passing, cards separated by spaces
  passes?: string[]; // each seat's passed cards; absent on hands without passing
  tricks: string[]; // each trick's cards in play order, the leader first
  moonChoice?: MoonChoice; // exactly when the rules are shooterChoice and someone shot the moon
  sevenSuit?: 'C' | 'D' | 'S'; // exactly under sevenOfDie
}

export interface GameRecord {
  format: typeof RECORD_FORMAT;
  rules: Partial<Rules>; // only options that differ from the defaults
  players: string[];
  hands: HandRecord[];
  undos?: number; // cards taken back at a solo table (practice); absent: none. Replay ignores it
}

/**
 * How many cards a record says were taken back (its `undos`): 0 when absent. Anything but a whole number ≥ 0
 * counts as taken back (1), so that a mangled mark never passes for a clean game.
 */
export function undosOf(record: unknown): number {
  const u = isObject(record) ? record['undos'] : undefined;
  if (u === undefined) return 0;
  return typeof u === 'number' && Number.isInteger(u) && u >= 0 ? u : 1;
}

/** The file is not a record at all (bad JSON, unknown card, a card twice, wrong sizes, unknown option …). */
export interface RecordFormatError {
  readonly kind: 'format';
  readonly message: string;
}

/** The record is well formed but a step in it breaks a rule. Counting from 0. */
export interface RecordStepError {
  readonly kind: 'illegal';
  readonly hand: number;
  readonly trick: number | null; // null for a pass or a moon choice
  readonly seat: number;
  readonly card: CardName | null;
  readonly code: string;
  readonly reason: string;
}

export type RecordError = RecordFormatError | RecordStepError;

export interface ReplayOutcome {
  readonly state: GameState;
  readonly rules: Rules;
  readonly players: readonly string[];
  readonly hands: readonly HandResult[]; // every finished hand
  readonly scores: readonly number[]; // totals after the last finished hand
  readonly finished: boolean;
  readonly winners: readonly number[];
}

const formatError = (message: string): Result<never, RecordFormatError> => err({ kind: 'format', message });

/** Splits "2C 5C …" into cards, or names the first token that is not a card. */
function parseCardList(s: unknown): { cards: Card[] } | { bad: string } {
  if (typeof s !== 'string')
    return {
      bad:
        s === null ? 'null' : typeof s === 'object' ? (Array.isArray(s) ? 'a list' : 'an object') : String(s),
    };
  const tokens = s.trim() === '' ? [] : s.trim().split(/\s+/);
  const cards: Card[] = [];
  for (const t of tokens) {
    const c = parseCard(t);
    if (c === undefined) return { bad: t };
    cards.push(c);
  }
  return { cards };
}

const isObject = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x);

/** Replays a record step by step with the engine. */
export function replayRecord(input: unknown): Result<ReplayOutcome, RecordError> {
  if (!isObject(input)) return formatError('a record must be a JSON object');
  if (input['format'] !== RECORD_FORMAT) return formatError(`"format" must be "${RECORD_FORMAT}"`);
  const parsedRules = parseRules(input['rules'] ?? {});
  if (!parsedRules.ok) return formatError(`rules: ${parsedRules.error.message}`);
  const rules = parsedRules.value;
  const n = rules.players;
  const players = input['players'];
  if (!Array.isArray(players) || players.length !== n || players.some((p) => typeof p !== 'string'))
    return formatError(`"players" must list ${n} names`);
  const hands = input['hands'];
  if (!Array.isArray(hands)) return formatError('"hands" must be a list');
  const state = newGame(rules);
  if (!state.ok) return formatError(state.error.message);
  let g = state.value;
  for (let h = 0; h < hands.length; h++) {
    const rec = hands[h] as unknown;
    const at = `hand ${h}`;
    const last = h === hands.length - 1;
    if (!isObject(rec)) return formatError(`${at}: must be an object`);
    if (g.phase === 'gameOver') return formatError(`${at}: the game was already over`);
    // Deal.
    const dealIn = rec['deal'];
    if (!Array.isArray(dealIn) || dealIn.length !== n)
      return formatError(`${at}: "deal" must list ${n} hands`);
    const dealt: CardSet[] = [];
    for (let s = 0; s < n; s++) {
      const p = parseCardList(dealIn[s]);
      if ('bad' in p) return formatError(`${at}, seat ${s}: unknown card "${p.bad}" in the deal`);
      const set = CardSet.fromCards(p.cards);
      if (set.size() !== p.cards.length) return formatError(`${at}, seat ${s}: a card is dealt twice`);
      dealt.push(set);
    }
    const seven = rec['sevenSuit'];
    let sevenSuit: Suit | null = null;
    if (rules.sevenOfDie) {
      if (seven !== 'C' && seven !== 'D' && seven !== 'S')
        return formatError(`${at}: "sevenSuit" must be "C", "D" or "S" under sevenOfDie`);
      sevenSuit = SUITS.indexOf(seven) as Suit;
    } else if (seven !== undefined) return formatError(`${at}: "sevenSuit" is only for sevenOfDie`);
    const dealt2 = deal(g, dealt, sevenSuit);
    if (!dealt2.ok) return formatError(`${at}: ${dealt2.error.message}`);
    g = dealt2.value;
    // Passes.
    const passesIn = rec['passes'];
    const tricksIn = rec['tricks'] ?? [];
    if (!Array.isArray(tricksIn)) return formatError(`${at}: "tricks" must be a list`);
    if (currentPassOffset(g) === 0) {
      if (passesIn !== undefined) return formatError(`${at}: no passing in this hand, but "passes" is given`);
    } else if (passesIn === undefined) {
      if (!last || tricksIn.length > 0) return formatError(`${at}: "passes" is missing`);
    } else {
      if (!Array.isArray(passesIn) || passesIn.length !== n)
        return formatError(`${at}: "passes" must list ${n} sets of cards`);
      for (let s = 0; s < n; s++) {
        const p = parseCardList(passesIn[s]);
        if ('bad' in p) return formatError(`${at}, seat ${s}: unknown card "${p.bad}" in the passes`);
        const r = applyMove(g, s, { kind: 'pass', cards: p.cards });
        if (!r.ok)
          return err({
            kind: 'illegal',
            hand: h,
            trick: null,
            seat: s,
            card: r.error.card ?? null,
            code: r.error.code,
            reason: r.error.message,
          });
        g = r.value;
      }
    }
    // Tricks.
    if (tricksIn.length > g.cfg.tricks) return formatError(`${at}: more than ${g.cfg.tricks} tricks`);
    for (let t = 0; t < tricksIn.length; t++) {
      const p = parseCardList(tricksIn[t]);
      if ('bad' in p) return formatError(`${at}, trick ${t}: unknown card "${p.bad}"`);
      const complete = p.cards.length === n;
      if (!complete && (!last || t !== tricksIn.length - 1 || p.cards.length > n))
        return formatError(`${at}, trick ${t}: a trick has ${n} cards`);
      for (const card of p.cards) {
        if (g.phase !== 'play') return formatError(`${at}, trick ${t}: cards after the hand ended`);
        const seat = g[CORE]!.turn;
        const r = applyMove(g, seat, { kind: 'play', card });
        if (!r.ok)
          return err({
            kind: 'illegal',
            hand: h,
            trick: t,
            seat,
            card: makeCard(card),
            code: r.error.code,
            reason: r.error.message,
          });
        g = r.value;
      }
    }
    const moon = rec['moonChoice'];
    if (g.phase === 'moon' && moon === undefined && last) {
      // A partial game that stopped while the shooter chooses: the hand is not finished yet.
    } else if (g.phase === 'moon') {
      if (moon !== 'minus' && moon !== 'plus')
        return formatError(
          `${at}: seat ${g.moonShooter} shot the moon; "moonChoice" must be "minus" or "plus"`,
        );
      const r = applyMove(g, g.moonShooter!, { kind: 'moon', choice: moon });
      if (!r.ok) return formatError(`${at}: ${r.error.message}`);
      g = r.value;
    } else if (moon !== undefined) return formatError(`${at}: "moonChoice" is only for a shooter's choice`);
    const complete = g.results.length === h + 1;
    if (!complete && !last) return formatError(`${at}: the hand is incomplete but is not the last one`);
  }
  const finished = g.phase === 'gameOver';
  return ok({
    state: g,
    rules,
    players: players as string[],
    hands: g.results,
    scores: g.scores,
    finished,
    winners: finished ? g.winners : [],
  });
}

/** Writes a game (finished or not) as a record. */
export function makeRecord(state: GameState, players: readonly string[]): GameRecord {
  const n = state.rules.players;
  const hands: HandRecord[] = state.log.map((log) => {
    const tricks: string[] = [];
    for (let i = 0; i < log.plays.length; i += n)
      tricks.push(
        log.plays
          .slice(i, i + n)
          .map(makeCard)
          .join(' '),
      );
    const rec: HandRecord = { deal: log.deal.map((h) => h.toString()), tricks };
    if (log.passes && log.passes.every((p) => p !== null)) rec.passes = log.passes.map((p) => p!.toString());
    if (log.sevenSuit !== null) rec.sevenSuit = SUITS[log.sevenSuit] as 'C' | 'D' | 'S';
    if (log.moonChoice !== null) rec.moonChoice = log.moonChoice;
    return rec;
  });
  return { format: RECORD_FORMAT, rules: rulesDiff(state.rules), players: [...players], hands };
}
