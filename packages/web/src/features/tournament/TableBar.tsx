/**
 * The bar of a tournament's table (as lichess shows during an arena game): the arena's name, the player's place
 * and points, the time left, and a way back to the standings (the seat waits while the player looks: leaving the
 * page is not leaving the table). It reads the tournament the page sent the player from (`link.ts`) and asks for
 * its page every {@link BAR_POLL_MS} (the server answers 304 while nothing changed); shown only while that page
 * says the player is in it.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TOURNAMENT_ROUTES, type TournamentPage } from '@hearts/protocol/http/tournaments';
import { useApp } from '../../kit/context';
import { request } from '../../kit/server/http';
import { lastTournament } from './link';
import { pointsWords, timeText, tournamentName } from './name';
import './table-bar.css';

/** How often the bar asks for the standings. */
export const BAR_POLL_MS = 5000;

export function TournamentBar({ token }: { token: string | null }) {
  const { t, i18n } = useTranslation();
  const { navigate } = useApp();
  const id = lastTournament();
  const [page, setPage] = useState<TournamentPage | null>(null);
  const [skew, setSkew] = useState(0); // the server's clock minus ours
  const [, tick] = useState(0);

  useEffect(() => {
    if (!id || !token) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = async () => {
      try {
        const p = await request(TOURNAMENT_ROUTES.tournament, { token, params: { id } });
        if (!live) return;
        setPage(p);
        setSkew(p.now - Date.now());
        if (p.phase === 'finished') return;
      } catch {
        // the bar stays as it was; the next poll tries again
      }
      if (live) timer = setTimeout(() => void load(), BAR_POLL_MS);
    };
    void load();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [id, token]);

  useEffect(() => {
    const timer = setInterval(() => tick((n) => n + 1), 1000);
    return () => clearInterval(timer);
  }, []);

  const mine = page?.standings.find((r) => r.you);
  if (!id || !page || !mine) return null;
  const s = page.tournament;
  const now = Date.now() + skew;
  const of = page.tournament.players;
  return (
    <div className="tournament-bar" role="status" data-rank={mine.rank} data-points={mine.points}>
      <span className="tournament-bar-name">{tournamentName(t, s)}</span>
      <span className="tournament-bar-place">
        {t('tournament.bar.place', { rank: mine.rank, of })} · {pointsWords(t, mine.points, i18n.language)}
      </span>
      <span className="tournament-bar-time" role="timer">
        {page.phase === 'running'
          ? t('tournament.endsIn', { time: timeText(s.endsAt - now) })
          : t('tournament.bar.over')}
      </span>
      <button type="button" className="tournament-bar-back" onClick={() => navigate(`/tournaments/${id}`)}>
        {t('tournament.bar.standings')}
      </button>
    </div>
  );
}
