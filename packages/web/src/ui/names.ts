import type { Level } from '@hearts/bots';
import type { TFunction } from 'i18next';
import { HUMAN } from '../game/session';

/** A seat's name at the table: "You" or "Bot 2". */
export const seatName = (t: TFunction, seat: number): string =>
  seat === HUMAN ? t('seat.you') : t('seat.bot', { n: seat });

export const levelName = (t: TFunction, level: Level | string): string =>
  t(`level.${level}`, { defaultValue: level });
