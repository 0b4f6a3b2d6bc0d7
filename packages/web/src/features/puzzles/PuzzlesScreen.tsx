/**
 * The puzzle pages (`#/puzzles…`), loaded on demand: the home (`#/puzzles`: your puzzle rating, the day's puzzle,
 * themes, streak, storm), the day's puzzle (`#/puzzles/daily`), puzzles near your rating (`#/puzzles/rated`, by
 * theme `#/puzzles/rated/<theme>`), a streak (`#/puzzles/streak`) and a three-minute storm (`#/puzzles/storm`). The
 * server offers each puzzle and judges each answer (docs/puzzles.md); this device keeps a copy of the player's
 * rating and history (device.ts) and the run under way (run.ts).
 */
import type { CardName } from '@hearts/engine';
import {
  PUZZLE_THEMES,
  STORM_MS,
  STORM_PENALTY_MS,
  type PuzzleDailyView,
  type PuzzleMode,
  type PuzzleOfferView,
  type PuzzleRunView,
  type PuzzleTheme,
} from '@hearts/protocol/http/puzzles';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useApp } from '../../kit/context';
import { Page } from '../../kit/Page';
import { ratingText } from '../../kit/rating';
import { ApiError, mergeGuestPuzzles, tokenUserId } from '../../kit/server/account';
import { AccountProblem, useAccount } from '../../kit/server/account-state';
import { serverErrorText } from '../../kit/server/error-texts';
import { answerPuzzle, dailyPuzzle, nextPuzzle, puzzlePlayer, startRun } from './api';
import { afterAnswer, afterRun, fromServer, loadPuzzles, savePuzzles, type DevicePuzzles } from './device';
import { PuzzleTable, type Answered } from './PuzzleTable';
import { clockText, dropRun, keepRun, msLeft, savedRun, stormClock, type StormClock } from './run';
import './puzzles.css';

/** A refusal in the player's words: the puzzle pages' own where they have them, else the app's for every code. */
export function errorText(t: TFunction, e: unknown): string {
  if (e instanceof ApiError) return t(`puzzles.errors.${e.code}`, { defaultValue: serverErrorText(t, e) });
  return t('puzzles.errors.other', { message: e instanceof Error ? e.message : String(e) });
}

const isTheme = (x: string): x is PuzzleTheme => (PUZZLE_THEMES as readonly string[]).includes(x);

export default function PuzzlesScreen({ rest }: { rest: string }) {
  const [mode = '', theme = ''] = rest.split('/');
  if (mode === 'daily' || mode === 'streak' || mode === 'storm')
    return <PuzzlePlay key={mode} mode={mode} theme={null} />;
  if (mode === 'rated')
    return <PuzzlePlay key={`rated/${theme}`} mode="rated" theme={isTheme(theme) ? theme : null} />;
  return <PuzzleHome />;
}

/** The home: your rating (the server's, else this device's copy), the day's puzzle, and the modes. */
function PuzzleHome() {
  const { store, navigate, settings } = useApp();
  const { t } = useTranslation();
  const { account, error, retrying, retry } = useAccount();
  const [mine, setMine] = useState<DevicePuzzles>(() => loadPuzzles(store));
  const [fresh, setFresh] = useState(false);
  const [daily, setDaily] = useState<PuzzleDailyView | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const token = account?.token ?? null;
  useEffect(() => {
    if (!token) return;
    let live = true;
    const user = tokenUserId(token);
    // A guest's puzzles not yet merged into the kept name signed in since go first (their rating is in the answer).
    mergeGuestPuzzles(store)
      .then(() => Promise.all([dailyPuzzle(token), puzzlePlayer(token, 'me')]))
      .then(
        ([d, p]) => {
          if (!live) return;
          setDaily(d);
          const copy = fromServer(user, p);
          savePuzzles(store, copy);
          setMine(copy);
          setFresh(true);
        },
        (e: unknown) => live && setProblem(errorText(t, e)),
      );
    return () => {
      live = false;
    };
  }, [token, store, t]);

  const r = mine.rating;
  const num = new Intl.NumberFormat(settings.lang);
  return (
    <Page title={t('puzzles.title')}>
      <p className="muted">{t('puzzles.intro')}</p>
      {error && <AccountProblem error={error} retrying={retrying} retry={retry} />}
      {problem && <p className="error">{problem}</p>}
      <section className="puzzle-rating-box">
        <span className="muted">{t('puzzles.yourRating')}</span>{' '}
        {r ? (
          <>
            <strong
              className="puzzle-rating"
              data-rating={r.rating}
              data-provisional={r.provisional ? '' : undefined}
            >
              {ratingText(r.rating, r.provisional)}
            </strong>
            <div className="muted small-print">
              {t('puzzles.counts', {
                solved: num.format(r.solved),
                attempts: num.format(r.attempts),
                streak: r.streakBest,
                storm: r.stormBest,
              })}
            </div>
          </>
        ) : (
          <span className="muted">{t('puzzles.noRating')}</span>
        )}
        {!fresh && r && (error || problem) && (
          <div className="muted small-print">{t('puzzles.deviceCopy')}</div>
        )}
        {r && (
          <button type="button" className="link" onClick={() => navigate('/profile')}>
            {t('puzzles.history')}
          </button>
        )}
      </section>

      <nav className="puzzle-modes">
        <button type="button" className="primary big puzzle-daily" onClick={() => navigate('/puzzles/daily')}>
          <strong>{t('puzzles.daily')}</strong>
          <small data-answered={daily?.you ? (daily.you.right ? 'right' : 'wrong') : 'open'}>
            {daily?.you
              ? daily.you.right
                ? t('puzzles.dailySolved')
                : t('puzzles.dailyMissed')
              : t('puzzles.dailyInfo')}
          </small>
        </button>
        <button
          type="button"
          className="secondary big puzzle-rated"
          onClick={() => navigate('/puzzles/rated')}
        >
          <strong>{t('puzzles.rated')}</strong>
          <small>{t('puzzles.ratedInfo')}</small>
        </button>
        <button
          type="button"
          className="secondary big puzzle-streak"
          onClick={() => navigate('/puzzles/streak')}
        >
          <strong>{t('puzzles.streak')}</strong>
          <small>{t('puzzles.streakInfo')}</small>
        </button>
        <button
          type="button"
          className="secondary big puzzle-storm"
          onClick={() => navigate('/puzzles/storm')}
        >
          <strong>{t('puzzles.storm')}</strong>
          <small>
            {t('puzzles.stormInfo', { min: STORM_MS / 60_000, penalty: STORM_PENALTY_MS / 1000 })}
          </small>
        </button>
      </nav>

      <section className="puzzle-themes">
        <h2>{t('puzzles.themes')}</h2>
        <div className="puzzle-theme-list">
          {PUZZLE_THEMES.map((th) => (
            <button
              key={th}
              type="button"
              className="secondary"
              onClick={() => navigate(`/puzzles/rated/${th}`)}
            >
              {t(`puzzles.theme.${th}`)}
            </button>
          ))}
        </div>
      </section>
    </Page>
  );
}

type Stage =
  | { readonly kind: 'intro' } // a streak or a storm not started
  | { readonly kind: 'loading' }
  | { readonly kind: 'question'; readonly offer: PuzzleOfferView }
  | { readonly kind: 'answered'; readonly offer: PuzzleOfferView; readonly answered: Answered }
  | { readonly kind: 'over'; readonly score: number } // a run ended (a streak's last answer is still shown)
  | { readonly kind: 'problem'; readonly text: string; readonly again: (() => void) | null };

/** A mode's puzzles one after another: offered, answered once, explained (a storm goes straight on). */
function PuzzlePlay({ mode, theme }: { mode: PuzzleMode; theme: PuzzleTheme | null }) {
  const { store, navigate } = useApp();
  const { t } = useTranslation();
  const { account, error, retrying, retry } = useAccount();
  const token = account?.token ?? null;
  const user = token ? tokenUserId(token) : null;
  const running = mode === 'streak' || mode === 'storm' ? mode : null;
  const [stage, setStage] = useState<Stage>({ kind: 'loading' });
  const [run, setRun] = useState<PuzzleRunView | null>(null);
  const [clock, setClock] = useState<StormClock | null>(null);
  const [busy, setBusy] = useState(false);
  const [flash, setFlash] = useState<{ right: boolean; n: number } | null>(null);
  const live = useRef(true);
  useEffect(
    () => () => {
      live.current = false;
    },
    [],
  );

  // A storm's clock: the end on this device's time; at 0 the storm is over (the server refuses later answers).
  const [now, setNow] = useState(() => Date.now());
  const takeRun = useCallback((r: PuzzleRunView | null) => {
    const at = Date.now();
    setRun(r);
    setClock(r ? stormClock(r, at) : null);
    setNow(at); // the clock counts from when the run arrived, never from an older tick
  }, []);

  const load = useCallback(
    async (runId: string | null) => {
      if (!token) return;
      // The puzzle shown stays (nothing to tap) until the next one is there: no blank page between two.
      setStage((s) => (s.kind === 'question' || s.kind === 'answered' ? s : { kind: 'loading' }));
      setBusy(true);
      try {
        const offer = await nextPuzzle(token, {
          mode,
          ...(mode === 'rated' ? { theme } : {}),
          ...(runId ? { run: runId } : {}),
        });
        if (!live.current) return;
        takeRun(offer.run);
        setStage({ kind: 'question', offer });
      } catch (e) {
        if (!live.current) return;
        if (
          running &&
          e instanceof ApiError &&
          (e.code === 'ERR_PUZZLE_RUN' || e.code === 'ERR_PUZZLE_EXPIRED')
        ) {
          dropRun(store, running); // the run kept on the device is over: a new one on request
          takeRun(null);
          return setStage({ kind: 'intro' });
        }
        setStage({ kind: 'problem', text: errorText(t, e), again: () => void load(runId) });
      } finally {
        if (live.current) setBusy(false);
      }
    },
    [token, mode, theme, running, store, t, takeRun],
  );

  // The first puzzle: a streak or a storm under way goes on (a reload), else it waits to be started.
  useEffect(() => {
    if (!token) return;
    if (!running) return void load(null);
    const kept = savedRun(store, running, user);
    if (kept) void load(kept);
    else setStage({ kind: 'intro' });
  }, [token, running, user, store, load]);

  const begin = async () => {
    if (!token || !running) return;
    setStage({ kind: 'loading' });
    try {
      const r = await startRun(token, running);
      keepRun(store, running, user, r.id);
      takeRun(r);
      await load(r.id);
    } catch (e) {
      if (live.current) setStage({ kind: 'problem', text: errorText(t, e), again: () => void begin() });
    }
  };

  const ended = useCallback(
    (score: number) => {
      if (!running) return;
      dropRun(store, running);
      savePuzzles(store, afterRun(loadPuzzles(store), user, running, score));
    },
    [running, store, user],
  );

  const answer = async (offer: PuzzleOfferView, move: CardName[]) => {
    if (!token || busy) return;
    setBusy(true);
    try {
      const view = await answerPuzzle(token, offer.offer, move);
      if (!live.current) return;
      if (view.rating) savePuzzles(store, afterAnswer(loadPuzzles(store), user, view, Date.now()));
      takeRun(view.run);
      if (view.run?.over) ended(view.run.score);
      if (mode === 'storm') {
        setFlash((f) => ({ right: view.right, n: (f?.n ?? 0) + 1 }));
        if (view.run?.over) setStage({ kind: 'over', score: view.run.score });
        else if (view.run) await load(view.run.id);
      } else setStage({ kind: 'answered', offer, answered: { move, view } });
    } catch (e) {
      if (!live.current) return;
      if (mode === 'storm' && e instanceof ApiError && e.code === 'ERR_PUZZLE_EXPIRED') {
        ended(run?.score ?? 0);
        setStage({ kind: 'over', score: run?.score ?? 0 });
      } else setStage({ kind: 'problem', text: errorText(t, e), again: () => void load(run?.id ?? null) });
    } finally {
      if (live.current) setBusy(false);
    }
  };

  useEffect(() => {
    if (!clock || run?.over) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [clock, run?.over]);
  const left = clock ? msLeft(clock, now) : null;
  useEffect(() => {
    if (mode !== 'storm' || left !== 0 || !run || stage.kind === 'over' || stage.kind === 'intro') return;
    ended(run.score);
    setStage({ kind: 'over', score: run.score });
  }, [mode, left, run, stage.kind, ended]);

  const modeName =
    mode === 'daily'
      ? t('puzzles.daily')
      : mode === 'rated'
        ? theme
          ? t(`puzzles.theme.${theme}`)
          : t('puzzles.rated')
        : t(`puzzles.${mode}`);

  if (error)
    return (
      <Page title={modeName}>
        <AccountProblem error={error} retrying={retrying} retry={retry} />
      </Page>
    );

  if (
    stage.kind === 'intro' ||
    stage.kind === 'loading' ||
    stage.kind === 'problem' ||
    (stage.kind === 'over' && mode === 'storm')
  ) {
    const best = loadPuzzles(store).rating;
    return (
      <Page title={modeName}>
        {stage.kind === 'loading' && <p className="muted">{t('puzzles.loading')}</p>}
        {stage.kind === 'problem' && (
          <>
            <p className="error">{stage.text}</p>
            {stage.again && (
              <button type="button" className="secondary" onClick={stage.again}>
                {t('puzzles.retry')}
              </button>
            )}
          </>
        )}
        {stage.kind === 'over' && (
          <p className="puzzle-run-over" data-score={stage.score}>
            <strong>{t('puzzles.stormOver', { count: stage.score })}</strong>
          </p>
        )}
        {(stage.kind === 'intro' || stage.kind === 'over') && running && (
          <div className="puzzle-intro">
            <p>
              {running === 'streak'
                ? t('puzzles.streakInfo')
                : t('puzzles.stormInfo', { min: STORM_MS / 60_000, penalty: STORM_PENALTY_MS / 1000 })}
            </p>
            {best && (
              <p className="muted">
                {t('puzzles.yourBest', { n: running === 'streak' ? best.streakBest : best.stormBest })}
              </p>
            )}
            <button type="button" className="primary big puzzle-start" onClick={() => void begin()}>
              {stage.kind === 'over' ? t('puzzles.newStorm') : t('puzzles.start')}
            </button>
          </div>
        )}
        <button type="button" className="link" onClick={() => navigate('/puzzles')}>
          {t('puzzles.back')}
        </button>
      </Page>
    );
  }

  const offer = stage.kind === 'question' || stage.kind === 'answered' ? stage.offer : null;
  const answered = stage.kind === 'answered' ? stage.answered : null;
  if (!offer) return null;
  const a = answered?.view;
  const streakOver = mode === 'streak' && run?.over;
  const bar = (
    <div className="study-bar puzzle-bar" data-mode={mode} data-puzzle={offer.puzzle.id}>
      <strong>{modeName}</strong>
      <span className="puzzle-chip" data-puzzle-rating={offer.puzzle.rating}>
        {t('puzzles.puzzleRating', { rating: a?.puzzleRating?.after ?? offer.puzzle.rating })}
      </span>
      <span className="puzzle-chip">{offer.rated ? t('puzzles.ratedChip') : t('puzzles.unrated')}</span>
      {mode === 'streak' && run && (
        <span className="puzzle-score" data-score={run.score}>
          {t('puzzles.streakScore', { count: run.score })}
        </span>
      )}
      {mode === 'storm' && run && (
        <>
          <span className="puzzle-score" data-score={run.score}>
            {t('puzzles.stormScore', { count: run.score })}
          </span>
          <span
            className={`puzzle-clock${left !== null && left < 30_000 ? ' low' : ''}`}
            role="timer"
            data-left={left ?? undefined}
          >
            {t('puzzles.stormLeft', { time: clockText(left ?? 0) })}
          </span>
          {flash && (
            <span key={flash.n} className={`puzzle-flash ${flash.right ? 'right' : 'wrong'}`} role="status">
              {flash.right
                ? t('puzzles.stormRight')
                : t('puzzles.stormWrong', { s: STORM_PENALTY_MS / 1000 })}
            </span>
          )}
        </>
      )}
    </div>
  );
  const footer = a && (
    <div className="study-actions puzzle-actions">
      {streakOver && (
        <p className="puzzle-run-over" data-score={run.score}>
          <strong>{t('puzzles.streakOver', { count: run.score })}</strong>
        </p>
      )}
      <button type="button" onClick={() => navigate('/puzzles')}>
        {t('puzzles.back')}
      </button>
      {mode === 'daily' ? (
        <button type="button" className="primary" onClick={() => navigate('/puzzles/rated')}>
          {t('puzzles.more')}
        </button>
      ) : streakOver ? (
        <button type="button" className="primary" onClick={() => void begin()}>
          {t('puzzles.newStreak')}
        </button>
      ) : (
        <button
          type="button"
          className="primary puzzle-next"
          disabled={busy}
          onClick={() => void load(run?.id ?? null)}
        >
          {t('puzzles.next')}
        </button>
      )}
    </div>
  );
  return (
    <PuzzleTable
      key={offer.offer}
      question={offer.puzzle}
      answered={answered}
      busy={busy}
      bar={bar}
      onAnswer={(move) => void answer(offer, move)}
      footer={footer}
    />
  );
}
