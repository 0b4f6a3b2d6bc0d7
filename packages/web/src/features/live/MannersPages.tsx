/**
 * Manners in the web app (issue #20): `#/live/blocked` (the players you blocked, to unblock), `#/live/admin` (the
 * moderators' reports: the table's chat, the game's replay, resolve or dismiss; 404 from the server for everyone
 * else), and the quick-match cool-down's note with its end time.
 */
import {
  MANNERS_ROUTES,
  type BlockedUserRow,
  type CoolDown,
  type ModReport,
} from '@hearts/protocol/http/manners';
import { GAME_ROUTES } from '@hearts/protocol/http/games';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { openReplay, openedFromRoute, serverReplayRoute } from '../../kit/replay';
import { useApp } from '../../kit/context';
import { setOpenedFile } from '../../kit/replay';
import { recordErrorText } from '../../table/record-words';
import { ApiError, request } from '../../kit/server/http';
import { mannersErrorText } from './PlayerMenu';

/** The players you blocked, each with the way to unblock. */
export function BlockedList({ token }: { token: string }) {
  const { t } = useTranslation();
  const { settings } = useApp();
  const [list, setList] = useState<BlockedUserRow[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const date = new Intl.DateTimeFormat(settings.lang, { dateStyle: 'medium' });
  useEffect(() => {
    request(MANNERS_ROUTES.blocks, { token }).then(
      (r) => setList(r.blocked),
      (e: unknown) => setProblem(mannersErrorText(t, e)),
    );
  }, [token, t]);
  const unblock = async (name: string) => {
    setProblem(null);
    try {
      setList((await request(MANNERS_ROUTES.unblock, { token, body: { name } })).blocked);
    } catch (e) {
      setProblem(mannersErrorText(t, e));
    }
  };
  return (
    <section className="live-card blocked-list">
      <p className="muted">{t('live.manners.blockedInfo')}</p>
      {problem && (
        <p className="error" role="alert">
          {problem}
        </p>
      )}
      {list && list.length === 0 && <p>{t('live.manners.blockedEmpty')}</p>}
      <ul>
        {list?.map((b) => (
          <li key={b.name} data-blocked={b.name}>
            <span>
              <strong>{b.name}</strong>{' '}
              <span className="muted">
                {t('live.manners.blockedSince', { date: date.format(new Date(b.since)) })}
              </span>
            </span>
            <button type="button" className="secondary small" onClick={() => void unblock(b.name)}>
              {t('live.manners.unblock')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The cool-down's time of day (and day, when it is not today), in the app's language. */
export function coolDownTime(lang: string, until: number, now = Date.now()): string {
  const sameDay = new Date(until).toDateString() === new Date(now).toDateString();
  return new Intl.DateTimeFormat(
    lang,
    sameDay ? { timeStyle: 'short' } : { dateStyle: 'medium', timeStyle: 'short' },
  ).format(new Date(until));
}

/** The player's cool-down, read when the page opens and again on `refresh` (a refused quick match). */
export function useCoolDown(token: string | null, refresh: number): CoolDown | null {
  const [cool, setCool] = useState<CoolDown | null>(null);
  useEffect(() => {
    if (!token) return;
    let live = true;
    request(MANNERS_ROUTES.coolDown, { token }).then(
      (c) => live && setCool(c),
      () => undefined, // an older server, or offline: quick match itself still says no
    );
    return () => {
      live = false;
    };
  }, [token, refresh]);
  // Over once its end has passed: the note goes with the next render after it.
  return cool?.until !== null && cool !== null && cool.until > Date.now() ? cool : null;
}

/** The note in place of the quick match button while the cool-down runs. */
export function CoolDownNote({ cool }: { cool: CoolDown }) {
  const { t } = useTranslation();
  const { settings } = useApp();
  return (
    <p className="cool-down" role="status" data-until={cool.until}>
      {t('live.manners.coolDown', {
        count: cool.leaves,
        hours: Math.round(cool.windowMs / 3_600_000),
        time: coolDownTime(settings.lang, cool.until!),
      })}
    </p>
  );
}

/** The moderators' page: open or handled reports, each with the table's chat and the game. */
export function ModerationList({ token }: { token: string }) {
  const { t } = useTranslation();
  const { settings, navigate } = useApp();
  const [status, setStatus] = useState<'open' | 'handled'>('open');
  const [reports, setReports] = useState<ModReport[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [forbidden, setForbidden] = useState(false);
  const date = new Intl.DateTimeFormat(settings.lang, { dateStyle: 'medium', timeStyle: 'short' });
  const time = new Intl.DateTimeFormat(settings.lang, { timeStyle: 'medium' });
  useEffect(() => {
    setReports(null);
    request(MANNERS_ROUTES.modReports, { token, query: { status } }).then(
      (r) => setReports(r.reports),
      (e: unknown) => {
        if (e instanceof ApiError && e.status === 404) setForbidden(true);
        else setProblem(mannersErrorText(t, e));
      },
    );
  }, [token, status, t]);
  if (forbidden) return <p className="muted">{t('live.manners.modNotFound')}</p>;
  const handle = async (id: string, to: 'resolved' | 'dismissed') => {
    try {
      await request(MANNERS_ROUTES.modHandle, { token, params: { id }, body: { status: to } });
      setReports((rs) => rs?.filter((r) => r.id !== id) ?? null);
    } catch (e) {
      setProblem(mannersErrorText(t, e));
    }
  };
  const replay = async (tableId: string) => {
    try {
      const record = await request(GAME_ROUTES.replay, { token, params: { id: tableId } });
      const r = openReplay(record);
      if (!r.ok) return setProblem(recordErrorText(t, settings.lang, r.error));
      const from = openedFromRoute(window.location.hash.replace(/^#/, '') || '/live');
      setOpenedFile(r.value, tableId, null, from);
      navigate(
        serverReplayRoute({
          kind: 'game',
          id: tableId,
          seat: null,
          mine: false,
          from: from.route,
          analyse: false,
        }),
      );
    } catch (e) {
      setProblem(mannersErrorText(t, e));
    }
  };
  return (
    <div className="moderation">
      <fieldset className="segmented">
        {(['open', 'handled'] as const).map((s) => (
          <label key={s} className={status === s ? 'on' : undefined}>
            <input type="radio" name="mod-status" checked={status === s} onChange={() => setStatus(s)} />
            {s === 'open' ? t('live.manners.modOpen') : t('live.manners.modHandled')}
          </label>
        ))}
      </fieldset>
      {problem && (
        <p className="error" role="alert">
          {problem}
        </p>
      )}
      {reports && reports.length === 0 && <p className="muted">{t('live.manners.modEmpty')}</p>}
      {reports?.map((r) => (
        <article key={r.id} className="live-card mod-report" data-report={r.id}>
          <h3>{t('live.manners.modBy', { reporter: r.reporter, reported: r.reported })}</h3>
          <p>
            <strong>{t(`live.manners.reasons.${r.reason}`)}</strong> · {date.format(new Date(r.at))} ·{' '}
            {t('live.manners.modSeat', { seat: r.seat + 1 })} · {t(`live.manners.modStatus.${r.status}`)}
          </p>
          {r.text && <blockquote>{r.text}</blockquote>}
          {r.otherReports > 0 && (
            <p className="muted">{t('live.manners.modOthers', { count: r.otherReports })}</p>
          )}
          <details open={r.chat.length > 0 && r.chat.length <= 12}>
            <summary>
              {t('live.manners.modChat')} ({r.chat.length})
            </summary>
            {r.chat.length === 0 ? (
              <p className="muted">{t('live.manners.modNoChat')}</p>
            ) : (
              <ul className="mod-chat">
                {r.chat.map((l, i) => (
                  <li key={i} className={l.reported ? 'reported' : undefined}>
                    <span className="muted">{time.format(new Date(l.at))}</span>{' '}
                    <strong>
                      {l.name}
                      {l.source === 'watchers' && ` (${t('live.manners.modWatcher')})`}:
                    </strong>{' '}
                    {l.text}
                  </li>
                ))}
              </ul>
            )}
          </details>
          <div className="mod-actions">
            {r.finished ? (
              <button type="button" className="secondary small" onClick={() => void replay(r.tableId)}>
                {t('live.manners.modReplay')}
              </button>
            ) : (
              <span className="muted">{t('live.manners.modRunning')}</span>
            )}
            {r.status === 'open' && (
              <>
                <button type="button" className="primary small" onClick={() => void handle(r.id, 'resolved')}>
                  {t('live.manners.modResolve')}
                </button>
                <button
                  type="button"
                  className="secondary small"
                  onClick={() => void handle(r.id, 'dismissed')}
                >
                  {t('live.manners.modDismiss')}
                </button>
              </>
            )}
          </div>
        </article>
      ))}
    </div>
  );
}
