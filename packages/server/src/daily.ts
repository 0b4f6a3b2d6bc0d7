/**
 * The daily game ("Tagesspiel"): one deal a day, the same for everyone, the player in seat 0 against three bots of
 * `DAILY_BOT_LEVEL` at a live table on the server. The day's hands come from one secret seed (`hearts-daily/1` in
 * `@hearts/shuffle`): its commitment is published when the day starts, the seed once it is over, and `hearts verify`
 * checks the day's hands against it (docs/daily.md). The day changes at midnight in Europe/Berlin. One attempt per
 * player and day is the primary key of `daily_attempts` (src/store/daily.ts); the result is written with the game's
 * end, in the same transaction (src/rating/finish.ts).
 *
 * ```ts
 * const daily = new Daily(services);
 * const { tableId } = await daily.start(user, Date.now()); // DailyPlayedError the second time
 * const board = rankAttempts(await store.daily.attempts('2026-12-01'));
 * ```
 */
import { randomBytes } from 'node:crypto';
import {
  DEFAULT_RULES,
  applyMove,
  deal,
  newGame,
  observation,
  parseNamedMove,
  parseRules,
  seatsToAct,
  unwrap,
  type GameState,
  type Rules,
} from '@hearts/engine';
import { dailyCommitment, dailyDeal, makeDailyReveal, seedFromHex, type DailyReveal } from '@hearts/shuffle';
import { fallbackDecision, type Deal, type DealPort } from '@hearts/table';
import type { BotLevel } from '@hearts/protocol/socket';
import type { BotDecider } from './bots.js';
import type { DailyAttempt, DailyDay } from './store/daily.js';
import type { DailyStore } from './store/types.js';
import type { Deals } from './table.js';

/** The day's rules: the defaults, four hands (left, right, across, keep), a shared win on a tie. */
export const DAILY_RULES: Rules = unwrap(parseRules({ ...DEFAULT_RULES, handsToPlay: 4, ties: 'shareWin' }));

/** The player's seat at every daily table (the bots sit in the others). */
export const DAILY_SEAT = 0;

/** How long after its end a day is revealed at the latest, even with a game of it still running. */
export const REVEAL_AFTER_MS = 6 * 3600_000;

const BERLIN = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Berlin',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

export function berlinParts(at: number): { y: number; m: number; d: number; wall: number } {
  const p = Object.fromEntries(BERLIN.formatToParts(new Date(at)).map((x) => [x.type, x.value]));
  const [y, m, d] = [Number(p['year']), Number(p['month']), Number(p['day'])];
  const wall = Date.UTC(y, m - 1, d, Number(p['hour']), Number(p['minute']), Number(p['second']));
  return { y, m, d, wall };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The day (YYYY-MM-DD) in Europe/Berlin at the time `at`. */
export function dayOf(at: number): string {
  const { y, m, d } = berlinParts(at);
  return `${y}-${pad(m)}-${pad(d)}`;
}

/** The time the day starts: midnight in Europe/Berlin. */
export function dayStart(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const midnightAsUtc = Date.UTC(y, m - 1, d);
  // Berlin's offset at 00:00 UTC of that date (01:00 or 02:00 there): summer time changes later in the night.
  const probe = midnightAsUtc;
  const offset = berlinParts(probe).wall - probe;
  return midnightAsUtc - offset;
}

/** The time the day ends: the next midnight in Europe/Berlin. */
export function dayEnd(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(y, m - 1, d + 1));
  return dayStart(`${next.getUTCFullYear()}-${pad(next.getUTCMonth() + 1)}-${pad(next.getUTCDate())}`);
}

/** The day before (calendar arithmetic on the date). */
export function dayBefore(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const prev = new Date(Date.UTC(y, m - 1, d - 1));
  return `${prev.getUTCFullYear()}-${pad(prev.getUTCMonth() + 1)}-${pad(prev.getUTCDate())}`;
}

/** One row of a day's leaderboard. */
export interface RankedAttempt {
  readonly attempt: DailyAttempt;
  readonly rank: number; // 1 = lowest total; equal totals share a rank (1, 2, 2, 4)
  readonly percentile: number; // the share of the other finishers with a higher total, in percent (0..100)
}

/**
 * Whether a player's attempt at the day goes on its public board: their name was claimed before the day began. A
 * guest, and a name claimed during the day (a guest who looked at the day's hands could claim one), play and see
 * where they would stand ({@link wouldStand}), off the board; one attempt per player and day either way.
 */
export const rankedAttempt = (
  user: { readonly claimedAt?: number | null; readonly passwordHash: string | null },
  date: string,
): boolean =>
  user.passwordHash !== null &&
  user.claimedAt !== undefined &&
  user.claimedAt !== null &&
  user.claimedAt < dayStart(date);

/**
 * `part` of `whole` others in whole per cent: 100 only when it is all of them (alone: 100), 0 only when it is none,
 * so that rounding never says "better than 100 %" beside a tie at the top (999 of 1,000).
 */
export function percentOf(part: number, whole: number): number {
  if (part >= whole) return 100;
  if (part <= 0) return 0;
  return Math.min(99, Math.max(1, Math.round((100 * part) / whole)));
}

/**
 * The finished attempts of a day on its public board ({@link rankedAttempt}), ranked: lowest total first, equal
 * totals share a rank ("standard competition": 1, 2, 2, 4), and the percentile counts the others who did worse.
 */
export function rankAttempts(attempts: readonly DailyAttempt[]): RankedAttempt[] {
  const done = attempts
    .filter((a) => a.ranked && a.status === 'finished' && a.total !== null)
    .sort((a, b) => a.total! - b.total! || (a.finishedAt ?? 0) - (b.finishedAt ?? 0));
  const n = done.length;
  return done.map((attempt) => {
    const better = done.filter((x) => x.total! < attempt.total!).length;
    const worse = done.filter((x) => x.total! > attempt.total!).length;
    return {
      attempt,
      rank: better + 1,
      percentile: percentOf(worse, n - 1),
    };
  });
}

/**
 * Where a finished attempt stands among the ranked ones: its own row if it is ranked, else the rank and percentile
 * it would have on the board (a guest's "you would be 12th"). Null: not finished.
 */
export function wouldStand(
  attempt: DailyAttempt,
  ranked: readonly RankedAttempt[],
): { rank: number; percentile: number } | null {
  const own = ranked.find((r) => r.attempt.userId === attempt.userId);
  if (own) return { rank: own.rank, percentile: own.percentile };
  if (attempt.status !== 'finished' || attempt.total === null) return null;
  const better = ranked.filter((r) => r.attempt.total! < attempt.total!).length;
  const worse = ranked.filter((r) => r.attempt.total! > attempt.total!).length;
  return {
    rank: better + 1,
    percentile: percentOf(worse, ranked.length),
  };
}

/** The best score of each hand of the day and who made it (of the attempts on the board). */
export function bestPerHand(
  attempts: readonly DailyAttempt[],
  hands: number,
): { hand: number; points: number; players: string[] }[] {
  const done = attempts.filter((a) => a.ranked && a.status === 'finished' && a.points !== null);
  if (done.length === 0) return [];
  return Array.from({ length: hands }, (_, hand) => {
    const points = Math.min(...done.map((a) => a.points![hand] ?? Infinity));
    return { hand, points, players: done.filter((a) => a.points![hand] === points).map((a) => a.name) };
  });
}

/**
 * Days played in a row, up to today (or up to yesterday while today is not played yet). The callers pass the dates of
 * the player's ranked attempts only: a streak counts days on the board.
 */
export function streakOf(attemptDates: readonly string[], today: string): number {
  const played = new Set(attemptDates);
  let day = played.has(today) ? today : dayBefore(today);
  let n = 0;
  while (played.has(day)) {
    n++;
    day = dayBefore(day);
  }
  return n;
}

/** Each hand's points of seat `seat` in a finished (or partly played) game. */
export const pointsPerHand = (game: GameState, seat: number): number[] =>
  game.results.map((r) => r.points[seat]!);

/**
 * The par of a day: the bot playing the player's seat, against the same bots, on the same hands. A bot that fails
 * to answer plays the first legal move (as at the table).
 */
export async function playPar(
  day: DailyDay,
  bots: BotDecider,
  level: BotLevel,
  timeMs: number,
): Promise<number[]> {
  const seed = seedFromHex(day.seed);
  if (!seed) throw new Error(`daily ${day.date}: the stored seed is not hex`);
  let game = unwrap(newGame(day.rules));
  while (game.phase !== 'gameOver') {
    if (game.phase === 'deal') {
      const d = dailyDeal({ date: day.date, seed, rules: day.rules, handNumber: game.handNumber });
      game = unwrap(deal(game, d.hands, d.sevenSuit));
      continue;
    }
    const seat = seatsToAct(game)[0]!;
    const view = observation(game, seat);
    const decided = await bots.decide(view, level, timeMs).catch(() => fallbackDecision(view));
    const move = parseNamedMove(decided);
    const next = move.ok ? applyMove(game, seat, move.value) : null;
    game = next?.ok
      ? next.value
      : unwrap(applyMove(game, seat, unwrap(parseNamedMove(fallbackDecision(view)))));
  }
  return pointsPerHand(game, DAILY_SEAT);
}

/**
 * A daily table's deal port: each hand from its day's seed (`dailyDeal`, the one deal of `@hearts/shuffle`; the
 * table's attempt names the day).
 */
export class DailyDeals implements DealPort {
  constructor(
    private readonly store: DailyStore,
    private readonly tableId: string,
  ) {}

  async deal(handNumber: number): Promise<Deal> {
    const attempt = await this.store.attemptOfTable(this.tableId);
    const day = attempt && (await this.store.day(attempt.date));
    const seed = day && seedFromHex(day.seed);
    if (!seed) throw new Error(`daily table ${this.tableId}: no day or seed stored`);
    const d = dailyDeal({ date: day.date, seed, rules: day.rules, handNumber });
    return { hands: d.hands, sevenSuit: d.sevenSuit };
  }
}

/** The deals of a daily table. */
export const dailyDeals =
  (store: DailyStore): Deals =>
  (table) =>
    new DailyDeals(store, table.id);

/**
 * The daily deal's clock: the real one, or (`DAILY_TEST_NOW`, tests only) one that starts at `testNow` and runs on
 * from there as the real one does.
 */
export function dailyClock(testNow: number | null, real: () => number = Date.now): () => number {
  if (testNow === null) return real;
  const offset = testNow - real();
  return () => real() + offset;
}

/** The days and their seeds: created on first use (every process the same: the first stored wins). */
export class DailyDays {
  private readonly pars = new Map<string, Promise<readonly number[] | null>>();

  constructor(
    private readonly store: DailyStore,
    private readonly parBots: { bots: BotDecider; level: BotLevel; timeMs: number },
    private readonly log: (message: string, e: unknown) => void,
    /** The daily deal's clock: the real one, or a test's (`DAILY_TEST_NOW`, config.ts). */
    readonly now: () => number = Date.now,
  ) {}

  /** The day, with its seed made and committed if it has none yet. */
  async ensure(date: string, now: number): Promise<DailyDay> {
    const stored = await this.store.day(date);
    if (stored) return stored;
    const seed = new Uint8Array(randomBytes(32));
    return this.store.ensureDay({
      date,
      seed: Buffer.from(seed).toString('hex'),
      commitment: dailyCommitment(date, seed),
      rules: DAILY_RULES,
      createdAt: now,
    });
  }

  /**
   * The day's par if known; otherwise starts computing it (once per process and day; the first stored wins) and
   * answers null meanwhile.
   */
  par(day: DailyDay): Promise<readonly number[] | null> {
    if (day.par) return Promise.resolve(day.par);
    let p = this.pars.get(day.date);
    if (!p) {
      const { bots, level, timeMs } = this.parBots;
      p = playPar(day, bots, level, timeMs)
        .then(async (par) => {
          await this.store.setPar(day.date, par);
          return (await this.store.day(day.date))?.par ?? par;
        })
        .catch((e: unknown) => {
          this.pars.delete(day.date); // tried again on the next request
          this.log('computing the daily par failed', e);
          return null;
        });
      this.pars.set(day.date, p);
    }
    return p;
  }

  /** Waits for the par (tests). */
  async parOf(date: string): Promise<readonly number[] | null> {
    const day = await this.store.day(date);
    return day ? this.par(day) : null;
  }

  /**
   * Whether the day's seed may be shown: the day is over and every game of it has finished, or the day ended
   * {@link REVEAL_AFTER_MS} ago.
   */
  async revealed(date: string, now: number): Promise<boolean> {
    const end = dayEnd(date);
    if (now < end) return false;
    if (now >= end + REVEAL_AFTER_MS) return true;
    return (await this.store.attempts(date)).every((a) => a.status === 'finished');
  }

  /**
   * The day of a table that is a daily game whose day is not revealed yet, or null (another table, or revealed).
   * Its record holds the day's hands: no path hands it out before (the record download, the replay, a share; its
   * player's too), so a throw-away guest who leaves after the deal learns nothing from it.
   */
  async secretDay(tableId: string, now: number): Promise<string | null> {
    const a = await this.store.attemptOfTable(tableId);
    return a !== null && !(await this.revealed(a.date, now)) ? a.date : null;
  }

  /** The day's reveal (`hearts-daily/1`). */
  reveal(day: DailyDay): DailyReveal {
    return makeDailyReveal({ date: day.date, seed: seedFromHex(day.seed)!, rules: day.rules });
  }
}
