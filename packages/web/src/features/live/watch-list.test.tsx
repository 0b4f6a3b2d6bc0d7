// @vitest-environment happy-dom
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LiveTable } from '@hearts/protocol/http/watch';
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { JOIN_ERRORS } from '@hearts/protocol/socket';
import { liveErrorText } from '../../kit/server/account-state';
import { jsonResponse, keepPageConsole, renderInApp, stubApi, testI18n } from '../../test-support';
import { WatchList, WatchRoom } from './WatchPages';

let server: Server | undefined;

/** The page's console: the refusals and the refused connections these tests make on purpose, nothing else. */
const pageConsole = keepPageConsole(
  /^(connect ECONNREFUSED 127\.0\.0\.1:\d+|(GET|POST) http:\/\/127\.0\.0\.1:\d+\/api\/(live|guest) 429 \(Too Many Requests\))/,
);

afterEach(async () => {
  cleanup();
  if (server?.listening) await new Promise((resolve) => server!.close(resolve));
});

const table: LiveTable = {
  id: 't1',
  kind: 'quick',
  rated: true,
  players: [
    { name: 'Anna', bot: false, rating: 1500, provisional: true },
    { name: 'Ben', bot: false, rating: 1612, provisional: false },
    { name: 'Bot 1', bot: true, rating: 1400, provisional: false },
    { name: 'Cem', bot: false, rating: null, provisional: false },
  ],
  handNumber: 2,
  scores: [3, 10, 0, 13],
  watchers: 1,
  full: false,
  startedAt: 1,
};

/** The page's origin is a game server answering with `answer` on a port of its own. */
async function serve(answer: RequestListener, hash = '#/live/watch'): Promise<void> {
  server = createServer(answer);
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(
    `http://127.0.0.1:${(server.address() as AddressInfo).port}/${hash}`,
  );
}

test('the watch list marks a provisional rating as the rest of the app does ("1500?")', async () => {
  await serve((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
    res.end(JSON.stringify(req.url === '/api/live' ? { tables: [table] } : {}));
  });
  renderInApp(<WatchList />, { lang: 'en' });
  const row = await screen.findByText(/Anna/);
  expect(row.textContent).toBe('Anna (1500?): 3');
  expect(screen.getByText(/Ben/).textContent).toBe('Ben (1612): 10');
});

/** The server's own words for a refusal: English, for developers; never on the page. */
const SERVER_MESSAGE = 'too many requests from 127.0.0.1: retry in 30 s';

/** A game server that refuses every request: too many from the address. */
const refusing: RequestListener = (_req, res) => {
  res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '30' });
  res.end(JSON.stringify({ error: 'ERR_RATE_LIMIT', message: SERVER_MESSAGE }));
};

describe('a failed listing is said in the player’s words, never the server’s message', () => {
  test.each([
    ['en', 'Too many requests came from your address just now'],
    ['de', 'Von deiner Adresse kamen gerade zu viele Anfragen'],
  ] as const)('%s: too many requests from the address', async (lang, words) => {
    await serve(refusing);
    renderInApp(<WatchList />, { lang });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(words);
    expect(document.body.textContent).not.toContain(SERVER_MESSAGE);
    expect(document.body.textContent).not.toMatch(/ERR_|HTTP 429/);
  });

  test.each([
    ['en', 'The game server cannot be reached just now. Try again in a moment.'],
    ['de', 'Der Spielserver ist gerade nicht erreichbar. Versuch es gleich noch einmal.'],
  ] as const)('%s: no game server at all', async (lang, words) => {
    // A port nobody listens on any more: the request fails in the network, not at a server.
    await serve(refusing);
    await new Promise((resolve) => server!.close(resolve));
    renderInApp(<WatchList />, { lang });
    expect((await screen.findByRole('alert')).textContent).toBe(words);
    expect(screen.queryByText(/fetch|ECONNREFUSED|Error/i)).toBeNull();
    expect(pageConsole.lines.some((line) => /ECONNREFUSED/.test(line))).toBe(true); // the console said why
  });

  test('de: a table that cannot be joined because the account is refused says why in German', async () => {
    await serve(refusing, '#/live/watch/T1');
    renderInApp(<WatchRoom roomId="T1" />, { lang: 'de' });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Von deiner Adresse kamen gerade zu viele Anfragen');
    expect(document.body.textContent).not.toContain(SERVER_MESSAGE);
    expect(screen.getByRole('button', { name: 'Zurück zur Liste' })).toBeTruthy();
  });
});

describe('too many requests: the list asks again once the server’s Retry-After is over (not every 5 s), and says when', () => {
  beforeEach(() => vi.useFakeTimers({ now: 0 }));
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
  const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

  /** A stubbed game server: the listing refused as the server's limit refuses it while `refusing`, then answered. */
  function listing(retryAfter: string | null) {
    const state = { asked: 0, refusing: true };
    stubApi(({ path }) => {
      if (path !== '/api/live') return undefined;
      state.asked++;
      if (!state.refusing) return jsonResponse({ tables: [table] });
      return new Response(JSON.stringify({ error: 'ERR_RATE_LIMIT', message: SERVER_MESSAGE }), {
        status: 429,
        headers: {
          'content-type': 'application/json',
          ...(retryAfter === null ? {} : { 'retry-after': retryAfter }),
        },
      });
    });
    return state;
  }

  test.each([
    ['en', 'Too many requests came from your address just now', 'This page tries again by itself in 30 s.'],
    [
      'de',
      'Von deiner Adresse kamen gerade zu viele Anfragen',
      'Diese Seite versucht es in 30 s von selbst wieder.',
    ],
  ] as const)('%s: Retry-After 30 s', async (lang, words, when) => {
    const server = listing('30');
    renderInApp(<WatchList />, { lang });
    await wait(0);
    expect(server.asked).toBe(1);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain(words);
    expect(alert.textContent).toContain(when);
    expect(document.body.textContent).not.toContain(SERVER_MESSAGE);
    await wait(29_999);
    expect(server.asked).toBe(1); // not at 5, 10, … s
    server.refusing = false;
    await wait(1);
    expect(server.asked).toBe(2);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText(/Anna/).textContent).toBe('Anna (1500?): 3');
    // Answered: every 5 s again.
    await wait(4_999);
    expect(server.asked).toBe(2);
    await wait(1);
    expect(server.asked).toBe(3);
  });

  test.each([
    ['a Retry-After shorter than the list’s own 5 s', '2'],
    ['no Retry-After', null],
  ])('%s: asked again after 5 s, as always', async (_, retryAfter) => {
    const server = listing(retryAfter);
    renderInApp(<WatchList />, { lang: 'en' });
    await wait(0);
    expect(screen.getByRole('alert').textContent).toContain('This page tries again by itself in 5 s.');
    await wait(4_999);
    expect(server.asked).toBe(1);
    await wait(1);
    expect(server.asked).toBe(2);
  });
});

test('a tab hidden when the list was due is asked again as soon as it is shown, not left stale', async () => {
  vi.useFakeTimers({ now: 0 });
  let visibility: DocumentVisibilityState = 'visible';
  const spy = vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
  try {
    let asked = 0;
    stubApi(({ path }) => (path === '/api/live' ? (asked++, jsonResponse({ tables: [table] })) : undefined));
    renderInApp(<WatchList />, { lang: 'en' });
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(asked).toBe(1);
    visibility = 'hidden';
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(asked).toBe(1); // a hidden tab asks nothing
    visibility = 'visible';
    await act(async () => {
      document.dispatchEvent(new Event('visibilitychange'));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(asked).toBe(2);
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(asked).toBe(3); // and every 5 s again
  } finally {
    spy.mockRestore();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  }
});

test.each([
  ['Chromium', new TypeError('Failed to fetch')],
  ['Safari', new TypeError('Load failed')],
  ['Firefox', new TypeError('NetworkError when attempting to fetch resource.')],
  ['Node', new Error('connect ECONNREFUSED 127.0.0.1:2567')],
  ['an XMLHttpRequest', new ProgressEvent('error')],
])('a join that reached no server (%s) says so in words, not the browser’s message', (_, failure) => {
  expect(liveErrorText(testI18n('de').t, failure)).toBe(
    'Der Spielserver ist gerade nicht erreichbar. Versuch es gleich noch einmal.',
  );
  expect(liveErrorText(testI18n('en').t, failure)).toBe(
    'The game server cannot be reached just now. Try again in a moment.',
  );
});

test('a join refused for too many joins from the address is said in words, not in the server’s English', () => {
  const refused = Object.assign(new Error('too many rooms or joins from 127.0.0.1'), {
    code: JOIN_ERRORS.rateLimited,
  });
  expect(liveErrorText(testI18n('de').t, refused)).toMatch(
    /^Von deiner Adresse wurden gerade zu viele Tische/,
  );
  expect(liveErrorText(testI18n('en').t, refused)).toMatch(
    /^Too many tables and rooms were opened or joined/,
  );
});
