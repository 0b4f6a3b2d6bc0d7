import { LEVELS, STRENGTH, type Level } from '@hearts/bots';
import { parseRecordName } from '@hearts/protocol/socket';
import type { TFunction } from 'i18next';

/** The person's seat at a solo table (seat 0); the others are bots of one level. */
export const HUMAN = 0;

/** A seat's name at the table: "You" or "Bot 2". */
export const seatName = (t: TFunction, seat: number): string =>
  seat === HUMAN ? t('seat.you') : t('seat.bot', { n: seat });

export const levelName = (t: TFunction, level: Level | string): string =>
  t(`level.${level}`, { defaultValue: level });

/** A level's published strength in words: how many points per hand it takes more or fewer than medium. */
export function strengthText(t: TFunction, language: string, level: Level): string {
  const d = STRENGTH[level];
  if (d === 0) return t('start.strengthBase');
  const n = new Intl.NumberFormat(language, { maximumFractionDigits: 1, minimumFractionDigits: 1 }).format(
    Math.abs(d),
  );
  return t(d < 0 ? 'start.strengthBetter' : 'start.strengthWorse', { level: levelName(t, level), n });
}

/**
 * The name a deleted account's seat keeps in finished games: `DELETED_PLAYER` of `@hearts/protocol/http/privacy`, written
 * here too so that the first load does not take that module's zod (names.test.ts holds the two equal).
 */
export const DELETED_PLAYER_NAME = 'deleted player';

/**
 * A record's player name in the reader's language: the names the app writes into its own solo records ("You",
 * "Bot 2 (hard)"), those the server writes into live and daily records (`makeRecordName` of
 * @hearts/protocol/socket: "Bot 1 (bot expert)", "Anna (bot medium took over)") and a deleted player's seat.
 */
export function recordPlayerName(t: TFunction, name: string): string {
  if (name === 'You') return t('seat.you');
  if (name === DELETED_PLAYER_NAME) return t('seat.deleted');
  const bot = /^Bot (\d+) \(([a-z]+)\)$/.exec(name);
  if (bot && (LEVELS as readonly string[]).includes(bot[2]!))
    return `${t('seat.bot', { n: Number(bot[1]) })} (${levelName(t, bot[2]!)})`;
  const server = parseRecordName(name);
  if (server.bot === null) return name;
  const level = levelName(t, server.bot);
  if (server.tookOver) return `${server.name} (${t('seat.tookOver', { level })})`;
  const n = /^Bot (\d+)$/.exec(server.name);
  return `${n ? t('seat.bot', { n: Number(n[1]) }) : server.name} (${level})`;
}
