import { afterEach, describe, expect, test, vi } from 'vitest';
import { memoryStore } from '../storage';
import { TOKEN_KEY, claimName, signOutEverywhere, tokenCurrent, tokenUserId } from './account';

describe('tokenUserId', () => {
  test.each([
    ['h2.uabc123.0.1767225600.MACMACMAC', 'uabc123'],
    ['h2.uabc123.4.1767225600.MACMACMAC', 'uabc123'],
    ['uabc123.MACMACMAC', 'uabc123'], // the first format
    ['h2..0.1.MAC', null],
    ['garbage', null],
    ['a.b.c', null],
  ])('%s names %s', (token, id) => {
    expect(tokenUserId(token)).toBe(id);
  });
});

describe('a token being replaced (claimName, signOutEverywhere)', () => {
  const user = { id: 'u1', name: 'Anna', claimed: true, rating: 1500, provisional: true, games: 0 };
  const reply = (token: string) =>
    new Response(JSON.stringify({ token, user, moderator: false }), {
      headers: { 'content-type': 'application/json' },
    });
  afterEach(() => vi.unstubAllGlobals());

  test('a request the page starts by itself waits for it, and is never sent with the old token', async () => {
    vi.stubGlobal('window', { location: { origin: 'http://127.0.0.1:1' } });
    let answer: (r: Response) => void = () => undefined;
    const sent: string[] = [];
    vi.stubGlobal('fetch', (url: string) => {
      sent.push(url);
      return new Promise<Response>((resolve) => (answer = resolve));
    });
    const store = memoryStore();
    const claim = claimName(store, 'old', 'correct horse battery');
    expect(sent).toHaveLength(1); // the claim is on its way
    let settled: boolean | null = null;
    const old = tokenCurrent('old').then((ok) => (settled = ok));
    const other = tokenCurrent('another');
    await new Promise((r) => setTimeout(r, 0));
    expect(settled).toBeNull(); // waits for the claim
    answer(reply('new'));
    expect((await claim).token).toBe('new');
    await old;
    expect(settled).toBe(false); // replaced: a request with it would be refused
    expect(await other).toBe(true);
    expect(await tokenCurrent('new')).toBe(true);
    expect(store.get(TOKEN_KEY)).toBe('new');
  });

  test('a refused replacement leaves the token as it was', async () => {
    vi.stubGlobal('window', { location: { origin: 'http://127.0.0.1:1' } });
    vi.stubGlobal('fetch', () => Promise.reject(new Error('offline')));
    const store = memoryStore();
    store.set(TOKEN_KEY, 'kept');
    await expect(signOutEverywhere(store, 'kept')).rejects.toThrow();
    expect(await tokenCurrent('kept')).toBe(true);
    expect(store.get(TOKEN_KEY)).toBe('kept');
  });
});
