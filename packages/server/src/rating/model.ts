/**
 * The rating model: openskill's Bradley–Terry model over every pair of a game (docs/rating.md). Each rated seat
 * is compared with each other rated seat: the lower final score wins the pair, equal scores split it; a player who
 * left finishes last. A skill is a belief (μ, σ); the displayed rating is the conservative μ − σ on a scale where a
 * newcomer shows 1500. While its owner does not play, σ grows with the idle days, so the displayed rating sinks; the
 * next game starts from the grown σ and moves the rating back more quickly.
 *
 * ```ts
 * const after = rateGame([
 *   { skill: FRESH, place: 1 },
 *   { skill: FRESH, place: 2 },
 *   { skill: FRESH, place: 2 },
 *   { skill: FRESH, place: 4 },
 * ]);
 * displayRating(after[0]!); // above 1500: a clear winner gains
 * ```
 */
import { ordinal, rate } from 'openskill';
import { bradleyTerryFull } from 'openskill/models';
import { BOT_LEVELS, PROVISIONAL, type BotLevel } from '@hearts/protocol/socket';

/** A belief about a player's skill: mean and standard deviation, in openskill's units. */
export interface Skill {
  readonly mu: number;
  readonly sigma: number; // > 0
}

/** The model's parameters (openskill's defaults, named here so that docs/rating.md can cite them). */
export const MODEL = {
  mu: 25, // a newcomer's mean
  sigma: 25 / 3, // a newcomer's uncertainty
  beta: 25 / 6, // the spread of one game's performance around the skill
  tau: 25 / 300, // added to σ before every game, so that ratings keep moving
} as const;

/** The displayed rating: `base + scale · (μ − z·σ − (μ₀ − z·σ₀))`. A newcomer shows `base`. */
export const DISPLAY = { base: 1500, scale: 40, z: 1 } as const;

/**
 * Provisional ratings (`PROVISIONAL` of the live protocol, shared with the web app): a player with fewer than
 * `games` rated games is provisional — shown as "1500?", not on the leaderboards — and each of those games moves the
 * displayed rating by at most `maxMove` points (the whole step of μ and σ is shortened by one factor, so the model's
 * belief stays consistent). Bot levels are never provisional.
 */
export { PROVISIONAL };

/** Whether a rating with this many rated games is provisional (bot levels never are). */
export const isProvisional = (games: number, bot = false): boolean => !bot && games < PROVISIONAL.games;

/** Idle decay: σ² grows by `variancePerDay` for every whole day without a rated game, up to a newcomer's σ. */
export const IDLE = { variancePerDay: 0.0625 } as const;

export const DAY_MS = 86_400_000;

export const FRESH: Skill = { mu: MODEL.mu, sigma: MODEL.sigma };

/**
 * Where the bot levels start, in the order of their arena strength (docs/performance.md: easy takes 4.4 points a
 * hand fewer than random, medium 3.1 fewer than easy; hard and expert search deeper). σ = 3: known roughly.
 */
export const BOT_SEEDS: Readonly<Record<BotLevel, Skill>> = {
  random: { mu: 12, sigma: 3 },
  easy: { mu: 20, sigma: 3 },
  medium: { mu: 25.5, sigma: 3 },
  hard: { mu: 28, sigma: 3 },
  expert: { mu: 30, sigma: 3 },
};

/** Whole days from `since` to `now` (0 when `since` is null or in the future). */
export function idleDays(since: number | null, now: number): number {
  if (since === null || !Number.isFinite(since)) return 0;
  return Math.max(0, Math.floor((now - since) / DAY_MS));
}

/** The skill after `days` idle days: σ grows, μ stays. Never below the stored σ, never above a newcomer's. */
export function decayed(skill: Skill, days: number): Skill {
  if (days <= 0) return skill;
  const grown = Math.sqrt(skill.sigma ** 2 + IDLE.variancePerDay * days);
  return { mu: skill.mu, sigma: Math.max(skill.sigma, Math.min(MODEL.sigma, grown)) };
}

/** The displayed rating (unrounded): openskill's ordinal with z = 1, scaled so that a newcomer shows 1500. */
export function displayRating(skill: Skill): number {
  const { base, scale, z } = DISPLAY;
  return ordinal(skill, { z, alpha: scale, target: base - scale * (MODEL.mu - z * MODEL.sigma) });
}

/** Displayed ratings of the bot levels before any rated game has moved them. */
export const BOT_START_RATINGS: Readonly<Record<BotLevel, number>> = Object.fromEntries(
  BOT_LEVELS.map((l) => [l, Math.round(displayRating(BOT_SEEDS[l]))]),
) as Record<BotLevel, number>;

/** The best estimate of skill on the same scale (μ alone): quick match seats players by it. */
export const matchRating = (skill: Skill): number => DISPLAY.base + DISPLAY.scale * (skill.mu - MODEL.mu);

/** One rated seat of a game: its skill before the game and its place (1 = won; ties share a place). */
export interface RatedSeat {
  readonly skill: Skill;
  readonly place: number;
}

/**
 * New skills after a game, in the order given. Every seat is its own "team"; openskill's full Bradley–Terry model
 * compares every pair (the better place wins the pair, equal places split it). Fewer than two seats: unchanged.
 */
export function rateGame(seats: readonly RatedSeat[]): Skill[] {
  if (seats.length < 2) return seats.map((s) => s.skill);
  for (const s of seats) {
    if (!(s.skill.sigma > 0) || !Number.isFinite(s.skill.mu) || !Number.isFinite(s.skill.sigma))
      throw new Error(`not a skill: ${JSON.stringify(s.skill)}`);
    if (!Number.isInteger(s.place) || s.place < 1) throw new Error(`not a place: ${s.place}`);
  }
  const teams = seats.map((s) => [{ mu: s.skill.mu, sigma: s.skill.sigma }]);
  const out = rate(teams, {
    model: bradleyTerryFull,
    rank: seats.map((s) => s.place),
    mu: MODEL.mu,
    sigma: MODEL.sigma,
    beta: MODEL.beta,
    tau: MODEL.tau,
    limitSigma: true, // σ never grows in a game, so a win never lowers the displayed rating
  });
  return out.map((team) => ({ mu: team[0]!.mu, sigma: team[0]!.sigma }));
}

/**
 * The step from `before` to `after` shortened so that the displayed rating moves by at most `maxMove` points: μ and
 * σ move by the same fraction of their step (the displayed rating is linear in both, so it moves by just under
 * `maxMove`). A step within the bound is returned as it is.
 */
export function boundedStep(before: Skill, after: Skill, maxMove: number = PROVISIONAL.maxMove): Skill {
  const move = displayRating(after) - displayRating(before);
  if (!(Math.abs(move) > maxMove)) return after;
  const f = (maxMove - 1e-9) / Math.abs(move); // a hair under: rounding never shows maxMove + 1
  return {
    mu: before.mu + f * (after.mu - before.mu),
    sigma: before.sigma + f * (after.sigma - before.sigma),
  };
}

/**
 * A bot level seated more than once at one table is one player: its μ moves by the sum of its seats' changes (the
 * pairs between its own seats cancel), and its σ is the smallest of its seats' new σ.
 */
export function mergeSeats(before: Skill, afters: readonly Skill[]): Skill {
  if (afters.length === 0) return before;
  return {
    mu: before.mu + afters.reduce((n, a) => n + (a.mu - before.mu), 0),
    sigma: Math.min(...afters.map((a) => a.sigma)),
  };
}

/** The bot level whose match rating is closest to `rating` (ties: the weaker level). */
export function closestLevel(rating: number, levels: ReadonlyMap<BotLevel, Skill>): BotLevel {
  let best: BotLevel = 'medium';
  let gap = Infinity;
  for (const level of BOT_LEVELS) {
    const skill = levels.get(level) ?? BOT_SEEDS[level];
    const d = Math.abs(matchRating(skill) - rating);
    if (d < gap) {
      gap = d;
      best = level;
    }
  }
  return best;
}
