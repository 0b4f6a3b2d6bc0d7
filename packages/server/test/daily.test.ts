/**
 * The daily game end to end on a real server: one attempt per player (concurrent starts included), the table dealt
 * from the day's committed seed (reproduced from the reveal), the result written once with the game's end, a
 * player who leaves is finished by a bot and counts, leaderboards with ties, the reveal only once the day is over.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CardSet } from '@hearts/engine';
import { TableClient } from '@hearts/live';
import { JOIN_ERRORS } from '@hearts/protocol/socket';
import { parseDailyReveal, verifyDailyReveal, type DailyReveal } from '@hearts/shuffle';
import type { DailyCalendar, DailyDayPage, DailyToday } from '@hearts/protocol/http';
import { DAILY_RULES, dayOf, dayStart } from '../src/daily.js';
import {
  AutoPlayer,
  api,
  connect,
  finishedDailyAttempt,
  guest,
  namedAccount,
  startTestServer,
  until,
  type TestServer,
} from './helpers.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ dailyBotLevel: 'easy', dailyLimit: { count: 1_000_000, seconds: 1 } });
});
afterAll(() => t.stop());

/** The hands dealt at a stored table, per hand number. */
async function dealsOf(tableId: string): Promise<Map<number, CardSet[]>> {
  const loaded = await t.server.services.store.loadTable(tableId);
  const out = new Map<number, CardSet[]>();
  let hand = 0;
  for (const r of loaded!.events)
    if (r.event.type === 'deal')
      out.set(
        hand++,
        r.event.hands.map((h) => CardSet.fromNames(h.split(' '))!),
      );
  return out;
}

async function playThrough(token: string, tableId: string, seed: number, leaveAfterHand?: number) {
  const c = await connect(t.url, token, tableId);
  const p = new AutoPlayer(c, seed);
  p.poke();
  if (leaveAfterHand !== undefined) {
    await until('the hand to end', () => (c.state?.view.handNumber ?? 0) > leaveAfterHand, 60_000);
    p.stop();
    c.send('leave', {});
  }
  const db = t.server.services.store.daily;
  await new Promise<void>((resolve, reject) => {
    const end = Date.now() + 120_000;
    const tick = () =>
      void db.attemptOfTable(tableId).then((a) => {
        if (a?.status === 'finished') resolve();
        else if (Date.now() > end) reject(new Error('the daily game did not finish'));
        else setTimeout(tick, 50);
      });
    tick();
  });
  p.stop();
  await c.leave().catch(() => undefined);
  return c;
}

describe('the daily game', () => {
  test('one attempt; dealt from the committed seed; the result, rank and par; a second start refused', async () => {
    const anna = await namedAccount(t, dayStart(dayOf(Date.now())) - 1); // on the board: named before the day
    const today = await api<DailyToday>(t.url, '/api/daily', { token: anna.token });
    expect(today.status).toBe(200);
    expect(today.body).toMatchObject({ date: dayOf(Date.now()), hands: 4, seat: 0, you: null, streak: 0 });
    expect(today.body.commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(today.body.endsAt).toBeGreaterThan(Date.now());

    // Signed out: no start.
    expect((await api(t.url, '/api/daily/start', { method: 'POST' })).status).toBe(401);
    const start = await api<{ tableId: string; date: string }>(t.url, '/api/daily/start', {
      method: 'POST',
      token: anna.token,
    });
    expect(start.status).toBe(200);
    const again = await api<{ error: string; message: string }>(t.url, '/api/daily/start', {
      method: 'POST',
      token: anna.token,
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: 'ERR_DAILY_PLAYED' });
    expect(again.body.message).toMatch(/started the daily game .* already/);

    // Nobody watches a daily game: its hands are secret to everyone who has not played the day yet.
    const fan = await guest(t.url);
    const watching = new TableClient({
      url: t.url,
      token: fan.token,
      roomId: start.body.tableId,
      watch: true,
    });
    const refused = await watching.connect().then(
      () => undefined,
      (e: unknown) => (e as { code?: number }).code,
    );
    expect(refused).toBe(JOIN_ERRORS.noSuchRoom);
    const listed = await api<{ tables: { id: string }[] }>(t.url, '/api/live');
    expect(listed.body.tables.some((x) => x.id === start.body.tableId)).toBe(false);

    const c = await playThrough(anna.token, start.body.tableId, 7);
    expect(c.state?.table.kind).toBe('daily');
    expect(c.state?.table.you).toBe(0);

    const after = await api<DailyToday>(t.url, '/api/daily', { token: anna.token });
    const you = after.body.you!;
    expect(you.status).toBe('finished');
    expect(you.points).toHaveLength(4);
    expect(you.total).toBe(you.points!.reduce((a, b) => a + b, 0));
    expect(you.rank).toBe(1);
    expect(after.body.streak).toBe(1);
    // Par: the bot in the same seat on the same hands, computed once for the day.
    const par = await t.server.services.daily.parOf(after.body.date);
    expect(par).toHaveLength(4);
    expect(par!.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(0);
    expect((await t.server.services.store.daily.day(after.body.date))?.par).toEqual(par);
    expect((await api<DailyToday>(t.url, '/api/daily', { token: anna.token })).body.par).toEqual(par);

    const finished = await api<{ error: string; message: string }>(t.url, '/api/daily/start', {
      method: 'POST',
      token: anna.token,
    });
    expect(finished.status).toBe(409);
    expect(finished.body.message).toMatch(/played the daily game .* already: one attempt per day/);
    // No rematch at a daily table: a new table would be a second attempt.
    const errors: string[] = [];
    const c2 = await connect(t.url, anna.token, start.body.tableId).catch(() => null);
    if (c2) {
      c2.tap((type, m) => type === 'error' && errors.push((m as { message: string }).message));
      c2.send('again', {});
      await until('the refusal', () => errors.length > 0, 5000);
      expect(errors[0]).toMatch(/once a day/);
      await c2.leave().catch(() => undefined);
    }

    // The hands at the table are the day's: derived from the seed, which is not shown today …
    const reveal = await api<{ error: string }>(t.url, `/api/daily/days/${after.body.date}/reveal`);
    expect(reveal.status).toBe(409);
    expect(reveal.body.error).toBe('ERR_DAILY_NOT_OVER');
    // … and reproduced from it once revealed (here: the reveal the server will publish).
    const day = (await t.server.services.store.daily.day(after.body.date))!;
    const published = JSON.parse(JSON.stringify(t.server.services.daily.reveal(day))) as unknown;
    const parsed = parseDailyReveal(published);
    expect(parsed.ok).toBe(true);
    const check = verifyDailyReveal((parsed as { value: DailyReveal }).value, {
      expectCommitment: today.body.commitment,
      records: await dealsOf(start.body.tableId),
    });
    expect(check).toMatchObject({ ok: true, hands: 8 });

    // The day's leaderboard: shown to whoever finished it, not to the others before the day is over.
    const board = await api<DailyDayPage>(t.url, `/api/daily/days/${after.body.date}`, { token: anna.token });
    expect(board.body).toMatchObject({
      visible: true,
      over: false,
      revealed: false,
      players: 1,
      level: 'easy',
    });
    expect(board.body.rows[0]).toMatchObject({ rank: 1, you: true, total: you.total });
    expect(board.body.best).toHaveLength(4);
    const ben = await guest(t.url);
    const hidden = await api<DailyDayPage>(t.url, `/api/daily/days/${after.body.date}`, { token: ben.token });
    expect(hidden.body).toMatchObject({ visible: false, rows: [], par: null });
    // Another's game of today is not replayed before the day is revealed.
    expect((await api(t.url, `/api/replays/${start.body.tableId}`, { token: ben.token })).status).toBe(404);
    // Nor is one's own: its record holds the day's hands (test/daily-trust.test.ts).
    const own = await api<{ error: string }>(t.url, `/api/replays/${start.body.tableId}`, {
      token: anna.token,
    });
    expect([own.status, own.body.error]).toEqual([409, 'ERR_DAILY_NOT_OVER']);
  }, 240_000);

  test('concurrent starts of one player: exactly one table, the others refused', async () => {
    const u = await guest(t.url);
    const all = await Promise.all(
      Array.from({ length: 8 }, () =>
        api<{ tableId?: string; error?: string }>(t.url, '/api/daily/start', {
          method: 'POST',
          token: u.token,
        }),
      ),
    );
    expect(all.filter((r) => r.status === 200)).toHaveLength(1);
    expect(all.filter((r) => r.status === 409 && r.body.error === 'ERR_DAILY_PLAYED')).toHaveLength(7);
    const date = dayOf(Date.now());
    const a = await t.server.services.store.daily.attempt(date, u.id);
    expect(a?.tableId).toBe(all.find((r) => r.status === 200)!.body.tableId);
  });

  test('a player who leaves mid-day keeps the hands played; a bot plays the rest, and it counts', async () => {
    const u = await namedAccount(t, dayStart(dayOf(Date.now())) - 1);
    const start = await api<{ tableId: string }>(t.url, '/api/daily/start', {
      method: 'POST',
      token: u.token,
    });
    await playThrough(u.token, start.body.tableId, 11, 0);
    const a = await t.server.services.store.daily.attemptOfTable(start.body.tableId);
    expect(a).toMatchObject({ status: 'finished', left: true });
    expect(a!.points).toHaveLength(4);
    const board = await api<DailyDayPage>(t.url, `/api/daily/days/${a!.date}`, { token: u.token });
    expect(board.body.rows.find((r) => r.you)).toMatchObject({ left: true, total: a!.total });
  }, 240_000);

  test('a past day: its leaderboard with ties for everyone, its reveal, every game replayable, the calendar', async () => {
    const s = t.server.services;
    const date = '2026-01-15';
    const day = await s.daily.ensure(date, Date.UTC(2026, 0, 15));
    expect(day.rules).toEqual(DAILY_RULES);
    const users = await Promise.all([0, 1, 2].map(() => guest(t.url)));
    const totals = [
      [0, 4, 3, 1],
      [2, 2, 2, 2],
      [26, 0, 0, 0],
    ];
    for (const [i, u] of users.entries()) {
      await finishedDailyAttempt(s.store, day, u, `past${i}`, totals[i]!, 10 + i);
    }
    const page = await api<DailyDayPage>(t.url, `/api/daily/days/${date}`);
    expect(page.body).toMatchObject({ over: true, revealed: true, visible: true, players: 3 });
    expect(page.body.rows.map((r) => [r.rank, r.total, r.percentile])).toEqual([
      [1, 8, 50],
      [1, 8, 50],
      [3, 26, 0],
    ]);
    expect(page.body.rows.every((r) => r.tableId !== null)).toBe(true);
    expect(page.body.best[0]).toEqual({ hand: 0, points: 0, players: [users[0]!.name] });
    expect(page.body.best[1]).toEqual({ hand: 1, points: 0, players: [users[2]!.name] });

    const reveal = await api<DailyReveal>(t.url, `/api/daily/days/${date}/reveal`);
    expect(reveal.status).toBe(200);
    expect(reveal.body.commitment).toBe(day.commitment);
    expect(verifyDailyReveal(reveal.body).ok).toBe(true);

    const cal = await api<DailyCalendar>(t.url, '/api/daily/calendar', { token: users[1]!.token });
    expect(cal.body.days.find((d) => d.date === date)).toEqual({ date, players: 3, total: 8, rank: 1 });
    expect(cal.body.streak).toBe(0);
    expect((await api(t.url, '/api/daily/days/2026-01-14')).status).toBe(404);
    expect((await api(t.url, '/api/daily/days/2026-02-30x')).status).toBe(404);
    expect((await api(t.url, '/api/daily/days/2099-01-01/reveal')).status).toBe(404);
  });
});
