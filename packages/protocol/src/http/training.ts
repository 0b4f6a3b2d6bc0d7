/**
 * Training positions on the wire and in store: decisions where a player lost at least {@link TRAINING_MIN_COST}
 * expected points, kept to be offered back ("find the better card"). One type for the three places that hold them —
 * the device (packages/web/src/features/training), the server (`TRAINING_ROUTES`, store table `training_positions`)
 * and the starter set from the bots' own games (packages/web/src/features/training/starter.json, `hearts
 * training-set`) — and one check of it ({@link trainingPositionSchema}: its shape, and that it hangs together),
 * run by the server on every upload and by the web app on everything it reads back. How a position is made from
 * an analysis and whether an answer is right: `@hearts/practice/training`.
 *
 * A position holds only what the seat knew: its `observation()` at the decision (the engine's cut — its own hand,
 * the tricks so far, the scores; never another seat's cards). The legal choices are `observation.legal` (for a
 * pass: the whole hand). The evaluation is the analysis' (packages/bots/src/analysis.ts): every option rated in
 * the seat's expected points for the hand, best first.
 *
 * ```ts
 * const p = readTrainingPosition(JSON.parse(text)); // the position, or the first way it is wrong
 * if (p.ok) optionOf(p.value, ['QS']); // the option the Q♠ is, or null
 * ```
 */
import * as z from 'zod/mini';
import {
  compiledRules,
  historyProblem,
  parseRules,
  RULE_NAMES,
  type CardName,
  type Observation,
} from '@hearts/engine';
import { cards, none, route, seat } from './atoms.js';

/** The analysis' marks (`Mark` of @hearts/bots), mildest first. */
export const MARKS = ['inaccuracy', 'mistake', 'blunder'] as const;
export type Mark = (typeof MARKS)[number];

/**
 * Every position read costs at least this many expected points (issue #17: "lost ≥ 2 expected points"): the floor
 * the check holds positions kept earlier to; a mistake's cost is above it (`MARK_THRESHOLDS.mistake` = 2.5).
 */
export const TRAINING_MIN_COST = 2;

/** A stored position's JSON at most (bytes): a late hand of a long game with its finished hands fits well. */
export const TRAINING_POSITION_MAX_BYTES = 24 * 1024;

/** Where a position comes from: the player's own game, or the starter set from the bots' games. */
export const TRAINING_SOURCES = ['own', 'starter'] as const;
export type TrainingSource = (typeof TRAINING_SOURCES)[number];

/** One evaluated option: the move (a card, or the cards passed), its equivalent cards (plays), its expected points. */
export interface TrainingOption {
  readonly move: readonly CardName[]; // one card for a play, the cards passed for a pass
  readonly cards: readonly CardName[]; // plays: every card this option stands for (equal in effect); passes: empty
  readonly points: number; // the seat's expected points for the hand with this move
}

/** A decision to offer back: the seat's view, what was played, what was best, and the evaluation. */
export interface TrainingPosition {
  readonly id: string; // positionId(observation): the same decision has the same id wherever it is found
  readonly source: TrainingSource;
  readonly game: string | null; // the own game's id (a record's or a live table's), or the starter set's name
  readonly createdAt: number; // ms since 1970
  readonly kind: 'play' | 'pass';
  readonly observation: Observation; // the seat's own view at the decision (the engine's observation() cut)
  readonly played: readonly CardName[]; // what was chosen then
  readonly best: readonly CardName[]; // the best move found
  readonly options: readonly TrainingOption[]; // every option evaluated, best first
  readonly cost: number; // expected points the move played lost against the best (≥ TRAINING_MIN_COST)
  readonly mark: Mark | null; // the analysis' mark (of the cost's lower bound: a cost near a threshold may have none)
}

const trick = z.object({
  leader: seat,
  cards: cards.check(z.maxLength(6)),
  winner: z.optional(seat),
});
/** Rules with every option written out, as observation() gives them (the page reads them, not their defaults). */
export const completeRules = z.custom<Observation['rules']>(
  (x) =>
    typeof x === 'object' && x !== null && parseRules(x).ok && RULE_NAMES.every((k) => Object.hasOwn(x, k)),
  'not valid rules',
);

/** An observation as sent and stored: the shape of the engine's `Observation`. */
export const observationSchema = z.object({
  // Every option written out, as observation() gives them (the page reads them, not their defaults).
  rules: completeRules,
  seat,
  players: z.int().check(z.minimum(3), z.maximum(6)),
  phase: z.enum(['pass', 'play']),
  handNumber: z.int().check(z.minimum(0), z.maximum(1000)),
  dealer: seat,
  passOffset: z.int().check(z.minimum(0), z.maximum(5)),
  hand: cards,
  passed: z.nullable(cards),
  received: z.nullable(cards),
  passedSeats: z.array(z.boolean()).check(z.maxLength(6)),
  sevenSuit: z.nullable(z.enum(['C', 'D', 'H', 'S'])),
  tricks: z.array(trick).check(z.maxLength(20)),
  trick: z.nullable(trick),
  heartsBroken: z.boolean(),
  turn: z.nullable(seat),
  legal: cards,
  handPoints: z.array(z.number()).check(z.maxLength(6)),
  scores: z.array(z.number()).check(z.maxLength(6)),
  handResults: z
    .array(
      z.object({
        points: z.array(z.number()).check(z.maxLength(6)),
        taken: z.array(z.number()).check(z.maxLength(6)),
        shooter: z.nullable(seat),
        moonChoice: z.nullable(z.enum(['minus', 'plus'])),
      }),
    )
    .check(z.maxLength(200)),
  moonShooter: z.nullable(seat),
  winners: z.array(seat).check(z.maxLength(6)),
});

const option = z.object({ move: cards.check(z.minLength(1)), cards, points: z.number() });

/** The shape of a position (its consistency: {@link trainingPositionSchema}). */
const shape = z.object({
  id: z.string().check(z.regex(/^t[0-9a-f]{16}$/)),
  source: z.enum(TRAINING_SOURCES),
  game: z.nullable(z.string().check(z.maxLength(80))),
  createdAt: z.number().check(z.nonnegative()),
  kind: z.enum(['play', 'pass']),
  observation: observationSchema,
  played: cards.check(z.minLength(1)),
  best: cards.check(z.minLength(1)),
  options: z.array(option).check(z.minLength(2), z.maxLength(20)),
  cost: z.number().check(z.gte(TRAINING_MIN_COST), z.lte(1000)),
  mark: z.nullable(z.enum(MARKS)),
});

/** Why a position does not hang together, or null: the checks beyond the shape. */
export function positionProblem(p: z.output<typeof shape>): string | null {
  const o = p.observation;
  if (p.id !== positionId(o as Observation)) return 'id: not the id of its observation';
  if (p.kind !== o.phase) return 'kind: not the observation’s phase';
  if (o.players !== o.rules.players) return 'observation.players: not the rules’ players';
  if (o.seat >= o.players) return 'observation.seat: no such seat';
  const cards = handProblem(o as Observation);
  if (cards !== null) return `observation: ${cards}`;
  // What the game before this hand held: as many finished hands as the hand's number, scored by the rules.
  if (o.handResults.length !== o.handNumber)
    return 'observation.handResults: not one per hand before this one';
  const history = historyProblem(o.rules, o.handResults, o.scores);
  if (history !== null) return `observation: ${history}`;
  const legal = new Set(o.legal);
  const want = p.kind === 'pass' ? o.rules.passCards : 1;
  for (const m of [p.played, p.best, ...p.options.map((x) => x.move)]) {
    if (m.length !== want) return `a move of ${m.length} cards where ${want} are chosen`;
    if (new Set(m).size !== m.length || m.some((c) => !legal.has(c))) return 'a move that is not legal';
  }
  if (p.kind === 'play' && o.turn !== o.seat) return 'observation: not the seat’s turn';
  for (let i = 1; i < p.options.length; i++)
    if (p.options[i]!.points < p.options[i - 1]!.points) return 'options: not best first';
  if (!p.options.some((x) => sameMove(x, p.best))) return 'best: not among the options';
  return null;
}

/**
 * Why the seat's cards cannot be a hand in progress, or null: every card once (hand, tricks, the trick), the
 * seat's hand and the cards it played are one seat's share of the deck, and no more tricks than a hand has.
 */
function handProblem(o: Observation): string | null {
  const perSeat = compiledRules(o.rules).tricks;
  const all = [...o.hand, ...o.tricks.flatMap((t) => t.cards), ...(o.trick?.cards ?? [])];
  if (new Set(all).size !== all.length) return 'a card twice';
  if (o.tricks.length >= perSeat) return 'more tricks than a hand has';
  if (o.tricks.some((t) => t.cards.length !== o.players)) return 'a trick that is not complete';
  if (o.passedSeats.length !== o.players || o.handPoints.length !== o.players)
    return 'not one entry per seat';
  if (o.phase === 'pass' && (o.tricks.length > 0 || o.trick !== null)) return 'tricks before the pass';
  const played = [...o.tricks, ...(o.trick ? [o.trick] : [])].filter(
    (t) => t.cards.length > (o.seat - t.leader + o.players) % o.players,
  ).length;
  if (o.hand.length + played !== perSeat) return 'not a hand of this game';
  return null;
}

/** A training position as sent and stored: its shape, and that it hangs together ({@link positionProblem}). */
export const trainingPositionSchema = shape.check(
  z.superRefine((p, ctx) => {
    const problem = positionProblem(p);
    if (problem !== null) ctx.addIssue({ code: 'custom', message: problem, input: p });
  }),
) as unknown as z.ZodMiniType<TrainingPosition>;

/** Reads a position: the position, or what is wrong with it (the first issue). */
export function readTrainingPosition(
  x: unknown,
): { ok: true; value: TrainingPosition } | { ok: false; error: string } {
  const r = trainingPositionSchema.safeParse(x);
  if (r.success) return { ok: true, value: r.data };
  const issue = r.error.issues[0];
  return {
    ok: false,
    error: issue ? `${issue.path.join('.') || 'position'}: ${issue.message}` : 'not a position',
  };
}

/** 32-bit FNV-1a of a string, from a given start. */
function fnv(text: string, start: number): number {
  let h = start >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/**
 * A decision's id: a hash of what makes it that decision (the seat's cards, the tricks so far, the scores, the
 * pass) — the same decision found twice (the same game analysed again, or sent from two devices) is one position.
 */
export function positionId(o: Observation): string {
  const key = JSON.stringify([
    o.players,
    o.seat,
    o.phase,
    o.handNumber,
    o.passOffset,
    [...o.hand].sort(),
    o.received,
    o.tricks.map((t) => [t.leader, t.cards]),
    o.trick && [o.trick.leader, o.trick.cards],
    o.scores,
  ]);
  const hex = (n: number) => n.toString(16).padStart(8, '0');
  return `t${hex(fnv(key, 0x811c9dc5))}${hex(fnv(key, 0x9e3779b9))}`;
}

const sameCards = (a: readonly CardName[], b: readonly CardName[]): boolean =>
  a.length === b.length && a.every((c) => b.includes(c));

/** Whether an option is the given move (for a play: any card it stands for). */
function sameMove(o: TrainingOption, move: readonly CardName[]): boolean {
  return move.length === 1 && o.cards.length > 0 ? o.cards.includes(move[0]!) : sameCards(o.move, move);
}

/** The option a move is (a play: the option of its card; a pass: the option of those cards), or null. */
export function optionOf(p: TrainingPosition, move: readonly CardName[]): TrainingOption | null {
  return p.options.find((o) => sameMove(o, move)) ?? null;
}

/** How a player did at a position: tries, and whether one of them found a right answer. */
export interface TrainingProgress {
  readonly id: string; // the position's id (own or starter)
  readonly attempts: number;
  readonly solved: boolean; // some attempt was right
  readonly at: number; // the last attempt, ms since 1970
}

export const trainingProgressSchema = z.object({
  id: z.string().check(z.regex(/^t[0-9a-f]{16}$/)),
  attempts: z.int().check(z.minimum(1), z.maximum(1_000_000)),
  solved: z.boolean(),
  at: z.number().check(z.nonnegative()),
}) satisfies z.ZodMiniType<TrainingProgress>;

/**
 * Two records of the same position's progress as one (the device's and the server's): the larger count of tries,
 * solved when either is, the later time. The same whichever comes first, and merging again changes nothing.
 */
export function mergeProgress(a: TrainingProgress, b: TrainingProgress): TrainingProgress {
  return {
    id: a.id,
    attempts: Math.max(a.attempts, b.attempts),
    solved: a.solved || b.solved,
    at: Math.max(a.at, b.at),
  };
}

/** Positions a player keeps on the server at most (the oldest go first); the device keeps as many. */
export const TRAINING_MAX_POSITIONS = 200;
/**
 * Bytes of positions (their JSON) a player keeps on the server at most, whatever their number (the oldest go
 * first): a player's quota. Real positions take 1–4 KB, so 200 of them fit well.
 */
export const TRAINING_MAX_BYTES = 1024 * 1024;
/** Progress records a player keeps on the server at most (the oldest go first). */
export const TRAINING_MAX_PROGRESS = 1000;
/** Positions in one upload at most. */
export const TRAINING_UPLOAD_POSITIONS = 10;
/** Progress records in one upload at most. */
export const TRAINING_UPLOAD_PROGRESS = 100;

/** Training positions and progress kept on the server. */
export const TRAINING_ROUTES = {
  /** Your training positions and your progress at them (starter positions' too). LIMIT_TRAINING per address. */
  training: route({
    method: 'GET',
    path: '/api/training',
    params: none,
    auth: 'required',
    response: z.object({
      positions: z.array(trainingPositionSchema), // newest first, at most TRAINING_MAX_POSITIONS
      progress: z.array(trainingProgressSchema),
    }),
  }),
  /**
   * Keeps training positions (a position kept already stays as it is); beyond TRAINING_MAX_POSITIONS the oldest
   * go. LIMIT_TRAINING per address.
   */
  trainingSave: route({
    method: 'POST',
    path: '/api/training/positions',
    params: none,
    auth: 'required',
    body: z.strictObject({
      positions: z
        .array(trainingPositionSchema)
        .check(z.minLength(1), z.maxLength(TRAINING_UPLOAD_POSITIONS)),
    }),
    maxBody: TRAINING_UPLOAD_POSITIONS * TRAINING_POSITION_MAX_BYTES,
    response: z.object({ stored: z.number(), total: z.number() }),
  }),
  /**
   * Progress at positions, merged with what is kept (`mergeProgress`: sending the same twice changes nothing);
   * beyond TRAINING_MAX_PROGRESS the oldest go. LIMIT_TRAINING per address.
   */
  trainingProgress: route({
    method: 'POST',
    path: '/api/training/progress',
    params: none,
    auth: 'required',
    body: z.strictObject({
      progress: z.array(trainingProgressSchema).check(z.minLength(1), z.maxLength(TRAINING_UPLOAD_PROGRESS)),
    }),
    maxBody: 16 * 1024,
    response: z.object({ total: z.number() }),
  }),
} as const;
