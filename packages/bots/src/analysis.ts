/**
 * Game analysis: for every decision of a seat in a `hearts-record/1` game, the expected points of the move made
 * and of the best move, judged from that seat's information only, by the expert's evaluation (deals sampled from
 * what the seat could know, weighted by what the others did, every candidate played out on the same deals). Each
 * decision gets the points it cost and a mark; each seat an accuracy figure. Pure: runs in Node and in a Web
 * Worker, deterministic for a seed. The method, the thresholds and the measured noise: docs/analysis.md.
 *
 * ```ts
 * const r = await analyzeGame(JSON.parse(text), { seats: [0], seed: 1, onProgress: (p) => bar(p.done / p.total) });
 * if (r.ok) for (const d of r.value.decisions) if (d.mark) console.log(d.hand, d.trick, d.played, d.best, d.cost);
 * ```
 */
import {
  applyMove,
  deal,
  makeCard,
  moonOptions,
  newGame,
  observation,
  parseCard,
  replayRecord,
  seededRandom,
  suitOf,
  type Card,
  type CardName,
  type GameState,
  type MoonChoice,
  type MoonOutcome,
  type Observation,
  type RecordError,
  type Result,
  err,
  ok,
  compiledRules,
} from '@hearts/engine';
import {
  EXPERT,
  SearchBot,
  buildKnowledge,
  mergeEquivalent,
  moonChoice,
  passCandidates,
  tableScore,
  type Evaluation,
} from './search/index.js';

/** How bad a decision was; null (no mark) below the inaccuracy threshold. */
export type Mark = 'inaccuracy' | 'mistake' | 'blunder';

/** A move as records and bots name it: a card, the cards passed, or the shooter's choice. */
export type AnalysedMove = CardName | readonly CardName[] | MoonChoice;

/**
 * Cost thresholds in expected points, measured against the evaluation's noise (docs/analysis.md): a cost at or
 * above a threshold gets its mark.
 */
export const MARK_THRESHOLDS: Readonly<Record<Mark, number>> = {
  inaccuracy: 1.5,
  mistake: 2.5,
  blunder: 4.5,
};

/** The mark of a decision that cost `cost` expected points. */
export function markOf(cost: number): Mark | null {
  if (cost >= MARK_THRESHOLDS.blunder) return 'blunder';
  if (cost >= MARK_THRESHOLDS.mistake) return 'mistake';
  if (cost >= MARK_THRESHOLDS.inaccuracy) return 'inaccuracy';
  return null;
}

/** One decision of the record, before it is analysed: where it is, what the seat saw, what it did. */
export interface DecisionPoint {
  readonly hand: number;
  readonly kind: 'pass' | 'play' | 'moon';
  readonly trick: number | null; // null for passes and moon choices
  readonly step: number | null; // cards played in the hand before this one (plays only): where the replay stands
  readonly seat: number;
  readonly observation: Observation; // the seat's view at the decision: all the analysis may use
  readonly played: AnalysedMove;
}

/** A candidate move with its expected points for the hand (equivalent cards are one candidate). */
export interface RatedMove {
  readonly move: AnalysedMove;
  readonly cards: readonly CardName[]; // plays: the equivalent cards this candidate stands for (else empty)
  readonly points: number; // the seat's expected points for the hand (see docs/analysis.md for the moon)
}

/**
 * A decision analysed. `cost` = `playedPoints` − `bestPoints` (never below 0; 0 when the move played is among
 * the best's equivalent cards, then `best` is the move played). Forced decisions (one legal move, or only
 * equivalent cards) are not evaluated: cost 0, no points, no options.
 */
export interface DecisionAnalysis {
  readonly hand: number;
  readonly kind: 'pass' | 'play' | 'moon';
  readonly trick: number | null;
  readonly step: number | null;
  readonly seat: number;
  readonly played: AnalysedMove;
  readonly best: AnalysedMove; // the best move found (for a play: the lowest of its equivalent cards)
  readonly cost: number; // expected points lost against `best`, two decimals, ≥ 0
  /**
   * The lowest and highest cost the evaluation allows (4 standard errors of the paired differences either side,
   * two decimals; both equal `cost` where nothing was sampled). The mark is the mark of `costLow`: a decision is
   * only marked once the evaluation is sure of it, so a cost on a threshold gets the lower mark in every run.
   */
  readonly costLow: number;
  readonly costHigh: number;
  readonly mark: Mark | null; // markOf(costLow)
  readonly forced: boolean;
  readonly playedPoints: number | null; // expected points of the move played; null when forced
  readonly bestPoints: number | null; // … and of the best move
  readonly options: readonly RatedMove[]; // every candidate rated, best first
  readonly samples: number; // deals played out
}

/** Per-seat totals. `accuracy` is the mean of 100·e^(−cost/2) over the seat's unforced decisions (0–100). */
export interface SeatSummary {
  readonly seat: number;
  readonly decisions: number; // all of its decisions, forced ones included
  readonly cost: number; // sum of the costs, two decisions
  readonly accuracy: number; // 0–100, one decimal; 100 without unforced decisions
  readonly inaccuracies: number;
  readonly mistakes: number;
  readonly blunders: number;
}

export interface GameAnalysis {
  readonly decisions: readonly DecisionAnalysis[]; // in the order of the game
  readonly seats: readonly SeatSummary[]; // one per analysed seat, by seat
}

/** How much effort an analysis spends; the defaults are the measured ones of docs/analysis.md. */
export interface AnalysisBudget {
  readonly minSamples?: number; // deals per play decision before it may stop (default 960)
  readonly maxSamples?: number; // deals per play decision at most (default 320000)
  readonly minPassSamples?: number; // deals per pass decision before it may stop (default 1000)
  readonly maxPassSamples?: number; // deals per pass decision at most (default 144000)
}

export interface AnalysisOptions extends AnalysisBudget {
  readonly seats?: readonly number[]; // seats to analyse (default every seat)
  readonly seed?: number | string; // the same seed gives the same analysis (default 1)
  /** Called after each decision; return false to cancel (the promise then rejects with an AbortError). */
  readonly onProgress?: (progress: AnalysisProgress) => boolean | void;
  readonly signal?: { readonly aborted: boolean }; // an AbortSignal: cancels between decisions
}

export interface AnalysisProgress {
  readonly done: number; // decisions analysed
  readonly total: number; // decisions to analyse
  readonly decision: DecisionAnalysis; // the one just finished
}

const DEFAULTS = {
  minSamples: 960,
  maxSamples: 320000,
  minPassSamples: 1000,
  maxPassSamples: 144000,
} as const;
const BATCH = 48; // deals between checks of the stopping rule (plays)
const PASS_BATCH = 100; // … (passes)
const Z = 4; // a mark is settled when it is the same this many standard errors either side
const DROP_Z = 4; // an option is played out no more once it is this many standard errors worse than the best
const PASS_CANDIDATES = 12;
const ACCURACY_SCALE = 2; // expected points that take a decision's accuracy to 1/e

/**
 * Every decision of the given seats in a record, in the order of the game, each with the seat's observation at
 * that moment. A record that is not valid (or breaks a rule) comes back as the engine's {@link RecordError}.
 */
export function gameDecisions(
  record: unknown,
  seats?: readonly number[],
): Result<DecisionPoint[], RecordError | { kind: 'seat'; message: string }> {
  const replay = replayRecord(record);
  if (!replay.ok) return replay;
  const { rules } = replay.value;
  const n = rules.players;
  const wanted = seats ?? Array.from({ length: n }, (_, s) => s);
  for (const s of wanted)
    if (!Number.isInteger(s) || s < 0 || s >= n)
      return err({ kind: 'seat', message: `no seat ${s} in a game of ${n} seats` });
  const of = new Set(wanted);
  const out: DecisionPoint[] = [];
  let g = unwrapState(newGame(rules));
  for (const log of replay.value.state.log) {
    g = unwrapState(deal(g, log.deal, log.sevenSuit));
    const passes = log.passes;
    if (passes && passes.every((p) => p !== null)) {
      for (let s = 0; s < n; s++)
        if (of.has(s)) out.push(decisionPoint(observation(g, s), passes[s]!.names()));
      for (let s = 0; s < n; s++) g = step(g, s, { kind: 'pass', cards: passes[s]!.toArray() });
    }
    for (const card of log.plays) {
      const seat = g.core!.turn;
      if (of.has(seat)) out.push(decisionPoint(observation(g, seat), makeCard(card)));
      g = step(g, seat, { kind: 'play', card });
    }
    if (g.phase === 'moon' && log.moonChoice !== null) {
      const shooter = g.moonShooter!;
      if (of.has(shooter)) out.push(decisionPoint(observation(g, shooter), log.moonChoice));
      g = step(g, shooter, { kind: 'moon', choice: log.moonChoice });
    }
  }
  return ok(out);
}

/**
 * The decision a seat faces in an observation (a play, a pass or the shooter's choice), with the move it made:
 * what {@link analyzeDecision} takes. For positions outside a record (training positions, a table's hint).
 */
export function decisionPoint(obs: Observation, played: AnalysedMove): DecisionPoint {
  const kind = obs.phase === 'pass' ? 'pass' : obs.phase === 'moon' ? 'moon' : 'play';
  const step = kind === 'play' ? obs.tricks.length * obs.players + (obs.trick?.cards.length ?? 0) : null;
  return {
    hand: obs.handNumber,
    kind,
    trick: kind === 'play' ? obs.tricks.length : null,
    step,
    seat: obs.seat,
    observation: obs,
    played,
  };
}

function unwrapState<E>(r: Result<GameState, E>): GameState {
  if (!r.ok) throw new Error('internal: a replayed record was refused');
  return r.value;
}

function step(g: GameState, seat: number, move: Parameters<typeof applyMove>[2]): GameState {
  return unwrapState(applyMove(g, seat, move));
}

/** Analyses one decision from its observation alone. Synchronous; deterministic for the seed. */
export function analyzeDecision(
  point: DecisionPoint,
  options: AnalysisBudget & { readonly seed?: number | string } = {},
): DecisionAnalysis {
  const seed = `analysis:${options.seed ?? 1}:${point.hand}:${point.kind}:${point.step ?? point.seat}`;
  switch (point.kind) {
    case 'pass':
      return analyzePass(
        point,
        seed,
        options.minPassSamples ?? DEFAULTS.minPassSamples,
        options.maxPassSamples ?? DEFAULTS.maxPassSamples,
      );
    case 'moon':
      return analyzeMoon(point);
    default:
      return analyzePlay(
        point,
        seed,
        options.minSamples ?? DEFAULTS.minSamples,
        options.maxSamples ?? DEFAULTS.maxSamples,
      );
  }
}

const round2 = (x: number): number => Math.round(x * 100) / 100;

function forcedResult(point: DecisionPoint): DecisionAnalysis {
  return {
    ...place(point),
    best: point.played,
    cost: 0,
    costLow: 0,
    costHigh: 0,
    mark: null,
    forced: true,
    playedPoints: null,
    bestPoints: null,
    options: [],
    samples: 0,
  };
}

const place = (
  p: DecisionPoint,
): Pick<DecisionAnalysis, 'hand' | 'kind' | 'trick' | 'step' | 'seat' | 'played'> => ({
  hand: p.hand,
  kind: p.kind,
  trick: p.trick,
  step: p.step,
  seat: p.seat,
  played: p.played,
});

/** A card's value: its best plan (the expert also rates a moon plan where one is plausible). */
interface CardValue {
  readonly rep: Card; // the lowest of the equivalent cards
  readonly cards: Card[];
  readonly option: number; // index of its best (card, plan) option in the evaluation
  readonly mean: number;
}

function cardValues(e: Evaluation, groups: Map<Card, Card[]>): CardValue[] {
  const byCard = new Map<Card, CardValue>();
  e.options.forEach((o, i) => {
    const rep = parseCard(o.card)!;
    const had = byCard.get(rep);
    if (!had || o.mean < had.mean) byCard.set(rep, { rep, cards: groups.get(rep)!, option: i, mean: o.mean });
  });
  return [...byCard.values()].sort((a, b) => a.mean - b.mean || a.rep - b.rep);
}

/** Groups the legal cards by the lowest of their equivalent cards (the representative the search plays out). */
function equivalenceGroups(obs: Observation): Map<Card, Card[]> {
  const legal = obs.legal.map((c) => parseCard(c)!).sort((a, b) => a - b);
  const reps = mergeEquivalent(legal, buildKnowledge(obs, compiledRules(obs.rules)));
  const groups = new Map<Card, Card[]>(reps.map((r) => [r, []]));
  for (const c of legal) {
    let rep = -1;
    for (const r of reps) if (r <= c && suitOf(r) === suitOf(c)) rep = r;
    groups.get(rep)!.push(c);
  }
  return groups;
}

/**
 * When the stopping rule looks: at the floor, then each time the deals have grown by half (rounded up to the
 * batch). Few looks keep the rule honest — a mark that is looked at after every batch settles on a lucky run of
 * deals far more often than its `Z` standard errors promise — and cost nothing in between.
 */
function looks(first: number, batch: number): (worlds: number) => boolean {
  let next = first;
  return (worlds) => {
    if (worlds < next) return false;
    while (next <= worlds) next = Math.ceil((next * 1.5) / batch) * batch;
    return true;
  };
}

/**
 * The lowest and highest cost the evaluation allows: `Z` standard errors of each paired difference to another
 * candidate either side (the cost is the largest of those differences).
 */
function costBounds(e: Evaluation, mine: number, others: readonly number[]): { low: number; high: number } {
  let low = 0;
  let high = 0;
  for (const o of others) {
    if (o === mine) continue;
    const d = e.versus(mine, o);
    low = Math.max(low, d.mean - Z * d.se);
    high = Math.max(high, d.mean + Z * d.se);
  }
  return { low, high };
}

/** Whether the mark is settled: the lowest and highest cost the evaluation allows give the same mark. */
function settled(e: Evaluation, mine: number, others: readonly number[]): boolean {
  const { low, high } = costBounds(e, mine, others);
  return markOf(low) === markOf(high);
}

/**
 * The options that can no longer matter: neither the move made (nor its other plan while that is not clearly
 * worse) nor one that may still be the best — each is worse than the best so far by more than `DROP_Z` standard
 * errors of their paired difference. They are played out no more, so the deals go to the ones that decide the
 * cost.
 */
function droppable(e: Evaluation, keep: (o: number) => boolean): number[] {
  let best = -1;
  e.options.forEach((o, i) => {
    if (o.worlds === e.worlds && (best < 0 || o.mean < e.options[best]!.mean)) best = i;
  });
  const out: number[] = [];
  e.options.forEach((o, i) => {
    if (i === best || o.worlds < e.worlds || keep(i)) return;
    const d = e.versus(i, best);
    if (d.mean > DROP_Z * d.se) out.push(i);
  });
  return out;
}

function analyzePlay(
  point: DecisionPoint,
  seed: string,
  minSamples: number,
  maxSamples: number,
): DecisionAnalysis {
  const obs = point.observation;
  const played = parseCard(point.played as CardName)!;
  const groups = equivalenceGroups(obs);
  if (groups.size <= 1) return forcedResult(point);
  const bot = new SearchBot({
    ...EXPERT,
    minWorlds: Math.min(minSamples, maxSamples),
    maxWorlds: maxSamples,
    batch: BATCH,
    endgameCards: 0, // the analysis rates moves by playouts alone, as it always has
  });
  const look = looks(Math.min(minSamples, maxSamples), BATCH);
  let looking = false;
  // Enough deals once the mark cannot change within the evaluation's uncertainty.
  const e = bot.evaluate(obs, seededRandom(seed), Infinity, {
    score: tableScore,
    drop: (sofar) => {
      looking = look(sofar.worlds);
      if (!looking) return [];
      const values = cardValues(sofar, groups);
      const mine = values.find((v) => v.cards.includes(played))!;
      const isMine = (o: number): boolean => parseCard(sofar.options[o]!.card) === mine.rep;
      // The move made's other plan goes too once its best plan is clearly better.
      return droppable(
        sofar,
        (o) => o === mine.option || (isMine(o) && !clearlyWorse(sofar, o, mine.option)),
      );
    },
    stop: (sofar) => {
      if (!looking) return false;
      const values = cardValues(sofar, groups);
      const mine = values.find((v) => v.cards.includes(played))!;
      return settled(
        sofar,
        mine.option,
        values.filter((v) => sofar.options[v.option]!.worlds === sofar.worlds).map((v) => v.option),
      );
    },
  });

  const values = cardValues(e, groups);
  const mine = values.find((v) => v.cards.includes(played))!;
  const best = values[0]!;
  const cost = mine === best ? 0 : round2(Math.max(0, mine.mean - best.mean));
  const bounds = costBounds(
    e,
    mine.option,
    values.filter((v) => e.options[v.option]!.worlds === e.worlds).map((v) => v.option),
  );
  const costLow = Math.min(cost, round2(bounds.low));
  return {
    ...place(point),
    best: mine === best || cost === 0 ? point.played : makeCard(best.rep),
    cost,
    costLow,
    costHigh: Math.max(cost, round2(bounds.high)),
    mark: markOf(costLow),
    forced: false,
    playedPoints: round2(mine.mean),
    bestPoints: round2(cost === 0 ? mine.mean : best.mean),
    options: values.map((v) => ({
      move: makeCard(v.rep),
      cards: v.cards.map(makeCard),
      points: round2(v.mean),
    })),
    samples: e.worlds,
  };
}

/** Whether option a is worse than option b by more than `DROP_Z` standard errors of their paired difference. */
function clearlyWorse(e: Evaluation, a: number, b: number): boolean {
  const d = e.versus(a, b);
  return d.mean > DROP_Z * d.se;
}

const samePass = (a: readonly Card[], b: readonly Card[]): boolean =>
  a.length === b.length && a.every((c) => b.includes(c));

function analyzePass(
  point: DecisionPoint,
  seed: string,
  minSamples: number,
  maxSamples: number,
): DecisionAnalysis {
  const obs = point.observation;
  const played = (point.played as readonly CardName[]).map((c) => parseCard(c)!);
  const hand = obs.hand.map((c) => parseCard(c)!);
  if (hand.length <= obs.rules.passCards) return forcedResult(point);
  const cfg = compiledRules(obs.rules);
  const candidates = passCandidates(hand, obs.rules.passCards, cfg, PASS_CANDIDATES);
  if (!candidates.some((c) => samePass(c, played))) candidates.push(played);
  const mineIndex = candidates.findIndex((c) => samePass(c, played));
  const all = candidates.map((_, i) => i);
  const look = looks(Math.min(minSamples, maxSamples), PASS_BATCH);
  let looking = false;
  const e = new SearchBot(EXPERT).passValues(obs, candidates, seededRandom(seed), Infinity, {
    score: tableScore,
    minWorlds: Math.min(minSamples, maxSamples),
    maxWorlds: maxSamples,
    batch: PASS_BATCH,
    drop: (sofar) => {
      looking = look(sofar.worlds);
      return looking ? droppable(sofar, (o) => o === mineIndex) : [];
    },
    stop: (sofar) =>
      looking &&
      settled(
        sofar,
        mineIndex,
        all.filter((i) => sofar.options[i]!.worlds === sofar.worlds),
      ),
  });
  const order = all.sort((a, b) => e.means[a]! - e.means[b]! || a - b);
  const bestIndex = order[0]!;
  const names = (cards: readonly Card[]): CardName[] => [...cards].sort((a, b) => a - b).map(makeCard);
  const cost = round2(Math.max(0, e.means[mineIndex]! - e.means[bestIndex]!));
  const bounds = costBounds(
    e,
    mineIndex,
    all.filter((i) => e.options[i]!.worlds === e.worlds),
  );
  const costLow = Math.min(cost, round2(bounds.low));
  return {
    ...place(point),
    played: names(played),
    best: cost === 0 ? names(played) : names(candidates[bestIndex]!),
    cost,
    costLow,
    costHigh: Math.max(cost, round2(bounds.high)),
    mark: markOf(costLow),
    forced: false,
    playedPoints: round2(e.means[mineIndex]!),
    bestPoints: round2(cost === 0 ? e.means[mineIndex]! : e.means[bestIndex]!),
    options: order.map((i) => ({ move: names(candidates[i]!), cards: [], points: round2(e.means[i]!) })),
    samples: e.worlds,
  };
}

/** How good an outcome of the game is for the seat: winning alone, sharing the win, going on, losing. */
function standing(o: MoonOutcome, seat: number): number {
  if (!o.end.over) return 2;
  if (!o.end.winners.includes(seat)) return 3;
  return o.end.winners.length === 1 ? 0 : 1;
}

/**
 * The shooter's choice. Measured against the table both choices are worth the same (the gaps to the others
 * change by the moon's value either way); what differs is whether the game ends and who wins. A choice that
 * leaves the seat worse placed (losing or missing a win the other choice gives) costs the moon's value.
 */
function analyzeMoon(point: DecisionPoint): DecisionAnalysis {
  const obs = point.observation;
  const seat = point.seat;
  const opts = moonOptions(obs.rules, obs.handPoints, seat, obs.scores, obs.handNumber + 1);
  const played = point.played as MoonChoice;
  const other: MoonChoice = played === 'minus' ? 'plus' : 'minus';
  const preferred = moonChoice(obs);
  const worse = standing(opts[played], seat) > standing(opts[other], seat);
  const cost = worse ? compiledRules(obs.rules).moonValue : 0;
  const best = worse ? other : played;
  const pts = (c: MoonChoice): number => opts[c].points[seat]!;
  return {
    ...place(point),
    best,
    cost,
    costLow: cost,
    costHigh: cost,
    mark: markOf(cost),
    forced: false,
    playedPoints: pts(played),
    bestPoints: pts(best),
    options: [preferred, preferred === 'minus' ? 'plus' : 'minus'].map((c) => ({
      move: c as MoonChoice,
      cards: [],
      points: pts(c as MoonChoice),
    })),
    samples: 0,
  };
}

/** Per-seat totals of analysed decisions. */
export function summarize(decisions: readonly DecisionAnalysis[], seats: readonly number[]): SeatSummary[] {
  return [...seats]
    .sort((a, b) => a - b)
    .map((seat) => {
      const mine = decisions.filter((d) => d.seat === seat);
      const judged = mine.filter((d) => !d.forced);
      const acc =
        judged.length === 0
          ? 100
          : judged.reduce((a, d) => a + 100 * Math.exp(-d.cost / ACCURACY_SCALE), 0) / judged.length;
      return {
        seat,
        decisions: mine.length,
        cost: round2(mine.reduce((a, d) => a + d.cost, 0)),
        accuracy: Math.round(acc * 10) / 10,
        inaccuracies: mine.filter((d) => d.mark === 'inaccuracy').length,
        mistakes: mine.filter((d) => d.mark === 'mistake').length,
        blunders: mine.filter((d) => d.mark === 'blunder').length,
      };
    });
}

/** Thrown (as the promise's rejection) when an analysis is cancelled. */
export class AnalysisCancelled extends Error {
  override readonly name = 'AbortError';
  constructor() {
    super('the analysis was cancelled');
  }
}

type Timers = { setTimeout?: (f: () => void, ms: number) => unknown };
/** A macrotask turn (Node and workers have setTimeout), so that a worker's cancel message gets through. */
const nextTurn = (): Promise<void> =>
  new Promise((resolve) => {
    const timers = globalThis as Timers;
    if (timers.setTimeout) timers.setTimeout(resolve, 0);
    else resolve();
  });

/**
 * Analyses every decision of the chosen seats. Yields to the event loop between decisions, so a Web Worker can
 * receive a cancel message; reports progress after each decision. Invalid records come back as errors, not
 * exceptions; cancelling rejects with {@link AnalysisCancelled}.
 */
export async function analyzeGame(
  record: unknown,
  options: AnalysisOptions = {},
): Promise<Result<GameAnalysis, RecordError | { kind: 'seat'; message: string }>> {
  const points = gameDecisions(record, options.seats);
  if (!points.ok) return points;
  const n = points.value[0]?.observation.players ?? (replayPlayers(record) || 4);
  const seats = options.seats ?? Array.from({ length: n }, (_, s) => s);
  const out: DecisionAnalysis[] = [];
  for (const point of points.value) {
    if (options.signal?.aborted) throw new AnalysisCancelled();
    const d = analyzeDecision(point, options);
    out.push(d);
    if (options.onProgress?.({ done: out.length, total: points.value.length, decision: d }) === false)
      throw new AnalysisCancelled();
    await nextTurn();
  }
  if (options.signal?.aborted) throw new AnalysisCancelled();
  return ok({ decisions: out, seats: summarize(out, seats) });
}

function replayPlayers(record: unknown): number {
  const r = replayRecord(record);
  return r.ok ? r.value.rules.players : 0;
}
