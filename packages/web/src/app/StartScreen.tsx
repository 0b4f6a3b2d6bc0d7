import { LEVELS, type Level } from '@hearts/bots';
import { DEFAULT_RULES, parseRules } from '@hearts/engine';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGS } from '../kit/cards';
import type { Session } from '../features/solo/session';
import { CURRENT_KEY } from '../features/solo/stored';
import { presetOf } from '../kit/settings';
import { useApp } from '../kit/context';
import type { KeyValueStore } from '../kit/storage';
import { levelName, strengthText } from '../kit/names';
import { RulesOptions, rulesProblemText } from '../kit/RulesOptions';
import { CardFace } from '../kit/CardSvg';
import { ratingText } from '../kit/rating';
import { shownRating } from '../features/puzzles/device';
import { withTexts } from './pages';

/** What is on (src/features/home): loaded after the start page's first paint, never part of its first load. */
const HomePanels = lazy(() => withTexts(import('../features/home/HomePanels')));

/** True once the page has painted: a frame, then a task after it. */
function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => (timer = setTimeout(() => setPainted(true), 0)));
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, []);
  return painted;
}

/**
 * The stored solo game: undefined while it is read (session.ts replays it with the engine, so it loads on demand
 * and is not in the start page's first load), null when there is none or it cannot be replayed.
 */
function useSavedGame(store: KeyValueStore): Session | null | undefined {
  const stored = store.get(CURRENT_KEY) !== null;
  const [saved, setSaved] = useState<Session | null | undefined>(stored ? undefined : null);
  useEffect(() => {
    if (!stored) return;
    let open = true;
    void import('../features/solo/session').then((m) => open && setSaved(m.loadSession(store)));
    return () => {
      open = false;
    };
  }, [store, stored]);
  return saved;
}

/** The first screen: play now with the remembered options, continue a game, or change the options. */
export function StartScreen() {
  const { settings, updateSettings, navigate, store } = useApp();
  const { t, i18n } = useTranslation();
  const saved = useSavedGame(store);
  const running = saved === undefined || (saved !== null && saved.state.phase !== 'gameOver'); // maybe, while read
  const puzzleRating = useMemo(() => shownRating(store), [store]);
  const [open, setOpen] = useState(false);
  const painted = usePainted();
  // The game server marks the pages it serves; the app served alone (serve.js) asks no server for what is on.
  const served = useMemo(
    () => document.querySelector<HTMLMetaElement>('meta[name="hearts-server"]')?.content.split(' ') ?? null,
    [],
  );
  const rules = parseRules(settings.rules);
  // The chips follow the field, valid or not: no chip is on while "play to" holds something else.
  const target = rules.ok
    ? rules.value.targetScore
    : (settings.rules.targetScore ?? DEFAULT_RULES.targetScore);
  const invalid = rules.ok ? null : rulesProblemText(t, rules.error);

  const play = () => {
    if (running && !window.confirm(t('start.newGameConfirm'))) return;
    if (!rules.ok) return setOpen(true); // the options say what does not fit
    navigate('/new'); // the solo table deals a new game with these settings
  };
  const setTarget = (n: number) => {
    const rules = { ...settings.rules, targetScore: n };
    updateSettings({ rules, preset: presetOf(rules) });
  };

  return (
    <div className="start-screen home">
      <nav className="lang-switch" aria-label={t('settings.language')}>
        {LANGS.map((l) => (
          <button
            key={l}
            type="button"
            lang={l}
            aria-pressed={settings.lang === l}
            onClick={() => updateSettings({ lang: l })}
          >
            {l === 'de' ? 'Deutsch' : 'English'}
          </button>
        ))}
      </nav>
      <header className="hero">
        <div className="hero-cards" aria-hidden="true">
          <div className="card hero-card c1">
            <CardFace card="QS" lang={settings.lang} fourColor={settings.fourColor} />
          </div>
          <div className="card hero-card c2">
            <CardFace card="AH" lang={settings.lang} fourColor={settings.fourColor} />
          </div>
          <div className="card hero-card c3">
            <CardFace card="2C" lang={settings.lang} fourColor={settings.fourColor} />
          </div>
        </div>
        <h1>{t('app.title')}</h1>
        <p className="tagline">
          {t('app.tagline', { n: (rules.ok ? rules.value.players : DEFAULT_RULES.players) - 1 })}
        </p>
      </header>

      <main className="start-main">
        {saved === undefined && (
          // the place of "Continue" kept while the game is read: the buttons below do not move when it shows
          <button type="button" className="secondary big pending" disabled>
            {t('start.continue')}
            <small>{t('start.continueInfo', { hand: 1, score: 0 })}</small>
          </button>
        )}
        {saved && saved.state.phase !== 'gameOver' && (
          <button type="button" className="secondary big" onClick={() => navigate('/play')}>
            {t('start.continue')}
            <small>
              {t('start.continueInfo', { hand: saved.state.handNumber + 1, score: saved.state.scores[0] })}
            </small>
          </button>
        )}
        <button
          type="button"
          className="primary big"
          onClick={play}
          disabled={!rules.ok}
          aria-describedby={invalid ? 'play-invalid' : undefined}
        >
          {t('start.play')}
        </button>
        {invalid && (
          <p className="error play-invalid" id="play-invalid" role="alert">
            {invalid}{' '}
            <button type="button" className="link" onClick={() => setOpen(true)}>
              {t('start.showOptions')}
            </button>
          </p>
        )}

        <div className="play-live">
          <button type="button" className="secondary" onClick={() => navigate('/live')}>
            {t('start.playLive')}
          </button>
          <button type="button" className="secondary" onClick={() => navigate('/live')}>
            {t('start.playFriends')}
          </button>
        </div>

        <fieldset className="segmented">
          <legend>{t('start.level')}</legend>
          {LEVELS.filter((l) => l !== 'random').map((l: Level) => (
            <label key={l} className={settings.level === l ? 'on' : undefined}>
              <input
                type="radio"
                name="level"
                value={l}
                checked={settings.level === l}
                onChange={() => updateSettings({ level: l })}
              />
              {levelName(t, l)}
            </label>
          ))}
        </fieldset>
        <p className="level-strength">{strengthText(t, i18n.language, settings.level)}</p>

        <fieldset className="segmented">
          <legend>{t('start.target')}</legend>
          {[50, 100].map((n) => (
            <label key={n} className={target === n ? 'on' : undefined}>
              <input
                type="radio"
                name="target"
                value={n}
                checked={target === n}
                onChange={() => setTarget(n)}
              />
              {t('start.targetPoints', { n })}
            </label>
          ))}
        </fieldset>

        <details
          className="options"
          open={open}
          onToggle={(e) => setOpen((e.target as HTMLDetailsElement).open)}
        >
          <summary>
            {t('start.options')} ·{' '}
            <span className="muted">
              {settings.preset === 'standard'
                ? t('start.rulesSummaryStandard')
                : settings.preset === 'custom'
                  ? t('start.rulesSummaryCustom')
                  : t(`rules.presets.${settings.preset}`)}
            </span>
          </summary>
          <RulesOptions
            value={{ rules: settings.rules, preset: settings.preset }}
            onChange={(c) => updateSettings({ rules: c.rules, preset: c.preset })}
          />
        </details>
      </main>

      {served && painted && (
        <Suspense fallback={null}>
          <HomePanels puzzles={served.includes('puzzles')} />
        </Suspense>
      )}

      <nav className="start-nav">
        <button type="button" className="daily-link start-feature" onClick={() => navigate('/daily')}>
          <strong>{t('daily.link')}</strong>
          <small>{t('daily.linkInfo')}</small>
        </button>
        <button
          type="button"
          className="puzzles-link start-feature"
          onClick={() => navigate('/puzzles/daily')}
        >
          <strong>{t('puzzles.link')}</strong>
          <small>
            {puzzleRating
              ? t('puzzles.linkRating', { rating: ratingText(puzzleRating.rating, puzzleRating.provisional) })
              : t('puzzles.linkInfo')}
          </small>
        </button>
        <button type="button" className="training-link start-feature" onClick={() => navigate('/training')}>
          <strong>{t('training.link')}</strong>
          <small>{t('training.linkInfo')}</small>
        </button>
        <button type="button" className="daily-link start-feature" onClick={() => navigate('/tournaments')}>
          <strong>{t('tournament.link')}</strong>
          <small>{t('tournament.linkInfo')}</small>
        </button>
        <button type="button" style={{ gridColumn: '1 / -1' }} onClick={() => navigate('/live')}>
          {t('live.link')}
        </button>
        <button type="button" style={{ gridColumn: '1 / -1' }} onClick={() => navigate('/pad')}>
          {t('pad.startLink')}
        </button>
        <button type="button" onClick={() => navigate('/profile')}>
          {t('progress.link')}
        </button>
        <button type="button" onClick={() => navigate('/leaderboard')}>
          {t('progress.leaderboardLink')}
        </button>
        <button type="button" style={{ gridColumn: '1 / -1' }} onClick={() => navigate('/shop')}>
          {t('shop.link')}
        </button>
        <button type="button" onClick={() => navigate('/help')}>
          {t('nav.help')}
        </button>
        <button type="button" onClick={() => navigate('/history')}>
          {t('nav.history')}
        </button>
        <button type="button" onClick={() => navigate('/stats')}>
          {t('nav.stats')}
        </button>
        <button type="button" onClick={() => navigate('/settings')}>
          {t('nav.settings')}
        </button>
      </nav>
      <footer className="page-foot">
        <button type="button" className="link" onClick={() => navigate('/privacy')}>
          {t('nav.privacy')}
        </button>
      </footer>
    </div>
  );
}
