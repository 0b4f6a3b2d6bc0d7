// @vitest-environment happy-dom
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { JOIN_ERRORS, LIVE_PROTOCOL } from '@hearts/protocol/socket';
import { afterEach, expect, test } from 'vitest';
import { keepPageConsole, renderInApp } from '../../test-support';
import DailyScreen from '../daily/DailyScreen';
import ProfileScreen from '../profile/ProfileScreen';
import ShopScreen from '../shop/ShopScreen';
import TournamentScreen from '../tournament/TournamentScreen';
import { livePage } from './LivePages';

const user = { id: 'u1', name: 'Anna', claimed: false, rating: 1500, provisional: true, games: 0 };
let server: Server | undefined;

/** The page's console lines a server that is away or refuses new guests makes, and nothing else. */
const pageConsole = keepPageConsole(
  /^(connect (ECONNREFUSED|ECONNRESET) 127\.0\.0\.1:\d+|POST http:\/\/127\.0\.0\.1:\d+\/api\/guest 429 \(Too Many Requests\))/,
);

afterEach(async () => {
  cleanup();
  if (server?.listening) await new Promise((resolve) => server!.close(resolve));
});

/** A game server that hands out a guest account (each counted in `guests`), listening on `port`. */
let guests = 0;
function gameServer(port: number): Promise<Server> {
  const s = createServer((req, res) => {
    if (req.url === '/api/guest') guests++;
    res.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
    res.end(
      JSON.stringify(
        req.url === '/api/guest' ? { token: 'tok', user, moderator: false } : { user, moderator: false },
      ),
    );
  });
  return new Promise((resolve) => s.listen(port, '127.0.0.1', () => resolve(s)));
}

test.each([
  ['the device comes back online', true],
  ['its own timer', false],
])(
  'the live page says in players’ words that the server is away, and carries on when it is back (%s)',
  async (_, online) => {
    // A port with nothing on it: the server is away.
    const probe = await gameServer(0);
    const port = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(
      `http://127.0.0.1:${port}/#/live`,
    );
    renderInApp(livePage(''), { lang: 'de' });
    const status = await screen.findByRole('status', {}, { timeout: 10_000 });
    expect(status.textContent).toContain('Der Spielserver ist gerade nicht erreichbar.');
    expect(status.textContent).not.toMatch(/npm/);
    expect(pageConsole.lines.some((line) => /ECONNREFUSED/.test(line))).toBe(true); // the page's console said why

    // The server comes back; the page carries on by itself: at once on the device's "online" event, else on its
    // first retry (ACCOUNT_RETRY_MS[0] = 2 s after the failure).
    server = await gameServer(port);
    if (online)
      await act(async () => {
        window.dispatchEvent(new Event('online'));
      });
    expect(await screen.findByText(/Anna/, {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  },
);

/** The address of a port with nothing on it (the server is away), set as the page's. */
async function awayPort(hash: string): Promise<number> {
  const probe = await gameServer(0);
  const port = (probe.address() as AddressInfo).port;
  await new Promise((resolve) => probe.close(resolve));
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(
    `http://127.0.0.1:${port}/${hash}`,
  );
  return port;
}

test.each([
  ['the daily game', '#/daily', () => <DailyScreen rest="" />],
  ['the tournaments', '#/tournaments', () => <TournamentScreen rest="" />],
  ['your player page', '#/profile', () => <ProfileScreen section="profile" rest="" />],
  ['the shop', '#/shop', () => <ShopScreen />],
])(
  '%s page says the server is away and tries again by itself, as the live page does',
  async (_, hash, page) => {
    const port = await awayPort(hash);
    renderInApp(page(), { lang: 'de' });
    const away = /Der Spielserver ist gerade nicht erreichbar\. Diese Seite versucht es weiter/;
    const status = (await screen.findByText(away, {}, { timeout: 10_000 })).closest('[role="status"]');
    expect(status?.querySelector('button')?.textContent).toBe('Jetzt versuchen');
    guests = 0;
    server = await gameServer(port);
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(screen.queryByText(away)).toBeNull(), { timeout: 15_000 });
    // The parts of a page that need the account share it: one guest is made, not one each.
    expect(guests).toBe(1);
  },
);

test('too many new guests from one address: the live page says so in German, when it tries again, and carries on by itself', async () => {
  // The first request for a guest is refused as the server's guest limit refuses it (429, Retry-After 3 s).
  let refused = 0;
  server = createServer((req, res) => {
    const limited = req.url === '/api/guest' && refused++ === 0;
    res.writeHead(limited ? 429 : 200, {
      'content-type': 'application/json',
      'access-control-allow-origin': '*',
      ...(limited ? { 'retry-after': '3' } : {}),
    });
    res.end(
      JSON.stringify(
        limited
          ? { error: 'ERR_RATE_LIMIT', message: 'too many new guests from your address' }
          : req.url === '/api/guest'
            ? { token: 'tok', user, moderator: false }
            : { user, moderator: false },
      ),
    );
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(
    `http://127.0.0.1:${(server.address() as AddressInfo).port}/#/live`,
  );
  renderInApp(livePage(''), { lang: 'de' });
  const status = await screen.findByRole('status', {}, { timeout: 10_000 });
  expect(status.textContent).toContain('Von deiner Adresse kamen gerade zu viele Anfragen');
  expect(status.textContent).toContain('Diese Seite versucht es in 3 s von selbst wieder.');
  expect(status.textContent).not.toMatch(/too many new guests/); // the server's English stays out
  expect(screen.getByRole('button', { name: 'Live-Tischen zuschauen' })).toBeTruthy(); // watching needs no account
  expect(await screen.findByText(/Anna/, {}, { timeout: 15_000 })).toBeTruthy();
  expect(refused).toBe(2);
  expect(pageConsole.lines.filter((line) => / 429 /.test(line))).toHaveLength(1);
});

test.each([
  ['de', 'Diese Seite ist veraltet', 'Seite neu laden'],
  ['en', 'This page is out of date', 'Reload the page'],
] as const)(
  'a game server of another protocol version: the table page (%s) says the page is out of date and offers a reload',
  async (lang, text, reload) => {
    const joins: unknown[] = [];
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (d: Buffer) => (body += d.toString()));
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
        if (req.url?.startsWith('/matchmake/')) {
          joins.push(JSON.parse(body) as unknown);
          // As the server refuses a join of another version (GuardedRoom.onAuth): final, not tried again.
          res.end(
            JSON.stringify({
              code: JOIN_ERRORS.protocol,
              error:
                'this server speaks hearts-live/2 and the client speaks "hearts-live/1": reload the page',
            }),
          );
        } else
          res.end(
            JSON.stringify(
              req.url === '/api/guest'
                ? { token: 'tok', user, moderator: false }
                : { user, moderator: false },
            ),
          );
      });
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(
      `http://127.0.0.1:${(server.address() as AddressInfo).port}/#/live/ROOM01`,
    );
    renderInApp(livePage('ROOM01'), { lang });
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(alert.textContent).toContain(text);
    expect(alert.textContent).not.toMatch(/hearts-live/); // the server's English stays out
    expect(screen.getByRole('button', { name: reload })).toBeTruthy();
    expect(joins).toEqual([{ protocol: LIVE_PROTOCOL }]); // the page named its version, and asked once
  },
);
