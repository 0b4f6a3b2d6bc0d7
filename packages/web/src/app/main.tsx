import { lazy } from 'react';
import { createRoot } from 'react-dom/client';
import { botBudgetMs, loadSettings, SPEEDS, timing, type Settings, type Speed } from '../kit/settings';
import { webAudioSound } from '../table/sound';
import { browserStore } from '../kit/storage';
import { createI18n } from '../kit/i18n';
import { NoticesGate } from '../features/live/NoticesGate';
import { App } from './App';
import { pages, withTexts } from './pages';
import './texts';
import './styles.css';

// A shared review's address (/r/<id>: the game server's page with its preview tags) opens its replay and analysis.
const sharedAt = /\/r\/([A-Za-z0-9_-]{1,40})$/.exec(window.location.pathname);
if (sharedAt && !window.location.hash)
  window.history.replaceState(
    null,
    '',
    new URL(`../${window.location.search}#/shared/${sharedAt[1]}/analysis`, window.location.href),
  );

const params = new URLSearchParams(window.location.search);
/** Test and demo switches: ?speed=instant (no pauses), ?botMs=20 (bots think 20 ms). */
const speedParam = params.get('speed');
const speedOverride = (SPEEDS as readonly string[]).includes(speedParam ?? '') ? (speedParam as Speed) : null;
const botMs = Number(params.get('botMs'));
const botOverride = Number.isFinite(botMs) && botMs > 0 ? botMs : null;

const store = browserStore();
let settings: Settings = loadSettings(store, navigator.language);
const reduceMotionMedia = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

/** The solo table (./solo.tsx), loaded when it first opens; one table for the page's life. */
const SoloScreen = lazy(() =>
  withTexts(import('./solo')).then((m) => ({
    default: m.soloScreen({
      store,
      timing: () => timing(speedOverride ?? settings.speed, settings.reduceMotion || reduceMotionMedia),
      budgetMs: (level) => botOverride ?? botBudgetMs(level),
    }),
  })),
);

const i18n = createI18n(settings.lang);

const coarse = window.matchMedia?.('(pointer: coarse)').matches ?? false;

createRoot(document.getElementById('root')!).render(
  <App
    i18n={i18n}
    store={store}
    table={(fresh) => <SoloScreen fresh={fresh} />}
    initialSettings={settings}
    coarsePointer={coarse}
    onSettings={(s) => (settings = s)}
    pages={pages}
    sound={webAudioSound()}
    overlay={<NoticesGate />}
  />,
);

if ('serviceWorker' in navigator && import.meta.env.PROD && params.get('sw') !== 'off') {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('./sw.js').catch((e: unknown) => console.warn('service worker:', e));
  });
}
