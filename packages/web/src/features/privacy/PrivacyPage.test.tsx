// @vitest-environment happy-dom
/**
 * The privacy page against a stubbed server: opening it makes no account; the operator's contact and the retention
 * periods come from the server; the deletion needs the name (and a kept name's password), and afterwards the
 * device forgets its key; a refusal says so. The device's download leaves the account's key out. English and German.
 */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { memoryStore, type KeyValueStore } from '../../kit/storage';
import { TOKEN_KEY } from '../../kit/server/token';
import { inApp, jsonResponse, stubApi, type ApiCall } from '../../test-support';
import { DEVICE_FORMAT, deviceData } from './device';
import PrivacyPage from './PrivacyPage';

const INFO = {
  contact: 'Hearts e. V.\nprivacy@example.org',
  retentionDays: { chat: 30, leaves: 1, chipCaps: 2, invites: 0, requests: 30 },
  tokenTtlDays: 180,
};
const USER = { id: 'u1', name: 'Anna', claimed: true, rating: 1500, provisional: true, games: 0 };

let calls: ApiCall[] = [];
let deleteAnswer: Response;

beforeEach(() => {
  calls = [];
  deleteAnswer = jsonResponse({ deleted: true });
  stubApi((call) => {
    calls.push(call);
    if (call.path === '/api/privacy') return jsonResponse(INFO);
    if (call.path === '/api/me') return jsonResponse({ user: USER, moderator: false });
    if (call.path === '/api/me/delete') return deleteAnswer;
    return undefined;
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const signedIn = (): KeyValueStore => {
  const store = memoryStore();
  store.set(TOKEN_KEY, 'h2.u1.0.1.mac');
  return store;
};

it('opening the page makes no account; the contact and the periods are the server’s', async () => {
  render(inApp(<PrivacyPage />, { lang: 'en' }));
  await screen.findByText(/privacy@example\.org/);
  expect(screen.getByText(/Hearts e\. V\./)).toBeTruthy();
  expect(screen.getByText('30 days (longer only while a report about the table is open)')).toBeTruthy();
  expect(screen.getByText(/This device has no account on the game server/)).toBeTruthy();
  expect(
    screen.getByText('Until removed; a request nobody answers 30 days; invites until they run out'),
  ).toBeTruthy();
  expect(screen.getByText(/has not used its key for 180 days/)).toBeTruthy();
  expect(calls.map((c) => c.path)).toEqual(['/api/privacy']); // no guest made, no key asked about
});

it('in German, with no contact given', async () => {
  stubApi((call) => (call.path === '/api/privacy' ? jsonResponse({ ...INFO, contact: null }) : undefined));
  render(inApp(<PrivacyPage />, { lang: 'de' }));
  await screen.findByText('Der Betreiber dieses Servers hat keinen Kontakt angegeben.');
  expect(screen.getByRole('heading', { name: 'Datenschutz und deine Daten' })).toBeTruthy();
  expect(screen.getByText('30 Tage (länger nur, solange eine Meldung zum Tisch offen ist)')).toBeTruthy();
});

it('the deletion takes the name and the password; then the device forgets its key', async () => {
  const store = signedIn();
  render(inApp(<PrivacyPage />, { lang: 'en', store }));
  await screen.findByText(/This device plays as Anna/);
  const button = screen.getByRole('button', { name: 'Delete my account for good' }) as HTMLButtonElement;
  expect(button.disabled).toBe(true);
  fireEvent.change(screen.getByLabelText(/Type your name to confirm/), { target: { value: 'anna' } });
  expect(button.disabled).toBe(true); // the password of a kept name too
  fireEvent.change(screen.getByLabelText('Your password'), { target: { value: 'correct horse' } });
  expect(button.disabled).toBe(false);

  deleteAnswer = jsonResponse({ error: 'ERR_CONFIRM', message: 'the password is not right' }, 403);
  fireEvent.click(button);
  await screen.findByText('The name or the password is not right: nothing was deleted.');
  expect(store.get(TOKEN_KEY)).not.toBeNull();

  deleteAnswer = jsonResponse({ deleted: true });
  fireEvent.click(button);
  await screen.findByText(/Your account is deleted/);
  expect(calls.filter((c) => c.path === '/api/me/delete').map((c) => c.body)).toEqual([
    { name: 'anna', password: 'correct horse' },
    { name: 'anna', password: 'correct horse' },
  ]);
  expect(store.get(TOKEN_KEY)).toBeNull();
  await waitFor(() => expect(screen.queryByRole('button', { name: /Delete my account/ })).toBeNull());
});

it('a key the server no longer knows: said, and nothing offered to delete', async () => {
  stubApi((call) =>
    call.path === '/api/me'
      ? jsonResponse({ error: 'ERR_SIGN_IN', message: 'sign in first' }, 401)
      : call.path === '/api/privacy'
        ? jsonResponse(INFO)
        : undefined,
  );
  render(inApp(<PrivacyPage />, { lang: 'en', store: signedIn() }));
  await screen.findByText(/The server no longer knows this device’s key/);
  expect(screen.queryByRole('button', { name: /Delete my account/ })).toBeNull();
});

it('the device’s file holds every kept value but the account’s key', () => {
  const store = signedIn();
  store.set('hearts.settings', JSON.stringify({ lang: 'de' }));
  store.set('hearts.history', JSON.stringify([{ id: 'g1' }]));
  store.set('hearts.puzzles.mergeFrom', 'h2.g1.0.1.mac');
  store.set('other.app', 'not ours');
  const file = deviceData(store, [], 5);
  expect(file).toEqual({
    format: DEVICE_FORMAT,
    exportedAt: 5,
    storage: { 'hearts.history': [{ id: 'g1' }], 'hearts.settings': { lang: 'de' } },
    pads: [],
  });
});
