// @vitest-environment happy-dom
/**
 * The invite notices against a stubbed notices stream: an invite shows with its inviter's name, Join goes to the
 * room and dismisses it on the server, an invite that runs out leaves by itself, and a `friends` notice (and the
 * stream opening) tells the Friends page to read its list again.
 */
import type { Notice } from '@hearts/protocol/http/friends';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { jsonResponse, renderInApp, stubApi } from '../../test-support';
import { FRIENDS_CHANGED } from './friends';
import Notices from './Notices';

let push: (n: Notice) => void = () => undefined;
let calls: string[] = [];

beforeEach(() => {
  calls = [];
  stubApi(({ method, path }) => {
    calls.push(`${method} ${path}`);
    if (path === '/api/notices') {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          const enc = new TextEncoder();
          controller.enqueue(enc.encode(': notices\n\n'));
          push = (n) => controller.enqueue(enc.encode(`data: ${JSON.stringify(n)}\n\n`));
        },
      });
      return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
    }
    return jsonResponse({ ok: true });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function show(lang: 'en' | 'de', navigate: (to: string) => void) {
  renderInApp(<Notices token="token-1" />, { lang, navigate });
}

const invite = (id: string, room: string, expiresAt: number): Notice => ({
  type: 'invite',
  invite: { id, from: { name: 'Anna' }, room, expiresAt },
});

it('de: an invite shows; Join goes to the room and dismisses it; a run-out invite leaves by itself', async () => {
  const went: string[] = [];
  let changed = 0;
  const onChange = () => changed++;
  window.addEventListener(FRIENDS_CHANGED, onChange);
  show('de', (to) => went.push(to));
  await waitFor(() => expect(changed).toBe(1)); // the stream opened: the list is read again
  push(invite('i1', 'ABC234', Date.now() + 60_000));
  await screen.findByText('Anna lädt dich in einen Freundesraum ein');
  push({ type: 'friends' });
  await waitFor(() => expect(changed).toBe(2));
  fireEvent.click(screen.getByRole('button', { name: 'Beitreten' }));
  expect(went).toEqual(['/live/ABC234']);
  expect(screen.queryByText(/lädt dich/)).toBeNull();
  await waitFor(() => expect(calls).toContain('POST /api/invites/i1/dismiss'));

  // The clock is held: the invite shows however slow the machine, and runs out when the clock is moved on.
  const at = Date.now();
  const clock = vi.spyOn(Date, 'now').mockReturnValue(at);
  push(invite('i2', 'XYZ789', at + 1000));
  await screen.findByText('Anna lädt dich in einen Freundesraum ein');
  clock.mockReturnValue(at + 2000);
  await waitFor(() => expect(screen.queryByText(/lädt dich/)).toBeNull(), { timeout: 10_000 });
  clock.mockRestore();
  expect(calls).not.toContain('POST /api/invites/i2/dismiss'); // ran out: nothing to dismiss
  window.removeEventListener(FRIENDS_CHANGED, onChange);
});

it('en: dismissing an invite', async () => {
  show('en', () => undefined);
  await waitFor(() => expect(calls).toContain('GET /api/notices'));
  push(invite('i3', 'ABC234', Date.now() + 60_000));
  await screen.findByText('Anna invites you to a friends’ room');
  fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
  expect(screen.queryByText(/invites you/)).toBeNull();
  await waitFor(() => expect(calls).toContain('POST /api/invites/i3/dismiss'));
});
