import { createRoot } from 'react-dom/client';
import { workerBots } from '../features/solo/bots/client';
import { SoloTable } from '../features/solo/host';
import { botBudgetMs, loadSettings, SPEEDS, timing, type Settings, type Speed } from '../kit/settings';
import { browserScheduler } from '../table/ports';
import { webAudioSound } from '../table/sound';
import { browserStore } from '../kit/storage';
import { watchPracticeWins } from '../features/profile/practice';
import { createI18n } from '../kit/i18n';
import { NoticesGate } from '../features/live/NoticesGate';
import { App } from './App';
import { pages } from './pages';
import './texts';
import './styles.css';

const params = new URLSearchParams(window.location.search);
/** Test and demo switches: ?speed=instant (no pauses), ?botMs=20 (bots think 20 ms). */
const speedParam = params.get('speed');
const speedOverride = (SPEEDS as readonly string[]).includes(speedParam ?? '') ? (speedParam as Speed) : null;
const botMs = Number(params.get('botMs'));
const botOverride = Number.isFinite(botMs) && botMs > 0 ? botMs : null;

const store = browserStore();
let settings: Settings = loadSettings(store, navigator.language);
const reduceMotionMedia = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

const controller = new SoloTable({
  store,
  bots: workerBots(
    () => new Worker(new URL('../features/solo/bots/worker.ts', import.meta.url), { type: 'module' }),
  ),
  scheduler: browserScheduler(),
  timing: () => timing(speedOverride ?? settings.speed, settings.reduceMotion || reduceMotionMedia),
  budgetMs: (level) => botOverride ?? botBudgetMs(level),
  onWarning: (m) => console.warn(m),
  undo: true, // practice: the player may take back a card (a game with undo pays no chips)
});

// A device with a live player reports its won solo games: they pay chips (src/features/profile/practice.ts).
watchPracticeWins(controller, store);

const i18n = createI18n(settings.lang);

const coarse = window.matchMedia?.('(pointer: coarse)').matches ?? false;

createRoot(document.getElementById('root')!).render(
  <App
    i18n={i18n}
    store={store}
    controller={controller}
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
