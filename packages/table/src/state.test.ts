import { expect, test } from 'vitest';
import {
  DEFAULT_RULES,
  dealRandom,
  observation,
  seatsToAct,
  seededRandom,
  SUITS,
  unwrap,
  type GameState,
} from '@hearts/engine';
import type { Transcript } from '@hearts/shuffle';
import type { StoredEvent, StoredSeat } from './events.js';
import {
  applyEvent,
  bankRanOut,
  castKickVote,
  newTableState,
  replaceSeat,
  seatsMessage,
  setConnected,
  takeoverRefusal,
  unwrapState,
  votesNeeded,
  type TableState,
} from './state.js';

const TIMES = { graceMs: 1_000, bankMs: 9_000 };
const human = (i: number): StoredSeat => ({ kind: 'human', userId: `u${i}`, name: `P${i}`, rating: null });
const bot = (i: number): StoredSeat => ({ kind: 'bot', level: 'easy', name: `Bot ${i}`, rating: null });

/** A table of the given seats, dealt from a seed. */
function dealt(seats: StoredSeat[], seed = 1): TableState {
  const s = unwrapState(newTableState(DEFAULT_RULES, seats, TIMES));
  return unwrapState(applyEvent(s, dealOf(s.game, seed), TIMES));
}

function dealOf(game: GameState, seed: number): StoredEvent {
  const d = dealRandom(game, seededRandom(seed));
  const log = d.log[d.handNumber]!;
  return {
    type: 'deal',
    hands: log.deal.map((h) => h.toString()),
    sevenSuit: log.sevenSuit === null ? null : (SUITS[log.sevenSuit] as 'C' | 'D' | 'S'),
  };
}

/** The seat's first legal decision as a stored move. */
function moveOf(
  state: TableState,
  seat: number,
  by: 'player' | 'bot' | 'clock',
  bankMs: number,
  clientId: string | null = null,
): StoredEvent {
  const view = observation(state.game, seat);
  const move =
    view.phase === 'pass'
      ? { kind: 'pass' as const, cards: view.legal.slice(0, view.rules.passCards) }
      : { kind: 'play' as const, card: view.legal[0]! };
  return { type: 'move', seat, move, by, bankMs, clientId };
}

const apply = (s: TableState, e: StoredEvent) => unwrapState(applyEvent(s, e, TIMES));

test('a new table: seats as dealt, every bank full, version 0; wrong seats are refused', () => {
  const s = unwrapState(newTableState(DEFAULT_RULES, [human(0), human(1), bot(2), bot(3)], TIMES));
  expect(s.version).toBe(0);
  expect(s.lastEvent).toEqual({ type: 'join' });
  expect(s.seats.map((r) => [r.kind, r.bankMs, r.connected, r.kickable])).toEqual([
    ['human', 9_000, false, false],
    ['human', 9_000, false, false],
    ['bot', 9_000, false, false],
    ['bot', 9_000, false, false],
  ]);
  expect(newTableState(DEFAULT_RULES, [human(0)], TIMES)).toMatchObject({
    ok: false,
    error: { code: 'ERR_MALFORMED' },
  });
});

test('a deal: the hands, version and last event; a refused deal changes nothing', () => {
  const s = dealt([human(0), human(1), bot(2), bot(3)]);
  expect(s.version).toBe(1);
  expect(s.game.phase).toBe('pass');
  expect(s.lastEvent).toEqual({ type: 'deal', handNumber: 0 });
  const fresh0 = unwrapState(newTableState(DEFAULT_RULES, [human(0), human(1), bot(2), bot(3)], TIMES));
  const again = applyEvent(s, dealOf(fresh0.game, 2), TIMES);
  expect(again).toMatchObject({ ok: false, error: { code: 'ERR_ILLEGAL', rule: 'ERR_WRONG_PHASE' } });
  const fresh = unwrapState(newTableState(DEFAULT_RULES, [human(0), human(1), bot(2), bot(3)], TIMES));
  expect(
    applyEvent(fresh, { type: 'deal', hands: ['2C XX', '', '', ''], sevenSuit: null }, TIMES),
  ).toMatchObject({
    ok: false,
    error: { code: 'ERR_MALFORMED' },
  });
});

test('a deal dealt by the fair shuffle keeps its transcript by hand number; the state before keeps none', () => {
  const s = unwrapState(newTableState(DEFAULT_RULES, [human(0), human(1), bot(2), bot(3)], TIMES));
  const d = dealOf(s.game, 3) as Extract<StoredEvent, { type: 'deal' }>;
  const transcript: Transcript = {
    format: 'hearts-shuffle/1',
    tableId: 't',
    handNumber: 0,
    players: 4,
    removedCards: [],
    commitments: [],
    commitmentsHash: '',
    seeds: [],
    fallback: [],
    hands: [],
  };
  const t = apply(s, { ...d, shuffle: transcript });
  expect(t.transcripts.get(0)).toMatchObject({ tableId: 't', handNumber: 0 });
  expect(s.transcripts.size).toBe(0);
  expect(apply(s, d).transcripts).toBe(s.transcripts);
});

test('a move: its bank, its id, and whether the seat is back in time', () => {
  let s = dealt([human(0), human(1), bot(2), bot(3)]);
  s = bankRanOut(s, 1); // seat 1 out of time: kickable, bank empty
  s = unwrap(castKickVote(s, 0, 1)).state;
  expect(s.seats[1]).toMatchObject({ bankMs: 0, kickable: true, votes: [0] });

  const byPlayer = apply(s, moveOf(s, 0, 'player', 7_500, 'm1'));
  expect(byPlayer.seats[0]!.bankMs).toBe(7_500);
  expect(byPlayer.moveIds.get(0, 'm1')).toBe(2); // the version that applied it
  expect(byPlayer.lastEvent).toEqual({ type: 'pass', seat: 0 });

  // The clock decides for seat 1: it stays out of time, the vote stands.
  const byClock = apply(byPlayer, moveOf(byPlayer, 1, 'clock', 0));
  expect(byClock.seats[1]).toMatchObject({ bankMs: 0, kickable: true, votes: [0] });
  // Replayed, the clock's move alone marks the seat out of time (the bank running out is not an event).
  const replayedClock = apply(dealt([human(0), human(1), bot(2), bot(3)]), moveOf(s, 0, 'clock', 0));
  expect(replayedClock.seats[0]).toMatchObject({ bankMs: 0, kickable: true, votes: [] });
  // Its player decides by themselves instead: back in time, the votes against it go.
  const itself = apply(byPlayer, moveOf(byPlayer, 1, 'player', 0, 'x'));
  expect(itself.seats[1]).toMatchObject({ bankMs: 0, kickable: false, votes: [] });
  // A bot's move keeps the seat's bank as it was.
  const byBot = apply(byPlayer, moveOf(byPlayer, 2, 'bot', 9_000));
  expect(byBot.seats[2]!.bankMs).toBe(9_000);
  expect(byBot.moveIds).toBe(byPlayer.moveIds);
  // The state it was applied to is untouched.
  expect(s.seats[0]!.bankMs).toBe(9_000);
  expect(s.version).toBe(1);
});

test('a new hand fills every bank and clears every kick', () => {
  let s = dealt([human(0), human(1), bot(2), bot(3)], 5);
  s = bankRanOut(s, 1);
  s = unwrap(castKickVote(s, 0, 1)).state;
  for (let i = 0; i < 200 && s.game.phase !== 'deal'; i++) {
    const seat = seatsToAct(s.game)[0]!;
    s = apply(s, moveOf(s, seat, seat === 1 ? 'clock' : 'bot', seat === 1 ? 0 : s.seats[seat]!.bankMs));
  }
  expect(s.game.phase).toBe('deal');
  expect(s.seats[1]).toMatchObject({ bankMs: 0, kickable: true, votes: [0] });
  s = apply(s, dealOf(s.game, 6));
  expect(s.seats.map((r) => [r.bankMs, r.kickable, r.votes.length])).toEqual(
    Array.from({ length: 4 }, () => [9_000, false, 0]),
  );
});

test('refused moves: not readable, or not legal (the engine code as the rule)', () => {
  const s = dealt([human(0), human(1), bot(2), bot(3)]);
  const bad = {
    type: 'move',
    seat: 0,
    move: { kind: 'play', card: 'ZZ' },
    by: 'player',
    bankMs: 0,
    clientId: null,
  };
  expect(applyEvent(s, bad as StoredEvent, TIMES)).toMatchObject({
    ok: false,
    error: { code: 'ERR_MALFORMED' },
  });
  const play = {
    type: 'move',
    seat: 0,
    move: { kind: 'play', card: '2C' },
    by: 'player',
    bankMs: 0,
    clientId: null,
  };
  expect(applyEvent(s, play as StoredEvent, TIMES)).toMatchObject({
    ok: false,
    error: { code: 'ERR_ILLEGAL', rule: 'ERR_WRONG_PHASE' },
  });
});

test('the fair shuffle’s commitments count as an event and change nothing else', () => {
  const s = unwrapState(newTableState(DEFAULT_RULES, [human(0), human(1), bot(2), bot(3)], TIMES));
  const c = apply(s, { type: 'commitments', handNumber: 0, commitments: [], serverSeeds: [] });
  expect(c).toEqual({ ...s, version: 1 });
});

test('a takeover: a bot in the human seat, its name kept; its votes and the votes against it go', () => {
  let s = dealt([human(0), human(1), human(2), bot(3)]);
  s = setConnected(setConnected(s, 1, true), 2, true);
  s = bankRanOut(bankRanOut(s, 1), 2);
  s = unwrap(castKickVote(s, 2, 1)).state; // seat 2 votes against seat 1
  s = unwrap(castKickVote(s, 0, 2)).state;
  s = unwrap(castKickVote(s, 1, 2)).state; // seat 1 votes against seat 2
  expect(s.seats.map((r) => r.votes)).toEqual([[], [2], [0, 1], []]);

  const t = apply(s, { type: 'takeover', seat: 1, level: 'hard', reason: 'left' });
  expect(t.seats[1]).toMatchObject({
    kind: 'bot',
    level: 'hard',
    replaced: true,
    name: 'P1',
    userId: 'u1',
    connected: false,
    kickable: false,
    kicked: false, // left, not voted out
    votes: [],
  });
  expect(apply(s, { type: 'takeover', seat: 1, level: 'hard', reason: 'kicked' }).seats[1]!.kicked).toBe(
    true,
  );
  expect(t.seats[2]!.votes).toEqual([0]); // seat 1's vote is gone
  expect(t.lastEvent).toEqual({ type: 'takeover', seat: 1, level: 'hard', reason: 'left' });
  expect(t).toEqual({ ...replaceSeat(s, 1, 'hard'), version: 2, lastEvent: t.lastEvent });
  // Only a human's seat, only while the game goes on.
  expect(applyEvent(t, { type: 'takeover', seat: 1, level: 'hard', reason: 'left' }, TIMES)).toMatchObject({
    ok: false,
    error: { code: 'ERR_SEAT' },
  });
  expect(takeoverRefusal(t, 3)).toMatchObject({ code: 'ERR_SEAT' });
  expect(takeoverRefusal(t, 0)).toBeNull();
});

test('connections: only a change makes a new state; a bot never shows as connected', () => {
  const s = dealt([human(0), human(1), bot(2), bot(3)]);
  expect(setConnected(s, 0, false)).toBe(s);
  const c = setConnected(s, 0, true);
  expect(c.seats[0]!.connected).toBe(true);
  expect(seatsMessage(setConnected(c, 2, true), 0).seats.map((i) => i.connected)).toEqual([
    true,
    false,
    false,
    false,
  ]);
  expect(setConnected(s, 9, true)).toBe(s);
});

test.each([
  [2, 1], // two humans: the other one decides
  [3, 2], // three: both others
  [4, 2], // four: two of the three others
])('with %i humans a kick needs %i votes', (humans, needed) => {
  const seats = [0, 1, 2, 3].map((i) => (i < humans ? human(i) : bot(i)));
  let s = bankRanOut(dealt(seats), 0);
  expect(votesNeeded(s, 0)).toBe(needed);
  for (let voter = 1; voter <= needed; voter++) {
    const r = unwrap(castKickVote(s, voter, 0));
    s = r.state;
    expect(r.kick).toBe(voter === needed);
  }
  expect(seatsMessage(s, 0).kickVotes[0]).toBe(needed);
});

test('kick votes: only other humans, only against a human out of time now, each voter once', () => {
  let s = dealt([human(0), human(1), human(2), human(3)]);
  const notNow = {
    ok: false,
    error: { code: 'ERR_NOT_KICKABLE', message: 'that seat cannot be kicked now' },
  };
  const notYou = { ok: false, error: { code: 'ERR_NOT_KICKABLE', message: 'only the other players vote' } };
  expect(castKickVote(s, 0, 1)).toEqual(notNow); // in time
  s = bankRanOut(s, 1);
  expect(castKickVote(s, 1, 1)).toEqual(notYou); // not against oneself
  const once = unwrap(castKickVote(s, 0, 1));
  const twice = unwrap(castKickVote(once.state, 0, 1));
  expect(twice.state).toBe(once.state); // counted once
  expect(twice.kick).toBe(false);
  expect(seatsMessage(twice.state, 0).kickVotes).toEqual([0, 1, 0, 0]);
  // A bot does not vote, and a seat a bot holds is not kicked.
  const t = apply(s, { type: 'takeover', seat: 2, level: 'easy', reason: 'left' });
  expect(castKickVote(t, 2, 1)).toEqual(notYou);
  expect(castKickVote(bankRanOut(t, 2), 0, 2)).toEqual(notNow);
  // The player decides by themselves: back in time, votes refused again.
  const back = apply(s, moveOf(s, 1, 'player', 0, 'own'));
  expect(castKickVote(back, 0, 1)).toEqual(notNow);
});
