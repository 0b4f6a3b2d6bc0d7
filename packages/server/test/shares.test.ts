/**
 * Shared reviews over HTTP (docs/sharing.md): a player shares a finished solo game or a finished game of the
 * server's, everyone reads it and its page carries the Open Graph tags with a rendered preview image; a running
 * game, another's game, an unrevealed day (its game, or a solo record holding its deal), a record that is not a legal
 * finished game are refused; the limits hold (LIMIT_SHARES, SHARES_MAX, LIMIT_SHARE_VIEWS, the body's size).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { DEFAULT_RULES, makeRecord, type GameRecord } from '@hearts/engine';
import type { SharedReview } from '@hearts/protocol/http';
import { dailyDeal, seedFromHex } from '@hearts/shuffle';
import { DAILY_RULES, dayOf } from '../src/daily.js';
import type { KyselyStore } from '../src/store/kysely-store.js';
import type { GameStore, TableRecord } from '../src/store/types.js';
import { api, finishedDailyAttempt, guest, serverPerTest } from './helpers.js';
import { samplePuzzles, writeLibrary } from './puzzle-fixtures.js';
import { randomGame } from './random-game.js';

const startServer = serverPerTest();
const NAMES = ['You', 'Bot 1', 'Bot 2', 'Bot 3'];

/** A finished solo game of `hands` hands, as the browser keeps it. */
const soloRecord = (seed: number, hands = 2): GameRecord =>
  makeRecord(randomGame({ handsToPlay: hands }, seed), NAMES);

/** A table of `kind` with `userId` in seat 1 (bots elsewhere), finished with a random game unless `running`. */
async function liveGame(
  store: GameStore,
  id: string,
  userId: string,
  kind: TableRecord['kind'] = 'quick',
  running = false,
): Promise<GameRecord> {
  const names = ['Bot A', 'Anna', 'Bot B', 'Bot C'];
  await store.createTable({
    id,
    kind,
    rated: false,
    rules: { ...DEFAULT_RULES, handsToPlay: 1 },
    seats: names.map((name, s) =>
      s === 1
        ? { kind: 'human', userId, name, rating: null }
        : { kind: 'bot', level: 'easy', name, rating: null },
    ),
    botLevel: 'easy',
    status: 'playing',
    createdAt: 1,
  });
  const record = makeRecord(randomGame({ handsToPlay: 1 }, id.length * 7), names);
  if (!running) await finish(store, id, userId, record);
  return record;
}

const finish = (store: GameStore, id: string, userId: string, record: GameRecord) =>
  store.finishGame({
    tableId: id,
    finishedAt: 5000,
    record,
    players: record.players.map((name, seat) => ({
      seat,
      userId: seat === 1 ? userId : null,
      name,
      botLevel: seat === 1 ? null : 'easy',
      replaced: false,
      score: 0,
      rank: 1,
      ratingBefore: null,
      ratingAfter: null,
    })),
    userRatings: [],
    botRatings: [],
  });

const dir = mkdtempSync(join(tmpdir(), 'hearts-share-web-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('sharing', () => {
  test('a solo game is shared, read by anyone, and shared again under the same id; what is kept is the engine’s record', async () => {
    const t = await startServer();
    const u = await guest(t.url);
    const record = { ...soloRecord(1), undos: 2, junk: 'x'.repeat(1000) };
    const made = await api<{ id: string; path: string }>(t.url, '/api/shares', {
      token: u.token,
      body: { source: 'solo', record, seat: 0 },
    });
    expect(made.status).toBe(200);
    expect(made.body.path).toBe(`/r/${made.body.id}`);
    const again = await api<{ id: string }>(t.url, '/api/shares', {
      token: u.token,
      body: { source: 'solo', record, seat: 0 },
    });
    expect(again.body.id).toBe(made.body.id);
    const read = await api<SharedReview>(t.url, `/api/shares/${made.body.id}`); // no token: everyone
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: made.body.id, source: 'solo', seat: 0 });
    // Written again by the engine (no junk kept), the player's seat under their name instead of the app's "You".
    expect(read.body.record).toEqual({ ...soloRecord(1), players: [u.name, ...NAMES.slice(1)] });
    expect((await api(t.url, '/api/shares/rnothere')).status).toBe(404);
  });

  test('the page carries the Open Graph tags in the reader’s language, inside the app’s own page, and its image is a PNG', async () => {
    writeFileSync(
      join(dir, 'index.html'),
      '<!doctype html>\n<html lang="en">\n  <head>\n    <meta name="description" content="Hearts: play" />\n    <title>Hearts</title>\n    <script type="module" src="./assets/index-abc.js"></script>\n  </head>\n  <body><div id="root"></div></body>\n</html>\n',
    );
    const t = await startServer({ webRoot: dir });
    const u = await guest(t.url);
    const record = soloRecord(2);
    const { body } = await api<{ id: string; path: string }>(t.url, '/api/shares', {
      token: u.token,
      body: { source: 'solo', record, seat: 0 },
    });
    const res = await fetch(t.url + body.path);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await res.text();
    const meta = (p: string) => new RegExp(`<meta property="${p}" content="([^"]*)">`).exec(html)?.[1];
    const origin = new URL(t.url).origin;
    expect(meta('og:url')).toBe(`${origin}/r/${body.id}`);
    expect(meta('og:image')).toBe(`${origin}/r/${body.id}.png`);
    expect(meta('og:title')).toMatch(/^Hearts: .+ won with \d+ points$/);
    expect(meta('og:description')).toMatch(
      new RegExp(`^Replay and analysis of a game of Hearts \\(2 hands\\): ${u.name} \\d+, Bot 1 \\d+`),
    );
    expect(html).toContain('<base href="../">');
    expect(html).toContain('<meta name="hearts-server" content="api">'); // as every page of the app it serves
    expect(html).toContain('<script type="module" src="./assets/index-abc.js"></script>'); // the app itself
    expect(html).toMatch(/<title>Hearts: .+ won/);
    const de = await (
      await fetch(t.url + body.path, { headers: { 'accept-language': 'de-DE,de;q=0.9' } })
    ).text();
    expect(de).toMatch(/<meta property="og:title" content="Hearts: .+ gewinnt mit \d+ Punkten">/);
    expect(de).toContain('<html lang="de"');

    const png = await fetch(meta('og:image')!);
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');
    const bytes = new Uint8Array(await png.arrayBuffer());
    expect([...bytes.slice(1, 4)]).toEqual([0x50, 0x4e, 0x47]);
    expect(new DataView(bytes.buffer).getUint32(16)).toBe(1200);
    // Kept, and drawn again when its names change (a player's account deleted: their seat renamed in the share).
    expect(new Uint8Array(await (await fetch(meta('og:image')!)).arrayBuffer())).toEqual(bytes);
    const db = (t.server.services.store as KyselyStore).db;
    await db
      .updateTable('shares')
      .set({ record: JSON.stringify({ ...record, players: ['Deleted player', ...NAMES.slice(1)] }) })
      .where('id', '=', body.id)
      .execute();
    const renamed = new Uint8Array(await (await fetch(meta('og:image')!)).arrayBuffer());
    expect(renamed).not.toEqual(bytes);
    // A server without a puzzle library says so: the start page does not ask it for the day's puzzle.
    expect(await (await fetch(`${t.url}/`)).text()).toContain('<meta name="hearts-server" content="api">');
    const missing = await fetch(`${t.url}/r/rnothere`); // the app, which says so
    expect(missing.status).toBe(404);
    const missingHtml = await missing.text();
    expect(missingHtml).toContain('<base href="../">');
    expect(missingHtml).not.toContain('og:');
    expect((await fetch(`${t.url}/r/rnothere.png`)).status).toBe(404);
    expect((await fetch(t.url + body.path, { method: 'POST' })).status).toBe(405);
  });

  test('the app’s pages carry the server’s mark, naming its puzzle library when it has one', async () => {
    writeFileSync(
      join(dir, 'index.html'),
      '<!doctype html>\n<html lang="en">\n  <head>\n    <title>Hearts</title>\n  </head>\n</html>\n',
    );
    const t = await startServer({ webRoot: dir, puzzlesFile: writeLibrary(samplePuzzles(3), dir) });
    expect(await (await fetch(`${t.url}/`)).text()).toContain(
      '<meta name="hearts-server" content="api puzzles">',
    );
  });

  test('a finished game of the server’s is shared by its player with their seat; a running one, or another’s, is refused', async () => {
    const t = await startServer();
    const s = t.server.services.store;
    const [anna, ben] = [await guest(t.url), await guest(t.url)];
    const record = await liveGame(s, 'tdone', anna.id);
    await liveGame(s, 'trunning', anna.id, 'quick', true);
    const made = await api<{ id: string }>(t.url, '/api/shares', {
      token: anna.token,
      body: { source: 'game', tableId: 'tdone' },
    });
    expect(made.status).toBe(200);
    const read = await api<SharedReview>(t.url, `/api/shares/${made.body.id}`);
    expect(read.body).toMatchObject({ source: 'game', seat: 1, record });

    const running = await api(t.url, '/api/shares', {
      token: anna.token,
      body: { source: 'game', tableId: 'trunning' },
    });
    expect(running).toMatchObject({ status: 409, body: { error: 'ERR_NOT_FINISHED' } });
    for (const tableId of ['tdone', 'trunning', 'tnone']) {
      const other = await api(t.url, '/api/shares', { token: ben.token, body: { source: 'game', tableId } });
      expect(other).toMatchObject({ status: 404, body: { error: 'ERR_NOT_FOUND' } });
    }
    const anonymous = await api(t.url, '/api/shares', { body: { source: 'game', tableId: 'tdone' } });
    expect(anonymous.status).toBe(401);
  });

  test('a daily game is shared once its day is revealed; a solo record of an unrevealed day’s deal is refused', async () => {
    const t = await startServer();
    const sv = t.server.services;
    const u = await guest(t.url);
    const today = await sv.daily.ensure(dayOf(Date.now()), Date.now());
    const past = await sv.daily.ensure('2026-01-15', Date.UTC(2026, 0, 15));
    for (const [day, id] of [
      [today, 'dtoday'],
      [past, 'dpast'],
    ] as const) {
      await finishedDailyAttempt(sv.store, day, u, id, [1, 2, 3, 4], 10);
      await finish(sv.store, id, u.id, makeRecord(randomGame({ handsToPlay: 1 }, 3), NAMES));
    }
    const hidden = await api(t.url, '/api/shares', {
      token: u.token,
      body: { source: 'game', tableId: 'dtoday' },
    });
    expect(hidden).toMatchObject({ status: 409, body: { error: 'ERR_DAILY_NOT_OVER' } });
    const shown = await api(t.url, '/api/shares', {
      token: u.token,
      body: { source: 'game', tableId: 'dpast' },
    });
    expect(shown.status).toBe(200);

    // Today's deal (its second hand, seats turned) played at home and uploaded as a solo game: still the day's secret.
    const seed = seedFromHex(today.seed)!;
    const secret = dailyDeal({ date: today.date, seed, rules: DAILY_RULES, handNumber: 1 }).hands;
    const scout = makeRecord(
      randomGame({ handsToPlay: 1 }, 4, 100_000, () => [...secret.slice(2), ...secret.slice(0, 2)]),
      NAMES,
    );
    const refused = await api(t.url, '/api/shares', {
      token: u.token,
      body: { source: 'solo', record: scout, seat: 0 },
    });
    expect(refused).toMatchObject({ status: 409, body: { error: 'ERR_DAILY_NOT_OVER' } });
    // The past day's deal is public: its games may be shared as solo games too.
    const pastDeal = dailyDeal({
      date: past.date,
      seed: seedFromHex(past.seed)!,
      rules: DAILY_RULES,
      handNumber: 0,
    });
    const replayed = makeRecord(
      randomGame({ handsToPlay: 1 }, 5, 100_000, () => pastDeal.hands),
      NAMES,
    );
    const ok = await api(t.url, '/api/shares', {
      token: u.token,
      body: { source: 'solo', record: replayed, seat: 0 },
    });
    expect(ok.status).toBe(200);
  });

  test('bad input gets a clear refusal: not a record, an illegal or unfinished game, a bad seat, long names, a huge body', async () => {
    const t = await startServer();
    const u = await guest(t.url);
    const share = (body: unknown) => api(t.url, '/api/shares', { token: u.token, body });
    const good = soloRecord(6, 1);
    const unfinished = makeRecord(randomGame({ handsToPlay: 2 }, 6, 30), NAMES);
    const illegal = structuredClone(good) as { hands: { tricks: string[] }[] };
    const first = illegal.hands[0]!.tricks[0]!.split(' ');
    illegal.hands[0]!.tricks[0] = [...first.slice(1), first[0]].join(' '); // someone else leads the 2♣ trick
    const cases: [unknown, number, string][] = [
      [{ source: 'solo', record: { format: 'chess' }, seat: 0 }, 400, 'ERR_BAD_RECORD'],
      [{ source: 'solo', record: illegal, seat: 0 }, 400, 'ERR_BAD_RECORD'],
      [{ source: 'solo', record: unfinished, seat: 0 }, 409, 'ERR_NOT_FINISHED'],
      [{ source: 'solo', record: { ...good, rules: { players: 3 } }, seat: 0 }, 400, 'ERR_BAD_RECORD'],
      [{ source: 'solo', record: good, seat: 9 }, 400, 'ERR_MALFORMED'],
      [
        { source: 'solo', record: { ...good, players: ['x'.repeat(65), 'a', 'b', 'c'] }, seat: 0 },
        400,
        'ERR_BAD_RECORD',
      ],
      [{ source: 'video', tableId: 't1' }, 400, 'ERR_MALFORMED'],
      [{ source: 'game', tableId: '../etc' }, 400, 'ERR_MALFORMED'],
      [{ source: 'game', tableId: 't1', extra: 1 }, 400, 'ERR_MALFORMED'],
      [{ source: 'solo', record: { ...good, big: 'x'.repeat(300_000) }, seat: 0 }, 413, 'ERR_TOO_LARGE'],
    ];
    for (const [body, status, error] of cases)
      expect(await share(body)).toMatchObject({ status, body: { error } });
  });
});

describe('sharing: the limits an abuser hits', () => {
  test('LIMIT_SHARES per address and per user, SHARES_MAX per user', async () => {
    const t = await startServer({ shareLimit: { count: 3, seconds: 3600 }, sharesMax: 2 });
    const [a, b] = [await guest(t.url), await guest(t.url)];
    const share = (token: string, seed: number) =>
      api(t.url, '/api/shares', { token, body: { source: 'solo', record: soloRecord(seed, 1), seat: 0 } });
    expect((await share(a.token, 10)).status).toBe(200);
    expect((await share(a.token, 11)).status).toBe(200);
    expect(await share(a.token, 12)).toMatchObject({ status: 409, body: { error: 'ERR_TOO_MANY' } });
    // The address has used its three: another user from it is refused too.
    const limited = await share(b.token, 13);
    expect(limited).toMatchObject({ status: 429, body: { error: 'ERR_RATE_LIMIT' } });
  });

  test('LIMIT_SHARE_VIEWS per address: pages, images and the API together', async () => {
    const t = await startServer({ shareViewLimit: { count: 3, seconds: 3600 } });
    const u = await guest(t.url);
    const { body } = await api<{ id: string; path: string }>(t.url, '/api/shares', {
      token: u.token,
      body: { source: 'solo', record: soloRecord(20, 1), seat: 0 },
    });
    expect((await fetch(t.url + body.path)).status).toBe(200);
    expect((await fetch(`${t.url}${body.path}.png`)).status).toBe(200);
    expect((await api(t.url, `/api/shares/${body.id}`)).status).toBe(200);
    const page = await fetch(t.url + body.path);
    expect(page.status).toBe(429);
    expect(Number(page.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await api(t.url, `/api/shares/${body.id}`)).status).toBe(429);
  });
});
