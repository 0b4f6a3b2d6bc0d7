// @vitest-environment happy-dom
/**
 * The name card of the live page says what happened: a device whose token was refused (signed out from another
 * device) is told so and offered the sign-in; signing in says as whom and puts the sign-in away; a kept name signs
 * out on this device alone.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, expect, test } from 'vitest';
import { memoryStore } from '../../kit/storage';
import { keepPageConsole, renderInApp } from '../../test-support';
import { SIGNED_OUT_KEY, TOKEN_KEY } from '../../kit/server/account';
import { livePage } from './LivePages';

const guestUser = { id: 'g1', name: 'Gast 1234', claimed: false, rating: 1500, provisional: true, games: 0 };
const anna = { id: 'u1', name: 'Anna', claimed: true, rating: 1500, provisional: true, games: 3 };
let server: Server | undefined;

/** The page's console: the refused old token and the wrong password these tests send on purpose, nothing else. */
keepPageConsole(
  /^(GET http:\/\/127\.0\.0\.1:\d+\/api\/me|POST http:\/\/127\.0\.0\.1:\d+\/api\/login) 401 \(Unauthorized\)$/,
);

afterEach(async () => {
  // Requests the page still has on the way (the lobby's lists) are answered before the server closes.
  await (
    window as unknown as { happyDOM: { waitUntilComplete(): Promise<void> } }
  ).happyDOM.waitUntilComplete();
  cleanup();
  if (server?.listening) await new Promise((resolve) => server!.close(resolve));
});

/** A game server where the old token is refused, a guest is made, and Anna signs in with "geheim123". */
async function gameServer(): Promise<string[]> {
  const asked: string[] = [];
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString()));
    req.on('end', () => {
      asked.push(req.url ?? '');
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
        res.end(JSON.stringify(json));
      };
      const auth = req.headers.authorization ?? '';
      if (req.url === '/api/me' && auth === 'Bearer old')
        return send(401, { error: 'ERR_SIGN_IN', message: 'not a valid token' });
      if (req.url === '/api/me')
        return send(200, { user: auth === 'Bearer anna' ? anna : guestUser, moderator: false });
      if (req.url === '/api/guest') return send(200, { token: 'guest', user: guestUser, moderator: false });
      if (req.url === '/api/login')
        return (JSON.parse(body) as { password?: string }).password === 'geheim123'
          ? send(200, { token: 'anna', user: anna, moderator: false })
          : send(401, { error: 'ERR_WRONG_LOGIN', message: 'wrong name or password' });
      return send(200, {});
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(
    `http://127.0.0.1:${(server!.address() as AddressInfo).port}/#/live`,
  );
  return asked;
}

test('a device signed out elsewhere is told so, signs in, and is told as whom', async () => {
  await gameServer();
  const store = memoryStore();
  store.set(TOKEN_KEY, 'old'); // a token the server no longer takes
  renderInApp(livePage(''), { lang: 'de', store });
  const note = await screen.findByText(/Dieses Gerät wurde abgemeldet/, {}, { timeout: 10_000 });
  expect(note.closest('[role="status"]')).toBeTruthy();
  expect(screen.getByText('Gast 1234')).toBeTruthy();
  expect(store.get(TOKEN_KEY)).toBe('guest');

  // The sign-in is open for them; a wrong password says so, the right one signs in.
  const password = () => document.querySelector<HTMLInputElement>('input[autocomplete="current-password"]')!;
  fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Anna' } });
  fireEvent.change(password(), { target: { value: 'falsch123' } });
  fireEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
  expect((await screen.findByRole('alert')).textContent).toBe('Name oder Passwort falsch.');
  fireEvent.change(password(), { target: { value: 'geheim123' } });
  fireEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
  expect(await screen.findByText('Angemeldet als Anna.')).toBeTruthy();
  expect(screen.queryByText(/Dieses Gerät wurde abgemeldet/)).toBeNull();
  expect(store.get(SIGNED_OUT_KEY)).toBeNull();
  expect(screen.queryByRole('button', { name: 'Anmelden' })).toBeNull(); // signed in: no sign-in offered
  expect(store.get(TOKEN_KEY)).toBe('anna');
});

test('a kept name signs out on this device: a guest plays here, the sign-in is offered, the name card is the guest’s', async () => {
  const asked = await gameServer();
  const store = memoryStore();
  store.set(TOKEN_KEY, 'anna');
  renderInApp(livePage(''), { lang: 'de', store });
  expect(await screen.findByText('Anna', {}, { timeout: 10_000 })).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Anmelden' })).toBeNull();
  fireEvent.click(screen.getByRole('button', { name: 'Auf diesem Gerät abmelden' }));
  expect(await screen.findByText(/^Abgemeldet\. Du spielst hier jetzt als Gast/)).toBeTruthy();
  expect(screen.getByText('Gast 1234')).toBeTruthy();
  expect(store.get(TOKEN_KEY)).toBe('guest');
  expect(store.get(SIGNED_OUT_KEY)).toBeNull(); // signed out on purpose: not the note of a device signed out elsewhere
  expect(screen.queryByText(/Dieses Gerät wurde abgemeldet/)).toBeNull();
  expect(screen.queryByRole('button', { name: 'Auf diesem Gerät abmelden' })).toBeNull();
  expect(screen.getByRole('button', { name: 'Anmelden' })).toBeTruthy();
  expect(asked).toContain('/api/guest');
  // Renaming starts from the guest's name, not the one signed out.
  fireEvent.click(screen.getByRole('button', { name: 'Ändern' }));
  expect(screen.getByLabelText<HTMLInputElement>('Dein Name').value).toBe('Gast 1234');
});
