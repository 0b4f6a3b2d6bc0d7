import { expect, test } from 'vitest';
import { CLOSE_CODES, type ClockMessage, type SeatsMessage } from '@hearts/protocol/socket';
import type { TableClient } from '@hearts/live';
import { AutoPlayer, api, connect, friendsGame, mustAct, serverPerTest, until } from './helpers.js';

const startServer = serverPerTest();

test('a player who leaves is replaced at once by a bot that plays the seat to the end', async () => {
  const t = await startServer({ botLevel: 'easy' });
  const { clients, users } = await friendsGame(t.url, 4, { targetScore: 30 });
  const players = clients.map((c, i) => new AutoPlayer(c, i + 11));
  await until('a few tricks', () => (clients[0]!.state?.view.tricks.length ?? 0) >= 2, 30_000);
  const leaver = clients[2]!;
  const seat = leaver.state!.table.you;
  players[2]!.stop();
  await leaver.leave();
  const others = clients.filter((c) => c !== leaver);
  await until('the bot in the seat', () => others.every((c) => c.state!.table.seats[seat]!.bot));
  for (const c of others) {
    const s = c.state!.table.seats[seat]!;
    expect(s).toMatchObject({
      bot: true,
      level: 'easy',
      replaced: true,
      connected: false,
      name: users[2]!.name,
    });
  }
  await until('the game to end', () => others.every((c) => c.result !== null), 60_000);
  expect(players.flatMap((p) => p.errors)).toEqual([]);
  // The seat never goes back: the leaver cannot rejoin.
  await expect(connect(t.url, users[2]!.token, clients[0]!.roomId)).rejects.toThrow();
  const history = await api<{ games: { players: { replaced: boolean; level: string | null }[] }[] }>(
    t.url,
    '/api/history',
    { token: users[2]!.token },
  );
  expect(history.body.games[0]!.players[seat]).toMatchObject({ replaced: true, level: 'easy' });
});

test('an empty time bank: the server plays for the player, everyone sees the clock, and a vote kicks them', async () => {
  const t = await startServer({ graceMs: 150, bankMs: 250 });
  const { clients } = await friendsGame(t.url, 3, { targetScore: 30 });
  const clocks: ClockMessage[][] = clients.map(() => []);
  clients.forEach((c, i) => c.tap((type, m) => type === 'clock' && clocks[i]!.push(m as ClockMessage)));
  const sleeper = clients[1]!;
  const seat = sleeper.state!.table.you;
  const players = clients.map((c, i) => new AutoPlayer(c, i + 21));
  players[1]!.paused = true;
  // The sleeper must pass: after grace and bank, the server passes for them.
  await until(
    'the server to act for the sleeper',
    () => sleeper.state!.view.passed !== null || sleeper.state!.view.phase === 'play',
    5000,
  );
  await until('the kickable flag', () => clients.every((c) => c.state!.table.kickable[seat] === true), 5000);
  for (const list of clocks) {
    // Grace over: the bank is shown running; bank over: zero left.
    expect(list.some((m) => m.clock.seat === seat && m.clock.running && m.clock.bankMs > 0)).toBe(true);
    expect(list.some((m) => m.clock.seat === seat && m.clock.bankMs === 0)).toBe(true);
  }
  // The sleeper may not vote on themselves; the others may.
  sleeper.send('kick', { seat });
  await until('a refusal', () => sleeper.lastError?.code === 'ERR_NOT_KICKABLE');
  const voters = clients.filter((c) => c !== sleeper);
  voters[0]!.send('kick', { seat });
  await until('one vote counted', () => clients[0]!.state!.table.kickVotes[seat] === 1);
  expect(clients[0]!.state!.table.seats[seat]!.bot).toBe(false); // two other humans: both must agree
  voters[1]!.send('kick', { seat });
  await until('the bot in the seat', () => voters.every((c) => c.state!.table.seats[seat]!.bot));
  await until('the sleeper closed', () => sleeper.status === 'closed');
  expect(sleeper.closeCode).toBe(CLOSE_CODES.kicked);
  await until('the game to end', () => voters.every((c) => c.result !== null), 60_000);
  expect(players.flatMap((p) => p.errors)).toEqual([]);
});

test('a seat that is not out of time cannot be kicked, nor a bot', async () => {
  const t = await startServer();
  const { clients } = await friendsGame(t.url, 2, { targetScore: 30 });
  const seats = clients[0]!.state!.table.seats;
  clients[0]!.send('kick', { seat: clients[1]!.state!.table.you });
  await until('a refusal', () => clients[0]!.lastError?.code === 'ERR_NOT_KICKABLE');
  clients[0]!.lastError = null;
  clients[0]!.send('kick', { seat: seats.findIndex((s) => s.bot) });
  await until('a refusal for a bot seat', () => clients[0]!.lastError?.code === 'ERR_NOT_KICKABLE');
  expect(clients[0]!.state!.table.kickVotes).toEqual([0, 0, 0, 0]);
  for (const c of clients) await c.leave();
});

test('a player who reconnects within the window gets the seat back exactly where it was, on any device', async () => {
  const t = await startServer({ reconnectMs: 3000 });
  const { clients, users, code } = await friendsGame(t.url, 4, { targetScore: 30 });
  const players = clients.map((c, i) => new AutoPlayer(c, i + 31));
  await until('a few tricks', () => (clients[0]!.state?.view.tricks.length ?? 0) >= 1, 30_000);
  const c = clients[3]!;
  const seat = c.state!.table.you;
  c.drop();
  await until(
    'the others to see the drop',
    () => clients[0]!.state!.table.seats[seat]!.connected === false,
    5000,
  );
  await until('the reconnection', () => c.reconnects === 1 && c.status === 'open', 5000);
  await until('connected again', () => clients[0]!.state!.table.seats[seat]!.connected, 5000);
  expect(c.state!.table.you).toBe(seat);
  expect(c.state!.table.seats[seat]!.bot).toBe(false);

  // Another device signed in as the same player takes the seat over; the first device is closed.
  players[3]!.stop();
  const second = await connect(t.url, users[3]!.token, code);
  const p2 = new AutoPlayer(second, 99);
  await until('the first device closed', () => c.status === 'closed');
  expect(c.closeCode).toBe(CLOSE_CODES.replaced);
  expect(second.state!.table.you).toBe(seat);
  expect(second.state!.view.hand.length).toBeGreaterThan(0);
  p2.poke();
  await until(
    'the game to end',
    () => [clients[0]!, clients[1]!, clients[2]!, second].every((x) => x.result !== null),
    60_000,
  );
  expect([...players, p2].flatMap((p) => p.errors)).toEqual([]);
  expect(second.state!.table.seats[seat]!.bot).toBe(false);
});

test('a player away longer than the window loses the seat to a bot for good', async () => {
  const t = await startServer({ reconnectMs: 400 });
  const { clients, users, code } = await friendsGame(t.url, 2, { targetScore: 30 });
  const seat = clients[1]!.state!.table.you;
  const events: unknown[] = [];
  clients[0]!.tap((type, m) => type === 'game' && events.push((m as { event?: unknown }).event));
  clients[1]!.vanish();
  await until('the bot in the seat', () => clients[0]!.state!.table.seats[seat]!.bot, 5000);
  expect(events).toContainEqual({ type: 'takeover', seat, level: 'easy', reason: 'disconnected' });
  await expect(connect(t.url, users[1]!.token, code)).rejects.toThrow();
  const p = new AutoPlayer(clients[0]!, 5);
  p.poke();
  await until('the game to end', () => clients[0]!.result !== null, 60_000);
  expect(mustAct(clients[0]!.state)).toBe(false);
});

test('a player away: every seat sees when a bot takes theirs (the server’s clock); back in time, it is gone', async () => {
  const t = await startServer({ reconnectMs: 60_000 });
  const { clients, users, code } = await friendsGame(t.url, 3, { targetScore: 30 });
  const [a, b, c] = clients as [TableClient, TableClient, TableClient];
  const seat = c.state!.table.you;
  const heard: SeatsMessage[] = [];
  a.tap((type, m) => type === 'seats' && heard.push(m as SeatsMessage));
  const before = Date.now();
  c.vanish();
  await until('the others to see the time left', () => b.state!.table.seats[seat]!.reconnectBy !== undefined);
  await until('told', () => heard.some((m) => m.seats[seat]!.reconnectBy !== undefined));
  const after = Date.now();
  const m = heard.find((x) => x.seats[seat]!.reconnectBy !== undefined)!;
  expect(m.seats[seat]!.connected).toBe(false);
  // The window's end on the server's clock (the same clock as the test's here), and the time the message was sent.
  expect(m.seats[seat]!.reconnectBy! - 60_000).toBeGreaterThanOrEqual(before);
  expect(m.seats[seat]!.reconnectBy! - 60_000).toBeLessThanOrEqual(after);
  expect(m.now).toBeGreaterThanOrEqual(before);
  expect(m.now).toBeLessThanOrEqual(after);
  expect(Math.abs(a.serverOffset)).toBeLessThanOrEqual(after - before);
  // Only the seat away has a time; a bot's seat never.
  expect(m.seats.flatMap((s, i) => (s.reconnectBy === undefined ? [] : [i]))).toEqual([seat]);

  const back = await connect(t.url, users[2]!.token, code);
  await until('connected again', () => a.state!.table.seats[seat]!.connected);
  expect(a.state!.table.seats[seat]!.reconnectBy).toBeUndefined();
  expect(back.state!.table.seats[seat]!.reconnectBy).toBeUndefined();
  for (const x of [a, b, back]) await x.leave();
});

test('the server tells its reconnection window on joining; a client whose server is gone tries that long, no longer', async () => {
  const t = await startServer({ reconnectMs: 2500 });
  const { clients } = await friendsGame(t.url, 2, { targetScore: 30 });
  const [a, b] = clients as [TableClient, TableClient];
  expect(a.lobby!.reconnectMs).toBe(2500); // told in the friends' room
  expect(a.state!.table.reconnectMs).toBe(2500); // and in every snapshot of the table
  expect([a.reconnectWindowMs, b.reconnectWindowMs]).toEqual([2500, 2500]);

  // The server goes away for good: the clients keep trying for the window they were told, then give up.
  const gone = Date.now();
  await t.stop();
  await until('both to give up', () => a.status === 'closed' && b.status === 'closed', 30_000);
  expect(Date.now() - gone).toBeGreaterThanOrEqual(2500);
  expect(a.reconnects + b.reconnects).toBe(0);
});
