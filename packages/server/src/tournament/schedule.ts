/**
 * Scheduled tournaments: an arena every hour (on the hour, 30 minutes of two-hand games) and a weekly one on Sunday
 * at 20:00 Europe/Berlin (60 minutes of four-hand games, rated). Pure: the clock in, the tournaments due to be
 * announced out, each with a schedule key unique to its slot, so that every process may create them and the
 * database keeps one (`TournamentStore.create` refuses a second with the same key).
 *
 * ```ts
 * for (const t of dueScheduled(Date.now())) await store.tournaments.create(t); // false when it exists
 * ```
 */
import { DEFAULT_RULES } from '@hearts/engine';
import { TOURNAMENT_SCHEDULES, type TournamentSchedule } from '@hearts/protocol/http';
import { berlinParts } from '../daily.js';
import type { TournamentRecord } from '../store/tournaments.js';
import { DEFAULT_PAIRING } from './pairing.js';

const HOUR = 3_600_000;

/** The scheduled series: how long ahead they are announced, how long they run, how long their games are. */
export const SCHEDULE = {
  hourly: { leadMs: HOUR, minutes: 30, hands: 2, rated: false, maxPlayers: 400 },
  weekly: { leadMs: 24 * HOUR, minutes: 60, hands: 4, rated: true, maxPlayers: 400, weekday: 0, hour: 20 },
} as const satisfies Record<TournamentSchedule, unknown>;

const pad = (n: number) => String(n).padStart(2, '0');

/** The time of `hour`:00 in Europe/Berlin on the Berlin date y-m-d. */
function berlinTime(y: number, m: number, d: number, hour: number): number {
  const wallAsUtc = Date.UTC(y, m - 1, d, hour);
  const offset = berlinParts(wallAsUtc).wall - wallAsUtc; // Berlin's offset then (one or two hours)
  return wallAsUtc - offset;
}

/** The next weekly slot starting after `at`: Sunday 20:00 in Europe/Berlin. */
export function nextWeekly(at: number): number {
  const { y, m, d } = berlinParts(at);
  for (let k = 0; k < 8; k++) {
    const day = new Date(Date.UTC(y, m - 1, d + k));
    if (day.getUTCDay() !== SCHEDULE.weekly.weekday) continue;
    const start = berlinTime(
      day.getUTCFullYear(),
      day.getUTCMonth() + 1,
      day.getUTCDate(),
      SCHEDULE.weekly.hour,
    );
    if (start > at) return start;
  }
  throw new Error('no Sunday within eight days');
}

const record = (
  id: string,
  name: string,
  key: string,
  startsAt: number,
  s: { minutes: number; hands: number; rated: boolean; maxPlayers: number },
  now: number,
): TournamentRecord => ({
  id,
  kind: 'scheduled',
  name,
  hostId: null,
  scheduleKey: key,
  rules: { ...DEFAULT_RULES, handsToPlay: s.hands },
  botLevel: 'medium',
  rated: s.rated,
  maxPlayers: s.maxPlayers,
  pairing: DEFAULT_PAIRING,
  startsAt,
  endsAt: startsAt + s.minutes * 60_000,
  status: 'upcoming',
  createdAt: now,
  finishedAt: null,
});

/** The scheduled tournaments to announce at `now`: the next hourly one, and the weekly one within its lead. */
export function dueScheduled(now: number): TournamentRecord[] {
  const out: TournamentRecord[] = [];
  const hour = Math.floor(now / HOUR) * HOUR + HOUR; // the next full hour (the same in Berlin: whole-hour offsets)
  const h = new Date(hour);
  const hourKey = `${h.getUTCFullYear()}${pad(h.getUTCMonth() + 1)}${pad(h.getUTCDate())}T${pad(h.getUTCHours())}`;
  out.push(record(`hourly-${hourKey}`, 'Hourly arena', `hourly:${hourKey}`, hour, SCHEDULE.hourly, now));
  const week = nextWeekly(now);
  if (week - now <= SCHEDULE.weekly.leadMs) {
    const { y, m, d } = berlinParts(week);
    const key = `${y}${pad(m)}${pad(d)}`;
    out.push(record(`weekly-${key}`, 'Sunday arena', `weekly:${key}`, week, SCHEDULE.weekly, now));
  }
  return out;
}

/** The series of a scheduled tournament, from its schedule key (`hourly:…`, `weekly:…`); undefined for others. */
export function scheduleOf(key: string | null): TournamentSchedule | undefined {
  const series = key?.slice(0, key.indexOf(':'));
  return TOURNAMENT_SCHEDULES.find((s) => s === series);
}
