import { startTransition, Suspense, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { SoundContext, silentSound, type SoundPort } from '../table/sound';
import { saveSettings, type Settings } from '../kit/settings';
import type { KeyValueStore } from '../kit/storage';
import { AppContext, type AppServices } from '../kit/context';
import { CardDefs } from '../kit/CardSvg';
import { Loading } from '../kit/Loading';
import { NotFoundPage } from './NotFoundPage';
import { StartScreen } from './StartScreen';

export interface AppProps {
  readonly i18n: I18n;
  readonly store: KeyValueStore;
  /** The solo table's screen (`#/play`, and `#/new`: a new game): main.tsx loads it when it opens, tests at once. */
  readonly table: (fresh: boolean) => ReactNode;
  readonly initialSettings: Settings;
  readonly coarsePointer: boolean;
  readonly onSettings?: (s: Settings) => void;
  readonly pages?: Readonly<Record<string, (rest: string) => ReactNode>>; // further screens by route
  readonly sound?: SoundPort; // the table's sounds (the browser's Web Audio in main.tsx); silent by default
  readonly overlay?: ReactNode; // beside every screen (the invite notices of main.tsx)
}

const routeOf = (hash: string): string => (hash.startsWith('#/') ? hash.slice(1) : '/');

/** The app: screens by route (in the URL's hash), settings remembered on the device. */
export function App({
  i18n,
  store,
  table,
  initialSettings,
  coarsePointer,
  onSettings,
  pages,
  sound = silentSound,
  overlay,
}: AppProps) {
  const [settings, setSettings] = useState(initialSettings);
  const [route, setRoute] = useState(() => routeOf(window.location.hash));

  useEffect(() => {
    performance.mark('hearts:interactive'); // the first screen is rendered and answers input
  }, []);

  useEffect(() => {
    // A page that still loads (its code is fetched when it first opens) leaves the last screen up until it is ready.
    const onHash = () => startTransition(() => setRoute(routeOf(window.location.hash)));
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);

  const navigate = useCallback((to: string) => {
    if (routeOf(window.location.hash) === to) return;
    window.location.hash = `#${to}`;
    startTransition(() => setRoute(to));
  }, []);

  const updateSettings = useCallback(
    (patch: Partial<Settings>) =>
      setSettings((s) => {
        const next = { ...s, ...patch };
        saveSettings(store, next);
        onSettings?.(next);
        return next;
      }),
    [store, onSettings],
  );

  useEffect(() => {
    if (i18n.language !== settings.lang) void i18n.changeLanguage(settings.lang);
    document.documentElement.lang = settings.lang;
  }, [i18n, settings.lang]);

  const atTable = route === '/play' || route === '/new';
  const services: AppServices = useMemo(
    () => ({ settings, updateSettings, store, navigate, coarsePointer }),
    [settings, updateSettings, store, navigate, coarsePointer],
  );

  const [, section = '', ...rest] = route.split('/');
  const page = pages?.[section];
  // An unknown route (an old or mistyped link) says "not found" at its address, with the way home.
  const unknown = !atTable && section !== '' && !page;
  return (
    <I18nextProvider i18n={i18n}>
      <AppContext.Provider value={services}>
        <SoundContext.Provider value={sound}>
          <CardDefs />
          <div className={`app four-${settings.fourColor ? 'on' : 'off'} back-${settings.cardBack}`}>
            <Suspense fallback={<Loading />}>
              {atTable ? (
                table(route === '/new')
              ) : page ? (
                page(rest.join('/'))
              ) : unknown ? (
                <NotFoundPage route={route} />
              ) : (
                <StartScreen />
              )}
            </Suspense>
            {overlay}
          </div>
        </SoundContext.Provider>
      </AppContext.Provider>
    </I18nextProvider>
  );
}
