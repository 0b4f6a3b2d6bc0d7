import type { TFunction } from 'i18next';
import type { TournamentSummary } from '@hearts/live/api';

/** A tournament's name as shown: a scheduled series' in the reader's language, any other as its host named it. */
export const tournamentName = (t: TFunction, s: Pick<TournamentSummary, 'name' | 'schedule'>): string =>
  s.schedule ? t(`tournament.schedules.${s.schedule}`) : s.name;
