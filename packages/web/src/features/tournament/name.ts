import type { TFunction } from 'i18next';
import type { TournamentSummary } from '@hearts/protocol/http/tournaments';

/** A tournament's name as shown: a scheduled series' in the reader's language, any other as its host named it. */
export const tournamentName = (t: TFunction, s: Pick<TournamentSummary, 'name' | 'schedule'>): string =>
  s.schedule ? t(`tournament.schedules.${s.schedule}`) : s.name;

/** "1 h 5 min", "4 min", "35 s". */
export function timeText(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  if (s < 60) return `${s} s`;
  const min = Math.ceil(s / 60);
  return min >= 60 ? `${Math.floor(min / 60)} h ${min % 60} min` : `${min} min`;
}

export const pointsText = (p: number, lang: string): string =>
  new Intl.NumberFormat(lang, { maximumFractionDigits: 2 }).format(p);

/** "1 point", "2.33 points", "1 Punkt": the plural by the number as shown. */
export const pointsWords = (t: TFunction, p: number, lang: string): string =>
  t('tournament.pointsN', { count: Math.round(p * 100) / 100, n: pointsText(p, lang) });
