/**
 * The tournaments on a player page: finished ones, newest first, each with the player's place, points, games and
 * prize, linking to the tournament's page (`#/tournaments/<id>`). The server sends at most 20 and private ones
 * only on the player's own page (docs/tournaments.md).
 */
import { useTranslation } from 'react-i18next';
import { tournamentName } from '../tournament/name';
import { useApp } from '../../kit/context';
import type { TournamentEntry } from './api';

export function PlayerTournaments({ entries }: { entries: readonly TournamentEntry[] }) {
  const { settings, navigate } = useApp();
  const { t } = useTranslation();
  const num = new Intl.NumberFormat(settings.lang, { maximumFractionDigits: 2 });
  const date = new Intl.DateTimeFormat(settings.lang, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <section className="player-tournaments" aria-labelledby="player-tournaments">
      <h2 id="player-tournaments">{t('progress.tournaments.title')}</h2>
      {entries.length === 0 && <p className="muted">{t('progress.tournaments.empty')}</p>}
      <ul className="tournament-history">
        {entries.map((e) => (
          <li key={e.tournament.id} data-tournament={e.tournament.id} data-rank={e.rank}>
            <button
              type="button"
              className="tournament-line"
              onClick={() => navigate(`/tournaments/${e.tournament.id}`)}
            >
              <span className="tournament-line-head">
                <strong>{tournamentName(t, e.tournament)}</strong>
                {e.tournament.kind === 'private' && (
                  <span className="tournament-tag">{t('progress.tournaments.private')}</span>
                )}
              </span>
              <span className="muted">{date.format(new Date(e.tournament.startsAt))}</span>
              <span>
                {t('progress.tournaments.line', {
                  place: e.rank,
                  of: e.of,
                  points: t('progress.tournaments.points', { count: e.points, n: num.format(e.points) }),
                  count: e.games,
                })}
              </span>
              {e.prize > 0 && (
                <span className="tournament-prize" data-prize={e.prize}>
                  {t('progress.tournaments.prize', { chips: num.format(e.prize) })}
                </span>
              )}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
