/**
 * Duplicate matches between bots. Every deal is played once per seating of the bots, with the same cards (the
 * same deal, the same die), passing included; consecutive deals of one seating are chained into games. See
 * docs/bot-protocol.md ("Arena") for the seatings and the statistics.
 *
 * ```ts
 * const config = arenaConfig({ bots: ['medium', 'easy'], deals: 20, seed: 1 });
 * const chains = [];
 * for (let s = 0; s < config.seatings.length; s++) chains.push(await playChain(config, s, players));
 * console.log(formatReport(summarize(config, chains)));
 * ```
 */
import {
  applyMove,
  compiledRules,
  dealRandom,
  gameEnd,
  moonCardsOf,
  parseNamedMove,
  observation,
  parseRules,
  rulesDiff,
  scoreHand,
  seatsToAct,
  seededRandom,
  QUEEN_OF_SPADES,
  type GameState,
  type Observation,
  type RandomSource,
  type Rules,
  handTricks,
} from '@hearts/engine';
import { BOT_TIME_MS } from './budget.js';
import { handAt, handPeriod } from './position.js';
import { randomBot } from './random.js';
import type { DecideOptions, Decision } from './types.js';

/** A player in the arena: one of our bots, or an external program (whose answers may be asynchronous). */
export interface ArenaPlayer {
  readonly name: string;
  decide(observation: Observation, options: DecideOptions): Decision | Promise<Decision>;
}

/** What an arena run plays. Plain data, so it can be sent to worker threads. */
export interface ArenaConfig {
  readonly bots: readonly string[]; // bot specs as given (level names, level@ms, or cmd:…)
  readonly labels: readonly string[]; // unique names for the report
  readonly rules: Rules;
  readonly deals: number;
  readonly seed: string; // deals and bots' randomness derive from it
  readonly timeMs: number; // each decision's time budget, for bots without their own
  readonly budgets: readonly number[]; // per bot: its decisions' time budget (its own, or timeMs)
  readonly seatings: readonly (readonly number[])[]; // per seating: the bot index in each seat
  /**
   * With a field (`--field`): the last bot is the field, and every other bot plays alone against it (see
   * {@link fieldSeatings}); the field's own figures come from the seating where it fills the table.
   */
  readonly field: boolean;
}

export interface ArenaOptions {
  readonly bots: readonly string[];
  readonly deals: number;
  readonly seed?: number | string;
  readonly rules?: unknown;
  readonly timeMs?: number; // default BOT_TIME_MS
  /** A bot every one of `bots` plays against alone (then any number of bots may be tested, 1 or more). */
  readonly field?: string;
}

/**
 * A bot spec's own time budget: `expert@500` is the expert with 500 ms per decision (`bot` 'expert', `timeMs`
 * 500); a spec without `@` (and every cmd: spec, whose command may hold one) has none (`timeMs` null). A budget
 * that is not a positive whole number is an error.
 */
export function parseBotSpec(spec: string): { readonly bot: string; readonly timeMs: number | null } {
  const at = spec.lastIndexOf('@');
  if (spec.startsWith('cmd:') || at < 0) return { bot: spec, timeMs: null };
  const ms = spec.slice(at + 1).trim();
  if (!/^[0-9]+$/.test(ms) || Number(ms) < 1)
    throw new Error(`"${spec}": the time budget after @ must be a whole number of milliseconds ≥ 1`);
  return { bot: spec.slice(0, at).trim(), timeMs: Number(ms) };
}

/** Validates options and fixes the seatings. Throws an Error with a readable message on bad input. */
export function arenaConfig(o: ArenaOptions): ArenaConfig {
  const rules = parseRules(o.rules ?? {});
  if (!rules.ok) throw new Error(rules.error.message);
  if (!Number.isInteger(o.deals) || o.deals < 1) throw new Error('deals must be a whole number ≥ 1');
  const timeMs = o.timeMs ?? BOT_TIME_MS;
  if (!Number.isFinite(timeMs) || timeMs <= 0) throw new Error('the time budget must be a positive number');
  const field = o.field?.trim();
  if (field === '') throw new Error('the field bot is empty');
  const bots = [...o.bots, ...(field !== undefined ? [field] : [])].map((b) => b.trim());
  if (bots.some((b) => b === '')) throw new Error('a bot name is empty');
  const counts = new Map<string, number>();
  const labels = bots.map((b) => {
    const k = (counts.get(b) ?? 0) + 1;
    counts.set(b, k);
    return bots.filter((x) => x === b).length > 1 ? `${b}#${k}` : b;
  });
  return {
    bots,
    labels,
    rules: rules.value,
    deals: o.deals,
    seed: String(o.seed ?? 1),
    timeMs,
    budgets: bots.map((b) => parseBotSpec(b).timeMs ?? timeMs),
    seatings:
      field !== undefined
        ? fieldSeatings(bots.length - 1, rules.value.players)
        : seatings(bots.length, rules.value.players),
    field: field !== undefined,
  };
}

/**
 * The duplicate seatings. Two bots: each bot alone in each seat against copies of the other (2n seatings, so
 * each bot sits in every seat equally often). As many bots as seats: every rotation of the bots round the table,
 * in both orders (2n seatings; all 6 orders with 3 players).
 */
export function seatings(bots: number, players: number): number[][] {
  const out: number[][] = [];
  if (bots === 2) {
    for (const solo of [0, 1])
      for (let r = 0; r < players; r++)
        out.push(Array.from({ length: players }, (_, s) => (s === r ? solo : 1 - solo)));
    return out;
  }
  if (bots === players) {
    const forward = Array.from({ length: players }, (_, i) => i);
    const backward = forward.map((i) => (players - i) % players);
    for (const order of [forward, backward])
      for (let r = 0; r < players; r++)
        out.push(Array.from({ length: players }, (_, s) => order[(s + r) % players]!));
    return out;
  }
  throw new Error(`give two bots, or one bot per seat (${players}); got ${bots}`);
}

/**
 * The seatings against a field, for `tested` bots (0 … tested−1) and the field (index `tested`): first the field
 * in every seat, then each tested bot alone in each seat, the field in the others. Each tested bot meets exactly
 * the same opponents on the same cards, so two tested bots' difference is paired seat by seat; against the
 * field-only seating, a bot's figure is what it takes more or fewer than the field would in its place. One
 * thinking seat per table, so a strong, slow bot costs a quarter of what the two-bot seatings cost.
 */
export function fieldSeatings(tested: number, players: number): number[][] {
  if (!Number.isInteger(tested) || tested < 1)
    throw new Error('give at least one bot to play against the field');
  const out: number[][] = [new Array<number>(players).fill(tested)];
  for (let b = 0; b < tested; b++)
    for (let r = 0; r < players; r++)
      out.push(Array.from({ length: players }, (_, s) => (s === r ? b : tested)));
  return out;
}

/** One hand of one seating. Seats count from 0; -1 means nobody. */
export interface HandOutcome {
  readonly points: readonly number[]; // scored per seat, after the moon rule
  readonly shooter: number; // who shot the moon
  readonly queen: number; // who took the Q♠
  readonly moonCards: readonly number[]; // per seat: how many of the moon cards (every heart in play, the Q♠) it took
  readonly gameOver: readonly number[] | null; // the winners when a game ended with this hand
}

/** A near moon: one seat took every moon card but one to this many, all of them taken by one other seat. */
export const NEAR_MOON = 3;

/**
 * The near moon of a hand, if any: the seat that took every moon card but 1 … {@link NEAR_MOON} (`shooter`) and the
 * one seat that took the rest (`stopper`), or null (a moon shot, points spread over more seats, or no moon rule).
 */
export function nearMoon(h: HandOutcome): { shooter: number; stopper: number } | null {
  const total = h.moonCards.reduce((a, b) => a + b, 0);
  let shooter = -1;
  let stopper = -1;
  for (let s = 0; s < h.moonCards.length; s++) {
    const k = h.moonCards[s]!;
    if (k === 0) continue;
    if (total - k >= 1 && total - k <= NEAR_MOON && shooter < 0) shooter = s;
    else if (stopper < 0) stopper = s;
    else return null;
  }
  return shooter >= 0 && stopper >= 0 ? { shooter, stopper } : null;
}

/** Something that went wrong with a bot: its move was replaced by a random legal one. */
export interface Incident {
  readonly bot: number;
  readonly deal: number;
  readonly seat: number;
  readonly message: string;
}

export interface ChainResult {
  readonly seating: number;
  readonly hands: readonly HandOutcome[]; // one per deal, in deal order
  readonly incidents: readonly Incident[];
}

/**
 * Plays one seat's decision; a failing bot gets a random legal move and `report` hears why (an incident). Scripts
 * that seat bots their own way (moon-timeline.js) play each decision through it too.
 */
export async function playDecision(
  state: GameState,
  seat: number,
  player: ArenaPlayer,
  options: DecideOptions,
  report: (message: string) => void,
): Promise<GameState> {
  const obs = observation(state, seat);
  let message: string;
  try {
    const decision = await player.decide(obs, options);
    const move = parseNamedMove(decision);
    if (move.ok) {
      const r = applyMove(state, seat, move.value);
      if (r.ok) return r.value;
      message = `illegal ${decision.kind}: ${r.error.message}`;
    } else message = `not a decision: ${JSON.stringify(decision)}`;
  } catch (e) {
    message = e instanceof Error ? e.message : String(e);
  }
  report(message);
  const fallback = parseNamedMove(randomBot.decide(obs, options));
  if (!fallback.ok) throw new Error(`internal: random move unreadable: ${fallback.error}`);
  const r = applyMove(state, seat, fallback.value);
  if (!r.ok) throw new Error(`internal: random move refused: ${r.error.message}`);
  return r.value;
}

/**
 * Plays every deal in one seating, in order, chaining the hands into games (a new game starts after each one
 * ends). Deal d is hand h of its game with h ≡ d modulo the pass cycle, so every seating passes the same way.
 */
export async function playChain(
  config: ArenaConfig,
  seating: number,
  players: readonly ArenaPlayer[],
  onHand?: () => void,
): Promise<ChainResult> {
  const { rules } = config;
  const cfg = compiledRules(rules);
  const seats = config.seatings[seating];
  if (!seats) throw new Error(`no seating ${seating}`);
  const n = rules.players;
  const period = handPeriod(rules);
  const hands: HandOutcome[] = [];
  const incidents: Incident[] = [];
  let totals = new Array<number>(n).fill(0);
  let inGame = 0;
  for (let d = 0; d < config.deals; d++) {
    const handNumber = inGame + ((((d - inGame) % period) + period) % period);
    let state = dealRandom(handAt(rules, handNumber, totals), seededRandom(`${config.seed}:deal:${d}`));
    const rngs: RandomSource[] = Array.from({ length: n }, (_, s) =>
      seededRandom(`${config.seed}:bot:${d}:${s}`),
    );
    const options = (s: number): DecideOptions => ({
      timeMs: config.budgets[seats[s]!] ?? config.timeMs,
      random: rngs[s]!,
    });
    const report = (s: number) => (message: string) =>
      incidents.push({ bot: seats[s]!, deal: d, seat: s, message });
    while (state.phase === 'pass' || state.phase === 'play' || state.phase === 'moon') {
      for (const s of seatsToAct(state))
        state = await playDecision(state, s, players[seats[s]!]!, options(s), report(s));
    }
    const result = state.results[state.results.length - 1]!;
    const shooter = result.shooter ?? -1;
    const { points } = scoreHand(rules, cfg, result.taken, shooter, totals, inGame + 1, result.moonChoice);
    const plays = state.log[state.log.length - 1]!.plays;
    const qi = plays.indexOf(QUEEN_OF_SPADES);
    const winners = handTricks(state, state.log.length - 1).map((t) => t.winner!);
    const queen = qi >= 0 ? winners[Math.floor(qi / n)]! : -1;
    const moonSet = moonCardsOf(cfg);
    const moonCards = new Array<number>(n).fill(0);
    if (cfg.moonAllowed)
      plays.forEach((c, i) => {
        if (moonSet.has(c)) moonCards[winners[Math.floor(i / n)]!]!++;
      });
    totals = totals.map((t, s) => t + points[s]!);
    inGame++;
    let gameOver: number[] | null = null;
    const end = gameEnd(rules, totals, inGame);
    if (end.over) {
      gameOver = [...end.winners];
      totals = new Array<number>(n).fill(0);
      inGame = 0;
    }
    hands.push({ points, shooter, queen, moonCards, gameOver });
    onHand?.();
  }
  return { seating, hands, incidents };
}

/** A mean with its 95% confidence interval. */
export interface Estimate {
  readonly mean: number;
  readonly low: number;
  readonly high: number;
}

/** Per-bot results. Counts are over the bot's seat-hands (one seat in one hand of one seating). */
export interface BotResult {
  readonly bot: string;
  readonly timeMs: number; // its time budget per decision
  readonly seatHands: number;
  readonly points: Estimate; // mean points per hand
  readonly moonsShot: number; // seat-hands in which it shot the moon
  readonly moonsSuffered: number; // seat-hands in which another bot shot the moon
  /** Seat-hands in which it stopped another bot's near moon: it took the only moon cards that bot did not. */
  readonly moonsStopped: number;
  /** Seat-hands in which another bot stopped its near moon (see {@link nearMoon}). */
  readonly moonsFailed: number;
  /** The four moon counts per 1,000 of its seat-hands (rounded to 0.1). */
  readonly moonsPer1000: {
    readonly shot: number;
    readonly suffered: number;
    readonly stopped: number;
    readonly failed: number;
  };
  readonly queenTaken: number; // seat-hands in which it took the Q♠
  readonly games: number; // complete games it sat in, counted per seat
  readonly wins: number; // games won, counted per seat; a shared win counts as a share
  readonly winRate: number; // wins / games
}

export interface Difference {
  readonly a: string;
  readonly b: string;
  readonly points: Estimate; // a's mean points per hand minus b's, over paired deals
}

export interface ArenaReport {
  readonly bots: readonly string[];
  readonly field: string | null; // the field's label when every other bot played alone against it
  readonly rules: Partial<Rules>;
  readonly deals: number;
  readonly seed: string;
  readonly timeMs: number;
  readonly seatings: number;
  readonly hands: number; // deals × seatings
  readonly results: readonly BotResult[];
  readonly differences: readonly Difference[];
  readonly incidents: number;
  readonly incidentExamples: readonly string[];
}

/** t(0.975) for 1 … 30 degrees of freedom. */
const T975 = [
  12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145, 2.131,
  2.12, 2.11, 2.101, 2.093, 2.086, 2.08, 2.074, 2.069, 2.064, 2.06, 2.056, 2.052, 2.048, 2.045, 2.042,
];

/** The 97.5% quantile of Student's t with `df` degrees of freedom (table to 30, then Cornish–Fisher). */
export function tQuantile975(df: number): number {
  if (df < 1) return Infinity;
  if (df <= 30) return T975[Math.floor(df) - 1]!;
  const z = 1.959964;
  const z3 = z ** 3;
  const z5 = z ** 5;
  const z7 = z ** 7;
  return (
    z +
    (z3 + z) / (4 * df) +
    (5 * z5 + 16 * z3 + 3 * z) / (96 * df ** 2) +
    (3 * z7 + 19 * z5 + 17 * z3 - 15 * z) / (384 * df ** 3)
  );
}

/** Mean and 95% confidence interval of independent samples. */
export function estimate(xs: readonly number[]): Estimate {
  const k = xs.length;
  const mean = xs.reduce((a, b) => a + b, 0) / Math.max(1, k);
  if (k < 2) return { mean, low: -Infinity, high: Infinity };
  const variance = xs.reduce((a, x) => a + (x - mean) ** 2, 0) / (k - 1);
  const half = tQuantile975(k - 1) * Math.sqrt(variance / k);
  return { mean, low: mean - half, high: mean + half };
}

/**
 * Combines the seatings' hands. A bot's points per hand are averaged per deal over all its seats in all
 * seatings, so each deal gives one sample per bot; the interval is over these per-deal samples, and the
 * difference between two bots over their paired per-deal differences (same cards, same seats).
 */
export function summarize(config: ArenaConfig, chains: readonly ChainResult[]): ArenaReport {
  const k = config.bots.length;
  const byDeal = Array.from({ length: k }, () => new Float64Array(config.deals));
  const seatCount = new Array<number>(k).fill(0);
  const res = Array.from({ length: k }, () => ({
    shot: 0,
    suffered: 0,
    stopped: 0,
    failed: 0,
    queen: 0,
    games: 0,
    wins: 0,
  }));
  const ordered = [...chains].sort((a, b) => a.seating - b.seating);
  // Against a field, the field counts only where it fills the table (seating 0): its seats beside a tested bot
  // are that bot's opponents, not a measure of the field.
  const fieldBot = config.field ? k - 1 : -1;
  const counts = (b: number, seating: number): boolean => b !== fieldBot || seating === 0;
  for (const chain of ordered) {
    const seats = config.seatings[chain.seating]!;
    seats.forEach((b) => {
      if (counts(b, chain.seating)) seatCount[b]!++;
    });
    chain.hands.forEach((h, d) => {
      const near = nearMoon(h);
      seats.forEach((b, s) => {
        if (!counts(b, chain.seating)) return;
        byDeal[b]![d]! += h.points[s]!;
        const r = res[b]!;
        if (h.shooter === s) r.shot++;
        else if (h.shooter >= 0 && seats[h.shooter] !== b) r.suffered++;
        if (near?.stopper === s && seats[near.shooter] !== b) r.stopped++;
        if (near?.shooter === s && seats[near.stopper] !== b) r.failed++;
        if (h.queen === s) r.queen++;
        if (h.gameOver) {
          r.games++;
          if (h.gameOver.includes(s)) r.wins += 1 / h.gameOver.length;
        }
      });
    });
  }
  const perDeal = byDeal.map((xs, b) => Array.from(xs, (x) => x / Math.max(1, seatCount[b]!)));
  const perMille = (x: number, b: number): number =>
    Math.round((10_000 * x) / Math.max(1, seatCount[b]! * config.deals)) / 10;
  const results: BotResult[] = config.labels.map((bot, b) => ({
    bot,
    timeMs: config.budgets[b] ?? config.timeMs,
    seatHands: seatCount[b]! * config.deals,
    points: estimate(perDeal[b]!),
    moonsShot: res[b]!.shot,
    moonsSuffered: res[b]!.suffered,
    moonsStopped: res[b]!.stopped,
    moonsFailed: res[b]!.failed,
    moonsPer1000: {
      shot: perMille(res[b]!.shot, b),
      suffered: perMille(res[b]!.suffered, b),
      stopped: perMille(res[b]!.stopped, b),
      failed: perMille(res[b]!.failed, b),
    },
    queenTaken: res[b]!.queen,
    games: res[b]!.games,
    wins: res[b]!.wins,
    winRate: res[b]!.games ? res[b]!.wins / res[b]!.games : 0,
  }));
  const differences: Difference[] = [];
  for (let a = 0; a < k; a++)
    for (let b = a + 1; b < k; b++)
      differences.push({
        a: config.labels[a]!,
        b: config.labels[b]!,
        points: estimate(perDeal[a]!.map((x, d) => x - perDeal[b]![d]!)),
      });
  const incidents = ordered.flatMap((c) => c.incidents);
  return {
    bots: config.labels,
    field: config.field ? config.labels[k - 1]! : null,
    rules: rulesDiff(config.rules),
    deals: config.deals,
    seed: config.seed,
    timeMs: config.timeMs,
    seatings: config.seatings.length,
    hands: config.deals * config.seatings.length,
    results,
    differences,
    incidents: incidents.length,
    incidentExamples: incidents
      .slice(0, 5)
      .map((i) => `${config.labels[i.bot]} (deal ${i.deal}, seat ${i.seat}): ${i.message}`),
  };
}

const fmt = (x: number, digits = 2): string => (Number.isFinite(x) ? x.toFixed(digits) : '∞');
const interval = (e: Estimate): string => `${fmt(e.low)} … ${fmt(e.high)}`;

/** The report as a table for people. */
export function formatReport(r: ArenaReport): string {
  const rules = Object.keys(r.rules).length ? JSON.stringify(r.rules) : 'standard rules';
  const head = [
    'bot',
    'points/hand',
    '95% CI',
    'moons shot',
    'suffered',
    'stopped',
    'failed',
    'Q♠ taken',
    'game wins',
  ];
  const perMille = (x: number, per1000: number): string => `${x} (${fmt(per1000, 1)}‰)`;
  const rows = r.results.map((b) => [
    b.bot,
    fmt(b.points.mean, 3),
    interval(b.points),
    perMille(b.moonsShot, b.moonsPer1000.shot),
    perMille(b.moonsSuffered, b.moonsPer1000.suffered),
    perMille(b.moonsStopped, b.moonsPer1000.stopped),
    perMille(b.moonsFailed, b.moonsPer1000.failed),
    `${b.queenTaken} (${fmt((100 * b.queenTaken) / b.seatHands, 1)}%)`,
    `${fmt(100 * b.winRate, 1)}% of ${b.games}`,
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]): string =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  const out = [
    `${r.field ? `${r.bots.slice(0, -1).join(', ')} against a field of ${r.field}` : r.bots.join(' vs ')}: ` +
      `${r.deals} deals × ${r.seatings} seatings = ${r.hands} hands, ${rules}, seed ${r.seed}`,
    '',
    line(head),
    ...rows.map(line),
    '',
    ...r.differences.map(
      (d) =>
        `${d.a} − ${d.b}: ${fmt(d.points.mean, 3)} points per hand (95% CI ${interval(d.points)}, ${r.deals} paired deals)` +
        (d.points.high < 0
          ? ` — ${d.a} is better`
          : d.points.low > 0
            ? ` — ${d.b} is better`
            : ' — no clear difference'),
    ),
  ];
  if (r.incidents > 0)
    out.push('', `${r.incidents} moves replaced by random legal moves, e.g.:`, ...r.incidentExamples);
  return out.join('\n');
}
