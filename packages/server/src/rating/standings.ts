/**
 * Reading ratings: a player's or bot level's standing now (idle decay applied), profiles with records and the
 * rating graph, and the leaderboards (all time and this month).
 *
 * ```ts
 * const s = await standing(store.progress, userSubject(user.id), Date.now());
 * s.rating; // displayed, e.g. 1500 for a newcomer
 * const top = await leaderboard(store.progress, 'month', Date.now());
 * ```
 */
import { BOT_LEVELS, type BotLevel } from '@hearts/protocol/socket';
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
import type { HistoryPoint, LeaderboardRow, Period, PlayerRecord, RecentGame } from '@hearts/protocol/http';
import type { ProgressReads } from '../store/progress.js';

type Db = ProgressReads;

export type { HistoryPoint, LeaderboardRow, Period, PlayerRecord, RecentGame } from '@hearts/protocol/http';

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
  const rows = await db.skills(subjects);
  for (const s of subjects) {
    const r = rows.find((x) => x.subject === s);
    const level = levelOfSubject(s);
    out.set(
      s,
      r
        ? { subject: s, skill: { mu: r.mu, sigma: r.sigma }, games: r.games, lastPlayedAt: r.lastPlayedAt }
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
  const rows = await db.ratingHistory(subject, limit);
  const first = games - rows.length + 1; // the game number of the oldest point returned
  return rows.map((r, i) => ({
    gameId: r.gameId,
    at: r.at,
    before: Math.round(r.ratingBefore),
    after: Math.round(r.ratingAfter),
    provisional: isProvisional(first + i, bot),
    place: r.place,
  }));
}

/** Totals over a player's live games. */
export async function recordOf(db: Db, subject: string): Promise<PlayerRecord> {
  const t = await db.playerTotals(subject);
  return {
    games: t.games,
    wins: t.wins,
    ratedGames: t.ratedGames,
    hands: t.hands,
    pointsPerHand: t.hands === 0 ? null : t.points / t.hands,
    moons: t.moons,
    queens: t.queens,
    left: t.left,
  };
}

/** The subject's newest games, each with every seat. */
export function recentGames(db: Db, subject: string, limit = 20): Promise<RecentGame[]> {
  return db.recentGames(subject, limit);
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
    for (const r of await db.ratingHistorySince(monthStart(now))) {
      const m = monthly.get(r.subject);
      if (m) m.games++;
      else monthly.set(r.subject, { games: 1, first: r.ratingBefore });
    }
    subjects = [...monthly.keys()];
  } else {
    // Established players and the bot levels only (provisional ratings are never listed).
    subjects = await db.establishedSubjects(PROVISIONAL.games);
  }
  if (subjects.length === 0) return [];
  const stored = await storedSkills(db, subjects);
  const userIds = subjects.filter((s) => s.startsWith('u:')).map((s) => s.slice(2));
  const names = await db.userNames(userIds);
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
