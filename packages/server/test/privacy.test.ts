/**
 * Your data through the real server (issue #49), on SQLite and PostgreSQL: the export (`hearts-export/2`, other
 * people in it by name, never by their user id) and its limit; the deletion confirmed by name and password, during a live rated game (a bot takes the seat over, the
 * game finishes for the other player under the neutral name, nothing of the deleted player is kept and nothing
 * of the other's changes), again, and from two devices at once; the privacy page's settings.
 */
import { describe, expect, test } from 'vitest';
import { quickMatch } from '@hearts/live';
import { DELETED_PLAYER, exportSchema, type ExportFile } from '@hearts/protocol/http/privacy';
import type { LeaderboardRow, LiveGame, PublicUser } from '@hearts/protocol/http';
import { CLOSE_CODES } from '@hearts/protocol/socket';
import { DATABASES, storeOn } from './databases.js';
import {
  AutoPlayer,
  QUICK_WAIT_FOREVER_MS,
  api,
  connect,
  dealt,
  guest,
  seatQueued,
  serverPerTest,
  until,
} from './helpers.js';

const PASSWORD = 'correct horse battery';

describe.each(DATABASES)('your data on %s', (db) => {
  const startServer = serverPerTest();

  test('the export: everything of yours as hearts-export/2, as a download; signed in only; LIMIT_ACCOUNT', async () => {
    const t = await startServer(
      { accountLimit: { count: 3, seconds: 3600 }, privacyContact: 'Datenschutz: privacy@example.org' },
      { store: await storeOn(db) },
    );
    const me = await guest(t.url);
    // Others in it: a request made, a request received, a block — each by name, none by their user id.
    const [ben, cleo, dan] = [await guest(t.url), await guest(t.url), await guest(t.url)];
    const asked = (from: { token: string }, name: string) =>
      api(t.url, '/api/friends', { token: from.token, body: { name } });
    expect((await asked(me, ben.name)).status).toBe(200);
    expect((await asked(cleo, me.name)).status).toBe(200);
    expect((await api(t.url, '/api/blocks', { token: me.token, body: { userId: dan.id } })).status).toBe(200);
    const res = await fetch(`${t.url}/api/me/export`, { headers: { authorization: `Bearer ${me.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="hearts-data-\d{4}-\d\d-\d\d\.json"$/,
    );
    const text = await res.text();
    const file = exportSchema.parse(JSON.parse(text));
    expect(file.account).toMatchObject({ id: me.id, name: me.name, claimed: false });
    expect(file.games).toEqual([]);
    expect(file.friends.map((f) => [f.name, f.status])).toEqual([
      [cleo.name, 'incoming'],
      [ben.name, 'outgoing'],
    ]);
    expect(file.blocks.map((b) => b.name)).toEqual([dan.name]);
    for (const other of [ben, cleo, dan]) expect(text).not.toContain(other.id);

    expect((await api(t.url, '/api/me/export')).status).toBe(401);
    expect((await api(t.url, '/api/me/export', { token: me.token })).status).toBe(200);
    expect((await api(t.url, '/api/me/export', { token: me.token })).status).toBe(200);
    const limited = await api(t.url, '/api/me/export', { token: me.token });
    expect(limited).toMatchObject({ status: 429, body: { error: 'ERR_RATE_LIMIT' } });

    const info = await api(t.url, '/api/privacy');
    expect(info.body).toEqual({
      contact: 'Datenschutz: privacy@example.org',
      retentionDays: { chat: 30, leaves: 1, chipCaps: 2, invites: 0, requests: 30 },
      tokenTtlDays: 180,
    });
  });

  test('a deletion during a live rated game: a bot takes the seat, the game ends for the other under the neutral name', async () => {
    const store = await storeOn(db);
    const t = await startServer({ quickWaitMs: QUICK_WAIT_FOREVER_MS, botTimeMs: 20 }, { store });
    const anna = await guest(t.url);
    const ben = await guest(t.url);
    const claimed = await api<{ token: string }>(t.url, '/api/claim', {
      token: anna.token,
      body: { password: PASSWORD },
    });
    expect(claimed.status).toBe(200);
    const annaToken = claimed.body.token;
    const waits = [annaToken, ben.token].map((token) =>
      quickMatch({ url: t.url, token, rated: true, targetScore: 50 }),
    );
    await seatQueued(t, 2);
    const [ra, rb] = await Promise.all(waits.map((w) => w.roomId));
    expect(ra).toBe(rb);
    const a = await connect(t.url, annaToken, ra!);
    const b = await connect(t.url, ben.token, rb!);
    await until('the deal', () => dealt(a) && dealt(b));
    const annaSeat = a.state!.table.you;

    // The confirmation: the name, and the password of a claimed name.
    const del = (body: unknown, token = annaToken) => api(t.url, '/api/me/delete', { token, body });
    expect(await del({ name: 'someone else', password: PASSWORD })).toMatchObject({
      status: 403,
      body: { error: 'ERR_CONFIRM' },
    });
    expect(await del({ name: anna.name })).toMatchObject({ status: 403, body: { error: 'ERR_CONFIRM' } });
    expect(await del({ name: anna.name, password: 'wrong password' })).toMatchObject({ status: 403 });
    expect((await api(t.url, '/api/me', { token: annaToken })).status).toBe(200); // nothing happened yet

    expect(await del({ name: anna.name.toUpperCase(), password: PASSWORD })).toEqual({
      status: 200,
      body: { deleted: true },
    });
    // At once: the token is refused, the seat is a bot's, the connection closed.
    expect((await api(t.url, '/api/me', { token: annaToken })).status).toBe(401);
    expect((await del({ name: anna.name, password: PASSWORD })).status).toBe(401); // again: signed out
    await until('the connection closed', () => a.status === 'closed');
    expect(a.closeCode).toBe(CLOSE_CODES.seatLost);
    await until('a bot in the seat', () => b.state?.table.seats[annaSeat]?.replaced === true);

    // The game ends for Ben.
    const player = new AutoPlayer(b, 3);
    await until('the result', () => b.result !== null, 120_000);
    player.stop();
    expect(player.errors).toEqual([]);
    const history = await api<{ games: LiveGame[] }>(t.url, '/api/history', { token: ben.token });
    const game = history.body.games.find((g) => g.id === ra)!;
    expect(game.players[annaSeat]!.name).toBe(DELETED_PLAYER);
    expect(JSON.stringify(game)).not.toContain(anna.name);
    const replay = await api<{ players: string[] }>(t.url, `/api/replays/${ra}`);
    expect(replay.body.players[annaSeat]).toBe(DELETED_PLAYER);
    expect(JSON.stringify(replay.body)).not.toContain(anna.name);
    // Nothing of Anna kept: no rating, no leave, no user; Ben rated as against any leaver.
    expect(await store.progress.skills([`u:${anna.id}`])).toEqual([]);
    expect(await store.manners.leavesSince(anna.id, 0, 10)).toEqual([]);
    expect(await store.userByName(anna.name)).toBeNull();
    expect((await store.progress.skills([`u:${ben.id}`])).map((r) => r.games)).toEqual([1]);
    expect(game.players[b.state!.table.you]!.ratingAfter).not.toBeNull();
    expect((await api(t.url, `/api/profile/${anna.id}`)).status).toBe(404);
    const board = await api<{ players: LeaderboardRow[] }>(t.url, '/api/leaderboard?period=month');
    expect(board.body.players.map((p) => p.name)).not.toContain(anna.name);
    b.vanish();
  }, 180_000);

  test('deleting from two devices at once: the account goes once, neither answer is an error of the server', async () => {
    const t = await startServer({}, { store: await storeOn(db) });
    const me = await guest(t.url);
    const claimed = await api<{ token: string; user: PublicUser }>(t.url, '/api/claim', {
      token: me.token,
      body: { password: PASSWORD },
    });
    const phone = await api<{ token: string }>(t.url, '/api/login', {
      body: { name: me.name, password: PASSWORD },
    });
    const tokens = [claimed.body.token, phone.body.token];
    const answers = await Promise.all(
      tokens.map((token) =>
        api(t.url, '/api/me/delete', { token, body: { name: me.name, password: PASSWORD } }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual(
      answers.every((a) => a.status === 200) ? [200, 200] : [200, 401],
    );
    for (const token of tokens) expect((await api(t.url, '/api/me', { token })).status).toBe(401);
    // The name is free for a new player.
    const next = await guest(t.url);
    expect((await api(t.url, '/api/name', { token: next.token, body: { name: me.name } })).status).toBe(200);
  });

  test('guessing the password through the deletion hits LIMIT_ACCOUNT; the right one then waits too', async () => {
    const t = await startServer({ accountLimit: { count: 3, seconds: 3600 } }, { store: await storeOn(db) });
    const me = await guest(t.url);
    const claimed = await api<{ token: string }>(t.url, '/api/claim', {
      token: me.token,
      body: { password: PASSWORD },
    });
    const token = claimed.body.token;
    for (const guess of ['guess one', 'guess two', 'guess three'])
      expect(
        await api(t.url, '/api/me/delete', { token, body: { name: me.name, password: guess } }),
      ).toMatchObject({ status: 403, body: { error: 'ERR_CONFIRM' } });
    const limited = await api(t.url, '/api/me/delete', {
      token,
      body: { name: me.name, password: PASSWORD },
    });
    expect(limited).toMatchObject({ status: 429, body: { error: 'ERR_RATE_LIMIT' } });
    expect((await api(t.url, '/api/me', { token })).status).toBe(200); // not deleted
  });

  test('a player waiting for a quick match is out of the queue once deleted: no table opens for them', async () => {
    const t = await startServer({ quickWaitMs: QUICK_WAIT_FOREVER_MS }, { store: await storeOn(db) });
    const me = await guest(t.url);
    const wait = quickMatch({ url: t.url, token: me.token, rated: false, targetScore: 50 });
    const settled = wait.roomId.then(
      () => 'a table',
      (e: unknown) => String(e),
    );
    await until('queued', () => t.server.services.queueSize === 1);
    expect((await api(t.url, '/api/me/delete', { token: me.token, body: { name: me.name } })).status).toBe(
      200,
    );
    expect(await settled).toMatch(new RegExp(`queue closed \\(${CLOSE_CODES.seatLost}\\)`));
    expect(t.server.services.queueSize).toBe(0);
  });

  test('a guest deletes with their name; their export is gone with them', async () => {
    const t = await startServer({}, { store: await storeOn(db) });
    const me = await guest(t.url);
    const before = await api<ExportFile>(t.url, '/api/me/export', { token: me.token });
    expect(before.body.account.name).toBe(me.name);
    expect((await api(t.url, '/api/me/delete', { token: me.token, body: { name: me.name } })).status).toBe(
      200,
    );
    expect((await api(t.url, '/api/me/export', { token: me.token })).status).toBe(401);
    expect((await api(t.url, '/api/me/delete', { token: me.token, body: { name: 1 } })).status).toBe(401);
  });
});
