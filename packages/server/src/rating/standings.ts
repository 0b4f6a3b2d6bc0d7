/**
 * Reading ratings: a player's or bot level's standing now (idle decay applied), profiles with records and the
 * rating graph, and the leaderboards (all time and this month).
 *
 * ```ts
 * const s = await standing(db, userSubject(user.id), Date.now());
 * s.rating; // displayed, e.g. 1500 for a newcomer
 * const top = await leaderboard(db, 'month', Date.now());
 * ```
 */
import type { Kysely } from 'kysely';
import { BOT_LEVELS, type BotLevel } from '@hearts/table/protocol';
import {
  BOT_SEEDS,
  FRESH,
  decayed,
  displayRating,
  idleDays,
  isProvisional,
  matchRating,
  PROVISIONAL,
  type Skill,
} from './model.js';
import type { ProgressDatabase } from './schema.js';

type Db = Kysely<ProgressDatabase>;

export const userSubject = (userId: string): string => `u:${userId}`;
export const botSubject = (level: BotLevel): string => `b:${level}`;

/** The bot level of a `b:` subject, or null. */
export function levelOfSubject(subject: string): BotLevel | null {
  const level = subject.startsWith('b:') ? subject.slice(2) : '';
  return (BOT_LEVELS as readonly string[]).includes(level) ? (level as BotLevel) : null;
}

/** A rated player as stored: the skill after its last rated game. */
export interface StoredSkill {
  readonly subject: string;
  readonly skill: Skill;
  readonly games: number;
  readonly lastPlayedAt: number | null;
}

/** Where a player stands now. */
export interface Standing {
  readonly subject: string;
  readonly skill: Skill; // idle decay applied
  readonly rating: number; // displayed (unrounded)
  readonly matchRating: number; // μ on the display scale: quick match seats by it
  readonly games: number; // rated games
  readonly provisional: boolean; // too few rated games (PROVISIONAL.games); bot levels never are
  readonly idleDays: number;
  readonly lastPlayedAt: number | null;
}

/** The stored skills of these subjects; missing ones are newcomers (bots: their seeds). */
export async function storedSkills(db: Db, subjects: readonly string[]): Promise<Map<string, StoredSkill>> {
  const out = new Map<string, StoredSkill>();
  const rows =
    subjects.length === 0
      ? []
      : await db
          .selectFrom('ratings')
          .selectAll()
          .where('subject', 'in', [...new Set(subjects)])
          .execute();
  for (const s of subjects) {
    const r = rows.find((x) => x.subject === s);
    const level = levelOfSubject(s);
    out.set(
      s,
      r
        ? {
            subject: s,
            skill: { mu: Number(r.mu), sigma: Number(r.sigma) },
            games: Number(r.games),
            lastPlayedAt: r.last_played_at === null ? null : Number(r.last_played_at),
          }
        : { subject: s, skill: level ? BOT_SEEDS[level] : FRESH, games: 0, lastPlayedAt: null },
    );
  }
  return out;
}

export function standingOf(s: StoredSkill, now: number): Standing {
  const days = idleDays(s.lastPlayedAt, now);
  const skill = decayed(s.skill, days);
  return {
    subject: s.subject,
    skill,
    rating: displayRating(skill),
    matchRating: matchRating(skill),
    games: s.games,
    provisional: isProvisional(s.games, levelOfSubject(s.subject) !== null),
    idleDays: days,
    lastPlayedAt: s.lastPlayedAt,
  };
}

export async function standing(db: Db, subject: string, now: number): Promise<Standing> {
  return standingOf((await storedSkills(db, [subject])).get(subject)!, now);
}

/** Every bot level's standing now. */
export async function botStandings(db: Db, now: number): Promise<Map<BotLevel, Standing>> {
  const stored = await storedSkills(db, BOT_LEVELS.map(botSubject));
  return new Map(BOT_LEVELS.map((l) => [l, standingOf(stored.get(botSubject(l))!, now)]));
}

/** A point of the rating graph. */
export interface HistoryPoint {
  readonly gameId: string;
  readonly at: number;
  readonly before: number;
  readonly after: number;
  readonly provisional: boolean; // the rating after this game was still provisional
  readonly place: number;
}

/**
 * The rating after each rated game, oldest first (the newest `limit`). `games`: the subject's rated games in all
 * (the newest point is game number `games`), which says which points were provisional.
 */
export async function ratingHistory(
  db: Db,
  subject: string,
  games: number,
  limit = 200,
): Promise<HistoryPoint[]> {
  const bot = levelOfSubject(subject) !== null;
  const rows = await db
    .selectFrom('rating_history')
    .select(['game_id', 'at', 'rating_before', 'rating_after', 'place'])
    .where('subject', '=', subject)
    .orderBy('at', 'desc')
    .orderBy('game_id', 'desc')
    .limit(limit)
    .execute();
  const first = games - rows.length + 1; // the game number of the oldest point returned
  return rows.reverse().map((r, i) => ({
    gameId: r.game_id,
    at: Number(r.at),
    before: Math.round(Number(r.rating_before)),
    after: Math.round(Number(r.rating_after)),
    provisional: isProvisional(first + i, bot),
    place: Number(r.place),
  }));
}

/** Totals over a player's live games. */
export interface PlayerRecord {
  readonly games: number;
  readonly wins: number; // first place (shared or alone)
  readonly ratedGames: number;
  readonly hands: number;
  readonly pointsPerHand: number | null; // null before the first hand
  readonly moons: number;
  readonly queens: number;
  readonly left: number; // games left before the end
}

export async function recordOf(db: Db, subject: string): Promise<PlayerRecord> {
  const r = await db
    .selectFrom('player_games')
    .select((eb) => [
      // A bot level may sit twice at a table: games and wins count games, not seats.
      eb.fn.count<number | string>('game_id').distinct().as('games'),
      eb.fn
        .count<number | string>(eb.case().when('place', '=', 1).then(eb.ref('game_id')).end())
        .distinct()
        .as('wins'),
      eb.fn
        .count<number | string>(eb.case().when('rated', '=', 1).then(eb.ref('game_id')).end())
        .distinct()
        .as('rated'),
      eb.fn.sum<number | string | null>('hands').as('hands'),
      eb.fn.sum<number | string | null>('points').as('points'),
      eb.fn.sum<number | string | null>('moons').as('moons'),
      eb.fn.sum<number | string | null>('queens').as('queens'),
      eb.fn.sum<number | string | null>('left_game').as('left'),
    ])
    .where('subject', '=', subject)
    .executeTakeFirst();
  const n = (x: number | string | null | undefined) => Number(x ?? 0);
  const hands = n(r?.hands);
  return {
    games: n(r?.games),
    wins: n(r?.wins),
    ratedGames: n(r?.rated),
    hands,
    pointsPerHand: hands === 0 ? null : n(r?.points) / hands,
    moons: n(r?.moons),
    queens: n(r?.queens),
    left: n(r?.left),
  };
}

/** A recent game on a player page: every seat, in seat order. */
export interface RecentGame {
  readonly id: string;
  readonly kind: string;
  readonly rated: boolean;
  readonly finishedAt: number;
  readonly seat: number; // the player's seat
  readonly players: readonly {
    readonly name: string;
    readonly subject: string;
    readonly score: number;
    readonly place: number;
    readonly left: boolean;
  }[];
}

export async function recentGames(db: Db, subject: string, limit = 20): Promise<RecentGame[]> {
  const mine = await db
    .selectFrom('player_games')
    .select(['game_id', 'seat', 'kind', 'rated', 'finished_at'])
    .where('subject', '=', subject)
    .orderBy('finished_at', 'desc')
    .orderBy('game_id', 'desc')
    .limit(limit * 6)
    .execute();
  // A bot level may sit twice at one table: one entry per game, at its first seat.
  const games = mine.filter((m, i) => mine.findIndex((x) => x.game_id === m.game_id) === i).slice(0, limit);
  if (games.length === 0) return [];
  const seats = await db
    .selectFrom('player_games')
    .select(['game_id', 'seat', 'name', 'subject', 'score', 'place', 'left_game'])
    .where(
      'game_id',
      'in',
      games.map((g) => g.game_id),
    )
    .orderBy('seat', 'asc')
    .execute();
  return games.map((g) => ({
    id: g.game_id,
    kind: g.kind,
    rated: Number(g.rated) === 1,
    finishedAt: Number(g.finished_at),
    seat: Number(g.seat),
    players: seats
      .filter((s) => s.game_id === g.game_id)
      .map((s) => ({
        name: s.name,
        subject: s.subject,
        score: Number(s.score),
        place: Number(s.place),
        left: Number(s.left_game) === 1,
      })),
  }));
}

export type Period = 'all' | 'month';

export interface LeaderboardRow {
  readonly subject: string;
  readonly name: string;
  readonly bot: BotLevel | null;
  readonly rating: number; // displayed now, rounded
  readonly provisional: false; // provisional ratings are never listed
  readonly games: number; // rated games (this month: in this month)
  readonly change: number | null; // this month: rating now minus before the month's first game
}

/** The first millisecond of the UTC month of `now`. */
export function monthStart(now: number): number {
  const d = new Date(now);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
}

/**
 * The leaderboard: established players (at least PROVISIONAL.games rated games) and bot levels by their displayed
 * rating now (idle decay applied); provisional ratings are never listed. `month`: only those with a rated game this
 * (UTC) month, with that month's games and change.
 */
export async function leaderboard(
  db: Db,
  period: Period,
  now: number,
  limit = 100,
): Promise<LeaderboardRow[]> {
  let subjects: string[];
  const monthly = new Map<string, { games: number; first: number }>();
  if (period === 'month') {
    const rows = await db
      .selectFrom('rating_history')
      .select(['subject', 'at', 'rating_before'])
      .where('at', '>=', monthStart(now))
      .orderBy('at', 'asc')
      .execute();
    for (const r of rows) {
      const m = monthly.get(r.subject);
      if (m) m.games++;
      else monthly.set(r.subject, { games: 1, first: Number(r.rating_before) });
    }
    subjects = [...monthly.keys()];
  } else {
    // Established players and the bot levels only (provisional ratings are never listed).
    const rows = await db
      .selectFrom('ratings')
      .select('subject')
      .where('games', '>', 0)
      .where((eb) => eb.or([eb('games', '>=', PROVISIONAL.games), eb('bot_level', 'is not', null)]))
      .execute();
    subjects = rows.map((r) => r.subject);
  }
  if (subjects.length === 0) return [];
  const stored = await storedSkills(db, subjects);
  const userIds = subjects.filter((s) => s.startsWith('u:')).map((s) => s.slice(2));
  const names = new Map<string, string>();
  for (let i = 0; i < userIds.length; i += 500) {
    const chunk = userIds.slice(i, i + 500);
    const rows = await db.selectFrom('users').select(['id', 'name']).where('id', 'in', chunk).execute();
    for (const r of rows) names.set(r.id, r.name);
  }
  const out: LeaderboardRow[] = subjects.flatMap((subject) => {
    const st = standingOf(stored.get(subject)!, now);
    if (st.provisional) return [];
    const bot = levelOfSubject(subject);
    const name = bot ?? names.get(subject.slice(2));
    if (name === undefined) return [];
    const m = monthly.get(subject);
    return [
      {
        subject,
        name,
        bot,
        rating: Math.round(st.rating),
        provisional: false as const,
        games: m ? m.games : st.games,
        change: m ? Math.round(st.rating - m.first) : null,
      },
    ];
  });
  out.sort((a, b) => b.rating - a.rating || b.games - a.games || a.name.localeCompare(b.name));
  return out.slice(0, limit);
}
