/**
 * The fair shuffle at live tables, with the real server and real clients: every hand of a game verifies for every
 * human seat, a seat that does not reveal gets the fallback (and its client says so), the stored transcripts pass
 * `hearts verify --record`'s checks, and a dishonest server — a dishonest dealer given to the tables' `FairShuffle`
 * through its constructor (the server's `deals` option), or a pass altered on its way to the table — is caught by
 * the honest clients' own verification.
 */
import { afterEach, expect, test } from 'vitest';
import { CardSet, makeCard, parseCard, type Card, type GameRecord } from '@hearts/engine';
import { TableClient, type SessionKeeper, type ShuffleVerdict } from '@hearts/live';
import {
  commitmentsHash,
  composeDeck,
  dealHands,
  makeSeed,
  parseTranscript,
  recordDeal,
  seedFromHex,
  seedToHex,
  verifyTranscript,
  type SavedSession,
  type Transcript,
} from '@hearts/shuffle';
import { FairShuffle, type ShuffleCheat } from '@hearts/table';
import type { WireMove } from '@hearts/protocol/socket';
import { AutoPlayer, api, friendsGame, guest, serverPerTest, until } from './helpers.js';

// Registered before the hook below, so it runs after it: the players stop first.
const startServer = serverPerTest();
let players: AutoPlayer[] = [];
afterEach(() => {
  for (const p of players) p.stop();
  players = [];
});

/** A server whose tables deal through a dishonest `FairShuffle`. */
const dishonestServer = (cheat: ShuffleCheat) =>
  startServer({}, { deals: () => (table) => new FairShuffle(table, { timeoutMs: 5000, cheat }) });

const verdict = (c: TableClient, hand = 0): ShuffleVerdict | undefined => c.fair.verdicts.get(hand);

async function firstHand(clients: TableClient[]): Promise<ShuffleVerdict[]> {
  players = clients.map((c, i) => new AutoPlayer(c, 70 + i));
  await until(
    'hand 0 verified by every client',
    () => clients.every((c) => verdict(c) !== undefined),
    30_000,
  );
  return clients.map((c) => verdict(c)!);
}

test('every hand of a full game verifies for every human seat; the stored transcripts match the record', async () => {
  const t = await startServer();
  // A long game (many hands): the seats' verdicts must hold the early hands after their logs are forgotten.
  const { clients, users, code } = await friendsGame(t.url, 4, { targetScore: 70 });
  expect(clients.every((c) => c.fair.shownHash(0)?.length === 8)).toBe(true);
  players = clients.map((c, i) => new AutoPlayer(c, 40 + i));
  await until('the game to end', () => clients.every((c) => c.result !== null), 90_000);
  const hands = clients[0]!.state!.view.handResults.length;
  expect(hands).toBeGreaterThan(0);
  await until('every verdict', () => clients.every((c) => c.fair.verdicts.size === hands));
  for (const c of clients)
    for (let h = 0; h < hands; h++) {
      const v = verdict(c, h)!;
      expect({ hand: h, failures: v.failures }).toEqual({ hand: h, failures: [] });
      expect(v.ok).toBe(true);
    }
  // Every seat saw the same hash during each hand (kept in its verdict: a seat forgets a hand's log a few hands
  // later, so `fullHash(h)` of an early hand is null in a long game).
  const shown = (c: TableClient, h: number) => verdict(c, h)!.commitmentsHash;
  for (let h = 0; h < hands; h++) {
    expect(shown(clients[0]!, h)).toMatch(/^[0-9a-f]{64}$/);
    expect(new Set(clients.map((c) => shown(c, h))).size).toBe(1);
  }
  const token = users[0]!.token;
  const record = await api<GameRecord>(t.url, `/api/games/${code}/record`, { token });
  const stored = await api<{ transcripts: unknown[] }>(t.url, `/api/games/${code}/shuffle`, { token });
  expect(stored.status).toBe(200);
  expect(stored.body.transcripts).toHaveLength(hands);
  for (const raw of stored.body.transcripts) {
    const tr = parseTranscript(raw);
    if (!tr.ok) throw new Error(tr.error.message);
    const rd = recordDeal(record.body, tr.value.handNumber);
    if (!rd.ok) throw new Error(rd.error.message);
    expect(verifyTranscript(tr.value, { record: rd.value }).failures).toEqual([]);
    expect(tr.value.commitmentsHash).toBe(shown(clients[0]!, tr.value.handNumber));
  }
  const one = await api<Transcript>(t.url, `/api/games/${code}/shuffle/0`, { token });
  expect(one.body.handNumber).toBe(0);
  const stranger = await guest(t.url);
  expect((await api(t.url, `/api/games/${code}/shuffle`, { token: stranger.token })).status).toBe(404);
});

test('a seat that never reveals gets the fallback seed, and its client reports the deal as not verified', async () => {
  const t = await startServer({ shuffleMs: 300 });
  const host = await guest(t.url);
  const mute = await guest(t.url);
  const a = await TableClient.createFriendsRoom({ url: t.url, token: host.token, retryMs: 100 });
  const b = new TableClient({ url: t.url, token: mute.token, roomId: a.roomId, shuffle: { reveal: false } });
  await b.connect();
  await until('the lobby', () => a.lobby?.members.length === 2 && b.lobby !== null);
  a.send('start', {});
  await until('the deal', () => [a, b].every((c) => c.state !== null && c.state.view.phase !== 'deal'));
  const [va, vb] = await firstHand([a, b]);
  const seatB = b.state!.table.you;
  expect(vb!.ok).toBe(false);
  expect(vb!.failures.join('\n')).toMatch(/replaced by a fallback/);
  expect(vb!.transcript!.fallback).toEqual([seatB]);
  expect(va!.failures).toEqual([]);
  expect(va!.ok).toBe(true);
  expect(va!.warnings.join()).toMatch(new RegExp(`seat ${seatB}`));
});

/** A device's memory of its shuffle sessions (the browser keeps them in localStorage). */
function memoryKeeper(): SessionKeeper & { saved: Map<string, SavedSession> } {
  const saved = new Map<string, SavedSession>();
  const key = (table: string, hand: number, seat: number) => `${table}|${hand}|${seat}`;
  return {
    saved,
    load: (table, hand, seat) => saved.get(key(table, hand, seat)),
    save: (s) =>
      void saved.set(key(s.info.tableId, s.info.handNumber, s.info.seat), JSON.parse(JSON.stringify(s))),
  };
}

test('a seat reloaded mid-hand still verifies the hand; one opened on another device says it cannot check it there', async () => {
  const t = await startServer();
  const [hostUser, otherUser] = [await guest(t.url), await guest(t.url)];
  const keeper = memoryKeeper();
  const a = await TableClient.createFriendsRoom({
    url: t.url,
    token: hostUser.token,
    retryMs: 100,
    shuffle: { keeper },
  });
  const b = new TableClient({ url: t.url, token: otherUser.token, roomId: a.roomId, retryMs: 100 });
  await b.connect();
  await until('the lobby', () => a.lobby?.members.length === 2 && b.lobby !== null);
  a.send('start', {});
  await until('the deal', () => [a, b].every((c) => c.state !== null && c.state.view.phase === 'pass'));
  const hash = a.fair.fullHash(0);
  expect(hash).not.toBeNull();
  expect([...keeper.saved.values()].map((x) => x.revealed)).toEqual([true]);

  // Both tabs close mid-hand and open again: the host's on the same device, the other's on a new one.
  a.vanish();
  b.vanish();
  const a2 = new TableClient({ url: t.url, token: hostUser.token, roomId: a.roomId, shuffle: { keeper } });
  const b2 = new TableClient({ url: t.url, token: otherUser.token, roomId: a.roomId });
  await Promise.all([a2.connect(), b2.connect()]);
  await until('both seats back', () => [a2, b2].every((c) => c.state?.view.phase === 'pass'));
  expect(a2.fair.fullHash(0)).toBe(hash);
  expect(a2.fair.tookPart(0)).toBe(true);
  expect(b2.fair.tookPart(0)).toBe(false);

  const [va, vb] = await firstHand([a2, b2]);
  expect(va!.failures).toEqual([]);
  expect(va!.ok).toBe(true);
  expect(va!.absent).toBe(false);
  expect(vb!.ok).toBe(false);
  expect(vb!.absent).toBe(true);
  expect(vb!.failures.join()).toMatch(/took no part/);
  for (const c of [a2, b2]) c.vanish();
});

/** A seat that is not a human's. */
const botSeats = (c: TableClient): number[] => c.state!.table.seats.flatMap((s, i) => (s.bot ? [i] : []));

test("a dishonest server that changes its bot's seed after the reveals is caught by every client", async () => {
  const t = await dishonestServer({
    deal: (real, serverSeats) => {
      const { transcript } = real;
      const seeds = transcript.seeds.map((x) => seedFromHex(x)!);
      seeds[serverSeats[0]!] = makeSeed();
      const dealt = dealHands(
        composeDeck(transcript.removedCards, seeds),
        transcript.players,
        transcript.handNumber,
      );
      const forged: Transcript = {
        ...transcript,
        seeds: seeds.map(seedToHex),
        hands: dealt.map((h) => h.map(makeCard)),
      };
      return { ...real, transcript: forged, hands: dealt };
    },
  });
  const { clients } = await friendsGame(t.url, 2);
  const verdicts = await firstHand(clients);
  const bot = botSeats(clients[0]!)[0]!;
  for (const v of verdicts) {
    expect(v.ok).toBe(false);
    expect(v.failures).toContain(`seat ${bot}'s seed does not match its commitment`);
  }
});

test('a dishonest server that shows each seat another commitment list is caught by every client', async () => {
  const t = await dishonestServer({
    list: (seat, real) => {
      const commitments = [...real.commitments];
      const other = commitments.findIndex((_, i) => i !== seat);
      commitments[other] = seedToHex(makeSeed()); // another "commitment" for a seat that is not this one
      return { commitments, commitmentsHash: commitmentsHash(commitments) };
    },
  });
  const { clients } = await friendsGame(t.url, 2);
  const verdicts = await firstHand(clients);
  for (const v of verdicts) {
    expect(v.ok).toBe(false);
    expect(v.failures).toContain('the commitments differ from those shown before the seeds were revealed');
  }
  // The hashes the two tables showed differ: players comparing them see the split at once.
  expect(clients[0]!.fair.fullHash(0)).not.toBe(clients[1]!.fair.fullHash(0));
});

test('a dishonest server that deals another deck than the seeds give is caught by every client', async () => {
  const t = await dishonestServer({
    deal: (real) => {
      // Seats 0 and 2 swap a card: neither passes to the other, so every play of it shows.
      const dealt = real.hands.map((h) => [...h]);
      const c0 = dealt[0]![0]!;
      dealt[0]![0] = dealt[2]![0]!;
      dealt[2]![0] = c0;
      return { ...real, hands: dealt };
    },
  });
  const { clients } = await friendsGame(t.url, 2);
  const verdicts = await firstHand(clients);
  for (const v of verdicts) {
    expect(v.ok).toBe(false);
    expect(v.failures.join('\n')).toMatch(/cannot hold/);
  }
});

test('a dishonest server that alters a passed card is caught by the passer', async () => {
  let swapped: [Card, Card] | null = null;
  const t = await startServer();
  const { clients } = await friendsGame(t.url, 2);
  const victim = clients[0]!;
  // The table applies another pass than the one the passer's client chose (and noted as sent).
  alterMoves(victim, (move) => {
    if (move.kind !== 'pass' || swapped) return move;
    const hand = CardSet.fromNames(victim.state!.view.hand)!.toArray();
    const kept = hand.find((c) => !move.cards.includes(makeCard(c)))!;
    swapped = [parseCard(move.cards[0]!)!, kept];
    return { kind: 'pass', cards: [makeCard(kept), ...move.cards.slice(1)] };
  });
  const verdicts = await firstHand(clients);
  expect(swapped).not.toBeNull();
  expect(verdicts[0]!.ok).toBe(false);
  expect(verdicts[0]!.failures.join('\n')).toMatch(/cannot hold/);
  // The deal itself was fair: the transcript checks out for everyone.
  expect(verifyTranscript(verdicts[0]!.transcript!).ok).toBe(true);
});

/** Alters every move a client sends on its way to the table (the client notes the move it chose). */
function alterMoves(client: TableClient, alter: (move: WireMove) => WireMove): void {
  const room = (client as unknown as { room: { send(type: string, m: unknown): void } }).room;
  const send = room.send.bind(room);
  room.send = (type, m) => {
    const msg = m as { id: string; move: WireMove };
    send(type, type === 'move' ? { ...msg, move: alter(msg.move) } : m);
  };
}

test('commit and reveal messages are checked like every other message', async () => {
  const t = await startServer();
  const { clients } = await friendsGame(t.url, 1);
  const c = clients[0]!;
  const errors: string[] = [];
  c.tap((type, m) => type === 'error' && errors.push((m as { code: string }).code));
  c.send('reveal', { handNumber: 0, seed: 'zz' });
  c.send('commit', { handNumber: 0, commitment: 'a'.repeat(64), extra: 1 });
  c.send('reveal', { handNumber: 0, seed: 'a'.repeat(64) }); // well formed, but the hand is dealt
  await until('three refusals', () => errors.length >= 3);
  expect(errors.slice(0, 3)).toEqual(['ERR_MALFORMED', 'ERR_MALFORMED', 'ERR_SHUFFLE']);
});
