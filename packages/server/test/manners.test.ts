/**
 * Manners through the real server (issue #20): a block keeps a pair apart in quick match and hides the blocked
 * player's chat from the blocker (live, in the history a (re)join sends, and among watchers) without telling the
 * blocked; reports go to moderators, who alone (claimed ADMIN_USERS accounts) read them with the table's chat;
 * leaving a rated game is counted, and enough leaves refuse quick match with the cool-down's end.
 */
import { expect, test } from 'vitest';
import { quickMatch, TableClient } from '@hearts/live';
import { CLOSE_CODES, JOIN_ERRORS } from '@hearts/protocol/socket';
import type { ModReport } from '@hearts/protocol/http';
import {
  QUICK_WAIT_FOREVER_MS,
  api,
  connect,
  dealt,
  friendsGame,
  guest,
  seatQueued,
  serverPerTest,
  until,
} from './helpers.js';

const startServer = serverPerTest();

/** Waits for an asynchronous condition (a store write the room makes after answering). */
async function eventually(cond: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

const block = (url: string, token: string, body: unknown) => api(url, '/api/blocks', { token, body });

test('quick match never seats a blocked pair together, whichever of them blocked', async () => {
  const t = await startServer({ quickWaitMs: QUICK_WAIT_FOREVER_MS });
  const url = t.url;
  const [a, b, c, d] = await Promise.all([0, 1, 2, 3].map(() => guest(url)));
  expect((await block(url, a!.token, { userId: b!.id })).status).toBe(200);
  // b has not blocked anyone, and is not told: b's own list is empty.
  expect((await api<{ blocked: unknown[] }>(url, '/api/blocks', { token: b!.token })).body.blocked).toEqual(
    [],
  );
  // b asks first: the blocked side's own queue entry must keep the blocker away too.
  const waits = [b, a, c, d].map((u) => quickMatch({ url, token: u!.token, rated: true, targetScore: 50 }));
  await seatQueued(t, 4);
  const [rb, ra, rc, rd] = await Promise.all(waits.map((w) => w.roomId));
  expect(ra).not.toBe(rb);
  // The other two sit with one of them (three humans and a bot), the other waits out the wait and gets bots.
  expect(rc).toBe(rd);
  expect([ra, rb]).toContain(rc);
});

test('a blocked player’s chat is hidden from the blocker, live and in the history of a rejoin; others read it', async () => {
  const t = await startServer();
  const url = t.url;
  const g = await friendsGame(url, 3);
  const [ua, ub] = g.users;
  const [ca, cb, cc] = g.clients;
  const seatB = cb!.state!.table.you;
  const blocked = await api<{ blocked: { name: string }[] }>(url, '/api/blocks', {
    token: ua!.token,
    body: { tableId: g.code, seat: seatB },
  });
  expect(blocked.body.blocked).toEqual([{ name: ub!.name, since: expect.any(Number) }]);
  // The block is read when a player (re)joins: a's next connection hides b.
  ca!.vanish(); // a closed tab: the seat waits for the next connection
  const a2 = await connect(url, ua!.token, g.code);
  cb!.send('chat', { text: 'from b' });
  cc!.send('chat', { text: 'from c' });
  await until('c’s line at a', () => a2.chat.some((l) => l.text === 'from c'));
  await until('b’s line at c', () => cc!.chat.some((l) => l.text === 'from b'));
  expect(a2.chat.map((l) => l.text)).not.toContain('from b');
  // b still reads everyone (blocking is silent), a's lines included.
  a2.send('chat', { text: 'from a' });
  await until('a’s line at b', () => cb!.chat.some((l) => l.text === 'from a'));
  // The history a rejoin sends leaves b out too.
  a2.vanish();
  const a3 = await connect(url, ua!.token, g.code);
  await until('the history', () => a3.chat.some((l) => l.text === 'from c'));
  expect(a3.chat.map((l) => l.text)).toEqual(['from c', 'from a']);
  // The table keeps every line for moderators, with who said it.
  const kept = await t.server.services.store.manners.chat(g.code, 10);
  expect(kept.map((l) => [l.userId, l.text])).toEqual(
    expect.arrayContaining([
      [ub!.id, 'from b'],
      [g.users[2]!.id, 'from c'],
    ]),
  );
  for (const c of [a3, cb!, cc!]) c.vanish();
});

test('a watcher does not read the watchers’ lines of someone they blocked', async () => {
  const t = await startServer();
  const url = t.url;
  const g = await friendsGame(url, 1);
  const [w1, w2, w3] = await Promise.all([0, 1, 2].map(() => guest(url)));
  expect((await block(url, w1!.token, { userId: w2!.id })).status).toBe(200);
  const watch = async (token: string) => {
    const c = new TableClient({ url, token, roomId: g.code, retryMs: 100, watch: true });
    await c.connect();
    await until('the picture', () => c.state !== null);
    return c;
  };
  const [x1, x2, x3] = [await watch(w1!.token), await watch(w2!.token), await watch(w3!.token)];
  x2.send('chat', { text: 'w2 says' });
  x3.send('chat', { text: 'w3 says' });
  await until('both lines at w3', () => x3.watchChat.length === 2);
  await until('w3’s line at w1', () => x1.watchChat.some((l) => l.text === 'w3 says'));
  expect(x1.watchChat.map((l) => l.text)).toEqual(['w3 says']);
  // A late-coming copy of w1 gets the history without w2 too.
  const x1again = await watch(w1!.token);
  await until('the history', () => x1again.watchChat.length > 0);
  expect(x1again.watchChat.map((l) => l.text)).toEqual(['w3 says']);
  expect((await t.server.services.store.manners.chat(g.code, 10)).map((l) => l.source)).toEqual([
    'watchers',
    'watchers',
  ]);
  for (const c of [x1, x1again, x2, x3, ...g.clients]) c.vanish();
});

test('reports: players of the table only, once each; moderators (claimed ADMIN_USERS accounts) alone read them with the chat', async () => {
  const t = await startServer({ adminUsers: ['anna blue', 'ben blue'] });
  const url = t.url;
  const g = await friendsGame(url, 2);
  const [ua, ub] = g.users;
  const seatA = g.clients[0]!.state!.table.you;
  const seatB = g.clients[1]!.state!.table.you;
  g.clients[1]!.send('chat', { text: 'you are terrible' });
  await until('the line kept', () => g.clients[0]!.chat.length === 1);
  const store = t.server.services.store;
  await eventually(async () => (await store.manners.chat(g.code, 10)).length === 1);
  const report = (token: string, body: Record<string, unknown>) => api(url, '/api/reports', { token, body });
  const body = { tableId: g.code, seat: seatB, reason: 'chat', text: 'insults' };
  expect((await report(ua!.token, body)).status).toBe(200);
  expect((await report(ua!.token, body)).body).toMatchObject({ error: 'ERR_REPORTED' });
  expect((await report(ua!.token, { ...body, seat: seatA })).body).toMatchObject({ error: 'ERR_SELF' });
  const outsider = await guest(url);
  expect((await report(outsider.token, body)).status).toBe(403);
  const botSeat = g.clients[0]!.state!.table.seats.findIndex((x) => x.bot);
  expect((await report(ua!.token, { ...body, seat: botSeat })).status).toBe(403);
  expect((await report(ua!.token, { ...body, reason: 'rude' })).body).toMatchObject({
    error: 'ERR_MALFORMED',
  });
  expect((await report(ua!.token, { ...body, text: 'x'.repeat(501) })).body).toMatchObject({
    error: 'ERR_MALFORMED',
  });

  // Not a moderator: 404, as if there were no such route. A moderator's name is not taken without its code.
  expect((await api(url, '/api/admin/reports', { token: ua!.token })).status).toBe(404);
  const pretender = await guest(url);
  expect(
    (await api(url, '/api/name', { token: pretender.token, body: { name: 'Ben Blue' } })).body,
  ).toMatchObject({ error: 'ERR_RESERVED_NAME' });
  expect((await api(url, '/api/admin/reports', { token: pretender.token })).status).toBe(404);
  expect(
    (await api(url, '/api/admin/reports/x', { token: pretender.token, body: { status: 'resolved' } })).status,
  ).toBe(404);
  // Taken with the code of the start log, and claimed: a moderator.
  const mod = await guest(url);
  const code = t.server.services.identity.moderatorCode('Anna Blue');
  expect((await api(url, '/api/name', { token: mod.token, body: { name: 'Anna Blue', code } })).status).toBe(
    200,
  );
  const claimed = await api<{ token: string }>(url, '/api/claim', {
    token: mod.token,
    body: { password: 'a long enough password' },
  });
  expect(claimed.body).toMatchObject({ user: { name: 'Anna Blue', claimed: true } });
  const token = claimed.body.token;
  const open = await api<{ reports: ModReport[] }>(url, '/api/admin/reports', { token });
  expect(open.status).toBe(200);
  expect(open.body.reports).toHaveLength(1);
  const r = open.body.reports[0]!;
  expect(r).toMatchObject({
    reporter: ua!.name,
    reported: ub!.name,
    reportedId: ub!.id,
    tableId: g.code,
    reason: 'chat',
    text: 'insults',
    status: 'open',
    finished: false,
  });
  expect(r.chat).toEqual([
    expect.objectContaining({ text: 'you are terrible', reported: true, seat: seatB }),
  ]);
  const handled = await api<{ report: ModReport }>(url, `/api/admin/reports/${r.id}`, {
    token,
    body: { status: 'resolved' },
  });
  expect(handled.body.report.status).toBe('resolved');
  expect(
    (await api(url, `/api/admin/reports/${r.id}`, { token, body: { status: 'dismissed' } })).body,
  ).toMatchObject({ error: 'ERR_HANDLED' });
  expect((await api<{ reports: ModReport[] }>(url, '/api/admin/reports', { token })).body.reports).toEqual(
    [],
  );
  expect(
    (await api<{ reports: ModReport[] }>(url, '/api/admin/reports?status=handled', { token })).body.reports,
  ).toHaveLength(1);
  for (const c of g.clients) c.vanish();
});

test('a player who gives the seat up finds the leave counted as soon as the connection ends', async () => {
  // As the app leaves a table: `leave`, then home once the server has closed the connection; the home page asks
  // for the cool-down at once. The server closes the connection only after storing the leave.
  const t = await startServer({ quickWaitMs: 0, leaveLimit: 1 });
  const url = t.url;
  // A store slow to write the leave: the connection must still not end before it is written.
  const manners = t.server.services.store.manners;
  const addLeave = manners.addLeave.bind(manners);
  manners.addLeave = async (l) => {
    await new Promise((r) => setTimeout(r, 300));
    await addLeave(l);
  };
  const u = await guest(url);
  const roomId = await quickMatch({ url, token: u.token, rated: true, targetScore: 50 }).roomId;
  const c = await connect(url, u.token, roomId);
  await until('the deal', () => dealt(c));
  await c.leaveSeat();
  expect(c.closeCode).toBe(CLOSE_CODES.seatLost);
  const cool = await api<{ until: number | null; leaves: number }>(url, '/api/cooldown', { token: u.token });
  expect(cool.body.leaves).toBe(1);
  expect(cool.body.until).toBeGreaterThan(Date.now());
});

test('leaving a rated game is counted; enough leaves refuse quick match with the cool-down’s end', async () => {
  const t = await startServer({ quickWaitMs: 0, leaveLimit: 2 });
  const url = t.url;
  const store = t.server.services.store;
  const u = await guest(url);
  // One rated game left early: stored with the table.
  const roomId = await quickMatch({ url, token: u.token, rated: true, targetScore: 50 }).roomId;
  const c = await connect(url, u.token, roomId);
  await until('the deal', () => dealt(c));
  await c.leave();
  await eventually(async () => (await store.manners.leavesSince(u.id, 0, 10)).length === 1);
  const before = await api<{ until: number | null; leaves: number }>(url, '/api/cooldown', {
    token: u.token,
  });
  expect(before.body).toMatchObject({ until: null, leaves: 1, limit: 2 });
  // A second (stored as the room stores it): the cool-down runs from it.
  const [left] = await store.manners.leavesSince(u.id, 0, 10);
  await store.manners.addLeave({ userId: u.id, tableId: 'tearlier', at: left! - 60_000, reason: 'kicked' });
  const cool = await api<{ until: number | null; leaves: number }>(url, '/api/cooldown', { token: u.token });
  expect(cool.body).toMatchObject({ until: left! + 30 * 60_000, leaves: 2 });
  const refused = quickMatch({ url, token: u.token, rated: false, targetScore: 50 });
  await expect(refused.roomId).rejects.toMatchObject({ code: JOIN_ERRORS.coolDown });
  await expect(refused.roomId).rejects.toThrow(new Date(left! + 30 * 60_000).toISOString());
  // Someone else plays on.
  const other = await guest(url);
  expect(await quickMatch({ url, token: other.token, rated: false, targetScore: 50 }).roomId).toMatch(/^t/);
});
