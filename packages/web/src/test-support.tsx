/**
 * Test helpers for component tests (imported only by *.test.tsx, so never part of the app bundle): the whole app
 * opened at a route, a screen rendered inside the app's i18n and services as `main.tsx` would, and a stubbed game
 * server answering by path.
 */
import nodeConsole from 'node:console';
import { seededRandom } from '@hearts/engine';
import { act, render, waitFor } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, expect, vi } from 'vitest';
import { SoloTable, directBots, type SoloTableOptions } from './features/solo/host';
import { defaultSettings, type Settings } from './kit/settings';
import { memoryStore, type KeyValueStore } from './kit/storage';
import { createI18n } from './kit/i18n';
import './app/texts';
import './app/feature-texts';
import { App, type AppProps } from './app/App';
import { SoloPage } from './features/solo/SoloPage';
import { AppContext, type AppServices } from './kit/context';

/** An i18n instance in `lang` with every text of the app. */
export const testI18n = (lang: 'en' | 'de') => createI18n(lang);

/** A solo controller that never waits: seeded bots, a scheduler that never fires, no pauses (`more` on top). */
export function testController(store: KeyValueStore, more: Partial<SoloTableOptions> = {}): SoloTable {
  return new SoloTable({
    store,
    bots: directBots(() => seededRandom(1)),
    scheduler: { now: () => 0, after: () => () => undefined },
    timing: () => ({ move: 0, hold: 0, pace: 0 }),
    ...more,
  });
}

export interface InAppOptions {
  readonly lang: 'en' | 'de';
  readonly navigate?: (to: string) => void;
  /** Over the language's default settings. */
  readonly settings?: Partial<Settings>;
  /** A fresh memory store unless given. */
  readonly store?: KeyValueStore;
  readonly coarsePointer?: boolean;
}

/** `ui` inside the app's i18n and services, as an element (for `render` and `rerender`). */
export function inApp(ui: ReactNode, options: InAppOptions): ReactElement {
  const { lang } = options;
  const store = options.store ?? memoryStore();
  const services: AppServices = {
    settings: { ...defaultSettings(lang), lang, ...options.settings },
    updateSettings: () => undefined,
    store,
    navigate: options.navigate ?? (() => undefined),
    coarsePointer: options.coarsePointer ?? false,
  };
  return (
    <I18nextProvider i18n={createI18n(lang)}>
      <AppContext.Provider value={services}>{ui}</AppContext.Provider>
    </I18nextProvider>
  );
}

/** Renders `ui` inside the app's i18n and services. */
export function renderInApp(ui: ReactNode, options: InAppOptions) {
  return render(inApp(ui, options));
}

export interface AppOptions {
  readonly lang: 'en' | 'de';
  /** A fresh memory store unless given. */
  readonly store?: KeyValueStore;
  /** A {@link testController} on the store unless given. */
  readonly controller?: SoloTable;
  /** Over the language's default settings. */
  readonly settings?: Partial<Settings>;
  readonly pages?: AppProps['pages'];
}

/** The whole app opened at `hash` (e.g. `#/play`), as `main.tsx` would; with the store and controller it runs on. */
export function openApp(hash: string, options: AppOptions) {
  const { lang, pages } = options;
  const store = options.store ?? memoryStore();
  const controller = options.controller ?? testController(store);
  window.location.hash = hash;
  const result = render(
    <App
      i18n={createI18n(lang)}
      store={store}
      table={(fresh) => <SoloPage controller={controller} fresh={fresh} />}
      initialSettings={{ ...defaultSettings(lang), lang, ...options.settings }}
      coarsePointer={false}
      {...(pages ? { pages } : {})}
    />,
  );
  return { ...result, store, controller };
}

/** Resolves once the screen opened has its code (screens load when they open: the kit's Loading is gone). */
export async function screenLoaded(): Promise<void> {
  await waitFor(() => {
    if (document.querySelector('.loading')) throw new Error('the screen is still loading');
  });
  await act(async () => undefined); // and its effects have run
}

/** A JSON answer of the game server. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** One request to the stubbed server: its method, path and JSON body (if any). */
export interface ApiCall {
  readonly method: string;
  readonly path: string;
  readonly body: unknown;
}

/**
 * Stubs `fetch` with a server that answers each request by `answer`; a request it leaves (`undefined`) gets a
 * 404 `ERR_NOT_FOUND`. Undo with `vi.unstubAllGlobals()`.
 */
export function stubApi(
  answer: (call: ApiCall) => Response | undefined | Promise<Response | undefined>,
): void {
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const path = new URL(url).pathname;
    const body = init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
    const call: ApiCall = { method: init?.method ?? 'GET', path, body };
    return (await answer(call)) ?? jsonResponse({ error: 'ERR_NOT_FOUND', message: path }, 404);
  });
}

/**
 * The page's console for a test file that makes requests fail on purpose. Like a browser, happy-dom reports every
 * failed request there (a refused connection, a 429): each line is kept (`lines`: the running test's) and checked
 * after its test against `expected` instead of being printed as a stack trace into a passing run — a line it does
 * not match fails the test. Left in place for the whole file, so that a retry still on its way when the last test
 * ends is kept too. Call it once, at the top of the file.
 */
export function keepPageConsole(expected: RegExp): { readonly lines: readonly string[] } {
  let lines: string[] = [];
  // happy-dom writes to the console it was made with, Node's own (`node:console`), not the test's.
  beforeAll(() => {
    const keep = (...args: unknown[]) =>
      void lines.push(
        args
          .map((a) =>
            a instanceof Error ? `${a.message} ${(a as { code?: string }).code ?? ''}` : String(a),
          )
          .join(' '),
      );
    vi.spyOn(nodeConsole, 'error').mockImplementation(keep);
    vi.spyOn(nodeConsole, 'warn').mockImplementation(keep);
  });
  afterEach(() => {
    const unexpected = lines.filter((line) => !expected.test(line));
    lines = [];
    expect(unexpected).toEqual([]);
  });
  return {
    get lines() {
      return lines;
    },
  };
}
