// @vitest-environment happy-dom
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LiveTable } from '@hearts/protocol/http/watch';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, expect, test } from 'vitest';
import { renderInApp } from '../../test-support';
import { WatchList } from './WatchPages';

let server: Server | undefined;
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

test('the watch list marks a provisional rating as the rest of the app does ("1500?")', async () => {
  server = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
    res.end(JSON.stringify(req.url === '/api/live' ? { tables: [table] } : {}));
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(
    `http://127.0.0.1:${(server.address() as AddressInfo).port}/#/live/watch`,
  );
  renderInApp(<WatchList />, { lang: 'en' });
  const row = await screen.findByText(/Anna/);
  expect(row.textContent).toBe('Anna (1500?): 3');
  expect(screen.getByText(/Ben/).textContent).toBe('Ben (1612): 10');
});
