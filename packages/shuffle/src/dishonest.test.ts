/**
 * A live table simulated end to end: honest clients ({@link ShuffleSession} + {@link HandAudit}) against a server
 * ({@link ShuffleRound} + the engine) that is honest, or cheats in one of the ways the protocol must expose.
 */
import {
  CardSet,
  SeededRandom,
  applyMove,
  deal,
  legalMoves,
  makeCard,
  newGame,
  observation,
  parseCard,
  passOffset,
  randomInt,
  seatsToAct,
  type Card,
  type Rules,
} from '@hearts/engine';
import { describe, expect, test } from 'vitest';
import type { Result } from '@hearts/engine';
import {
  HandAudit,
  ShuffleRound,
  ShuffleSession,
  commitment,
  commitmentsHash,
  composeDeck,
  dealHands,
  makeSeed,
  makeTranscript,
  seedFromHex,
  type AuditProblem,
  type RandomBytes,
  type Transcript,
  type VerifyCode,
} from './index.js';

/** Deterministic bytes for tests (real seeds come from crypto.getRandomValues). */
function testBytes(seed: number): RandomBytes {
  const rng = new SeededRandom(seed);
  return (bytes) => {
    for (let i = 0; i < bytes.length; i++) bytes[i] = rng.nextUint32() & 0xff;
  };
}

/** The value of a result that must be ok. */
function unwrap<T, E>(r: Result<T, E>): T {
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value;
}

const TABLE = 't-sim';
const HUMANS = [0, 1, 2];
const BOT = 3;

interface Shuffled {
  clients: ShuffleSession[]; // by human seat
  round: ShuffleRound;
  transcript: Transcript;
  hands: Card[][];
}

/** The honest protocol: humans commit, the server commits for the bot, publishes, humans reveal, server deals. */
function honestShuffle(seed: number, players = 4, removedCards: string[] = []): Shuffled {
  const info = { tableId: TABLE, handNumber: 0, players, removedCards };
  const round = new ShuffleRound(info, testBytes(seed));
  const humans = Array.from({ length: players - 1 }, (_, s) => s);
  const clients = humans.map((s) => new ShuffleSession({ ...info, seat: s }, testBytes(seed * 10 + s)));
  for (const c of clients) expect(round.commit(c.info.seat, c.commitment).ok).toBe(true);
  expect(round.commitBot(players - 1).ok).toBe(true);
  const list = round.published()!;
  for (const c of clients) expect(c.receiveCommitments(list.commitments, list.commitmentsHash).ok).toBe(true);
  for (const c of clients) expect(round.reveal(c.info.seat, unwrap(c.reveal())).ok).toBe(true);
  const done = round.finish();
  if (!done.ok) throw new Error(done.error.message);
  return { clients, round, transcript: done.value.transcript, hands: done.value.hands };
}

interface Played {
  passes: (Card[] | null)[]; // what each seat passed in the server's game
  received: (readonly string[] | null)[]; // what the server told each seat it received
  plays: [number, Card][]; // every play, in order
}

/**
 * The server's game: deals `dealt`, applies the passes `choosePass` gives (the server may alter them), then plays
 * random legal cards to the end of the hand.
 */
function playHand(
  rules: Partial<Rules>,
  dealt: readonly Card[][],
  seed: number,
  choosePass: (seat: number, hand: CardSet) => Card[] = (_, hand) => hand.toArray().slice(-3),
): Played {
  const rng = new SeededRandom(seed);
  let g = unwrap(newGame(rules));
  const n = g.rules.players;
  g = unwrap(
    deal(
      g,
      dealt.map((h) => CardSet.fromCards(h)),
    ),
  );
  const passes: (Card[] | null)[] = new Array<Card[] | null>(n).fill(null);
  if (g.phase === 'pass')
    for (let s = 0; s < n; s++) {
      passes[s] = choosePass(s, CardSet.fromCards(dealt[s]!)).slice(0, g.rules.passCards);
      const r = applyMove(g, s, { kind: 'pass', cards: passes[s]! });
      if (!r.ok) throw new Error(r.error.message);
      g = r.value;
    }
  const received = Array.from({ length: n }, (_, s) => observation(g, s).received);
  const plays: [number, Card][] = [];
  while (g.phase === 'play') {
    const seat = seatsToAct(g)[0]!;
    const legal = legalMoves(g, seat).toArray();
    const card = legal[randomInt(rng, legal.length)]!;
    plays.push([seat, card]);
    g = unwrap(applyMove(g, seat, { kind: 'play', card }));
  }
  return { passes, received, plays };
}

/** Everything a client checks: the transcript, its own dealt cards, its pass, what it received, every play. */
function clientVerdict(
  client: ShuffleSession,
  transcript: Transcript,
  shownHand: readonly Card[],
  game: Played,
  rules: Rules,
  ownPass: Card[] | null = game.passes[client.info.seat]!,
): { codes: VerifyCode[]; audit: AuditProblem[] } {
  const seat = client.info.seat;
  const verified = client.verify(transcript, shownHand);
  const audit = new HandAudit(verified.hands, {
    seat,
    passOffset: passOffset(rules, 0),
    passCards: rules.passCards,
  });
  if (ownPass) audit.passed(ownPass);
  const got = game.received[seat];
  if (got) audit.received(got);
  for (const [s, c] of game.plays) audit.played(s, c);
  audit.finish();
  return { codes: verified.failures.map((f) => f.code), audit: audit.problems };
}

const RULES: Rules = unwrap(newGame({})).rules;

describe('an honest server', () => {
  test.each([
    ['four players passing left', {}, 4, 1],
    ['three players passing right', { players: 3, passCycle: 'right' as const }, 3, 2],
    ['five players, no passing', { players: 5, passCards: 0 }, 5, 3],
    ['six players passing left', { players: 6 }, 6, 4],
  ])('%s: every client verifies the deal and every card', (_, partial, players, seed) => {
    const rules = unwrap(newGame(partial)).rules;
    const { clients, transcript, hands } = honestShuffle(seed, players, [...rules.removedCards]);
    const game = playHand(rules, hands, seed);
    for (const c of clients) {
      const v = clientVerdict(c, transcript, hands[c.info.seat]!, game, rules);
      expect(v).toEqual({ codes: [], audit: [] });
    }
  });
});

describe('a dishonest server is caught', () => {
  test("changing its bot's seed after seeing the reveals", () => {
    const { clients, round, transcript } = honestShuffle(11);
    // The server grinds bot seeds until the bot holds the Q♠ and the A♠, and deals that.
    const seeds = transcript.seeds.map((h) => seedFromHex(h)!);
    const grind = testBytes(99);
    const botHolds = (hands: Card[][]): boolean =>
      ['QS', 'AS'].every((c) => hands[BOT]!.includes(parseCard(c)!));
    let hands: Card[][];
    do {
      seeds[BOT] = makeSeed(grind);
      hands = dealHands(composeDeck([], seeds), 4, 0);
    } while (!botHolds(hands));
    const game = playHand({}, hands, 5);
    // Variant 1: it publishes the new seed under the old commitment.
    const t1 = makeTranscript({ ...transcript, seeds, commitments: round.published()!.commitments });
    expect(t1.commitmentsHash).toBe(transcript.commitmentsHash);
    // Variant 2: it also replaces the bot's commitment (and the hash) in the transcript.
    const forged = [...transcript.commitments];
    forged[BOT] = commitment(TABLE, 0, BOT, seeds[BOT]);
    const t2 = makeTranscript({ ...transcript, seeds, commitments: forged });
    for (const c of clients) {
      expect(clientVerdict(c, t1, hands[c.info.seat]!, game, RULES).codes).toEqual(['ERR_COMMITMENT']);
      expect(clientVerdict(c, t2, hands[c.info.seat]!, game, RULES).codes).toEqual([
        'ERR_COMMITMENTS_CHANGED',
      ]);
    }
    // The server's own round object refuses the swap outright.
    expect(round.reveal(BOT, t1.seeds[BOT]).ok).toBe(false);
  });

  test('showing different commitment lists to different seats', () => {
    // Each human is shown a list with another bot commitment; after the reveals the server keeps the list whose
    // deal it likes best. Whichever it publishes, every client that was shown another list catches it.
    const info = { tableId: TABLE, handNumber: 0, players: 4, removedCards: [] };
    const clients = HUMANS.map((s) => new ShuffleSession({ ...info, seat: s }, testBytes(300 + s)));
    const botSeeds = HUMANS.map((k) => makeSeed(testBytes(400 + k)));
    const lists = botSeeds.map((b) => [...clients.map((c) => c.commitment), commitment(TABLE, 0, BOT, b)]);
    clients.forEach((c, k) =>
      expect(c.receiveCommitments(lists[k]!, commitmentsHash(lists[k]!)).ok).toBe(true),
    );
    const revealed = clients.map((c) => seedFromHex(unwrap(c.reveal()))!);
    for (let chosen = 0; chosen < HUMANS.length; chosen++) {
      const seeds = [...revealed, botSeeds[chosen]!];
      const t = makeTranscript({ ...info, commitments: lists[chosen]!, seeds });
      const game = playHand(
        {},
        t.hands.map((h) => h.map((n) => parseCard(n)!)),
        7,
      );
      clients.forEach((c, k) => {
        const v = clientVerdict(
          c,
          t,
          t.hands[k]!.map((n) => parseCard(n)!),
          game,
          RULES,
        );
        expect(v.codes).toEqual(k === chosen ? [] : ['ERR_COMMITMENTS_CHANGED']);
      });
      // Sending each seat a transcript of the list it saw does not help: only one deal is played.
      clients.forEach((c, k) => {
        if (k === chosen) return;
        const own = makeTranscript({ ...info, commitments: lists[k]!, seeds: [...revealed, botSeeds[k]!] });
        const v = clientVerdict(
          c,
          own,
          t.hands[k]!.map((n) => parseCard(n)!),
          game,
          RULES,
        );
        expect(v.codes).toContain('ERR_OWN_HAND');
        expect(v.audit.length).toBeGreaterThan(0);
      });
    }
    // The short hash each table shows differs between the lists, so players who compare it see the split.
    expect(new Set(lists.map((l) => commitmentsHash(l).slice(0, 8))).size).toBe(3);
  });

  test('dealing a different deck than the seeds give', () => {
    const { clients, transcript, hands } = honestShuffle(21);
    // The server moves the Q♠ to its bot, giving the bot's lowest card in exchange.
    const qs = parseCard('QS')!;
    const holder = hands.findIndex((h) => h.includes(qs));
    const dealt = hands.map((h) => [...h]);
    if (holder !== BOT) {
      const give = dealt[BOT]![0]!;
      dealt[holder]![dealt[holder]!.indexOf(qs)] = give;
      dealt[BOT]![0] = qs;
    } else {
      // Already the bot's: take the A♥ instead, wherever it is.
      throw new Error('pick another test seed: the bot already holds the Q♠');
    }
    const game = playHand({}, dealt, 8);
    // (a) It publishes the honest transcript but dealt the altered deck.
    for (const c of clients) {
      const v = clientVerdict(c, transcript, dealt[c.info.seat]!, game, RULES);
      expect(v.codes).toEqual(c.info.seat === holder ? ['ERR_OWN_HAND'] : []);
      // Every client sees a seat play a card it cannot hold under the verified deal and the passes.
      expect(v.audit.map((p) => p.code)).toContain('ERR_NOT_HELD');
    }
    // (b) It publishes the hands it really dealt.
    const forged: Transcript = { ...transcript, hands: dealt.map((h) => h.map(makeCard)) };
    for (const c of clients) {
      const v = clientVerdict(c, forged, dealt[c.info.seat]!, game, RULES);
      expect(v.codes).toContain('ERR_HANDS');
    }
  });

  test('altering a passed card to another card of the passer', () => {
    // Seat 0 passes its three highest cards; the server swaps one of them for a card seat 0 kept.
    const { clients, transcript, hands } = honestShuffle(31);
    const hand0 = CardSet.fromCards(hands[0]!).toArray();
    const chosen = hand0.slice(-3);
    const altered = [hand0[0]!, ...chosen.slice(1)];
    const game = playHand({}, hands, 9, (s, h) => (s === 0 ? altered : h.toArray().slice(-3)));
    // The passer's client knows what it passed and sees the card it kept played by seat 1, and the one it passed
    // played by itself.
    const v0 = clientVerdict(clients[0]!, transcript, hands[0]!, game, RULES, chosen);
    expect(v0.codes).toEqual([]);
    expect(v0.audit.map((p) => [p.code, p.card])).toEqual(
      expect.arrayContaining([
        ['ERR_NOT_HELD', makeCard(hand0[0]!)],
        ['ERR_NOT_HELD', makeCard(chosen[0]!)],
      ]),
    );
    // To seats 1 and 2 this is a legal game (seat 0 might have passed those cards): only the passer can tell.
    for (const c of clients.slice(1))
      expect(clientVerdict(c, transcript, hands[c.info.seat]!, game, RULES).audit).toEqual([]);
  });

  test('altering a passed card to a card the passer was not dealt', () => {
    // Seat 0 passes three cards; the server hands seat 1 a card of seat 2's instead of one of them, and gives
    // seat 2 the passed card in exchange.
    const { clients, transcript, hands } = honestShuffle(41);
    const pass0 = CardSet.fromCards(hands[0]!).toArray().slice(-3);
    const stolen = hands[2]![0]!;
    const dealt = hands.map((h) => [...h]);
    dealt[0]![dealt[0]!.indexOf(pass0[0]!)] = stolen;
    dealt[2]![0] = pass0[0]!;
    const game = playHand({}, dealt, 10, (s, h) =>
      s === 0 ? [stolen, ...pass0.slice(1)] : h.toArray().slice(-3),
    );
    for (const c of clients) {
      const v = clientVerdict(
        c,
        transcript,
        hands[c.info.seat]!,
        game,
        RULES,
        c.info.seat === 0 ? pass0 : undefined,
      );
      expect(v.codes).toEqual([]);
      expect(v.audit.length).toBeGreaterThan(0);
      if (c.info.seat === 1) expect(v.audit[0]).toMatchObject({ code: 'ERR_RECEIVED' });
      // Every client sees seat 1 play the card seat 2 was dealt.
      expect(v.audit).toContainEqual(
        expect.objectContaining({ code: 'ERR_NOT_HELD', seat: 1, card: makeCard(stolen) }),
      );
    }
  });

  test('timing out a seat that did reveal: it knows its deal is not verified for it', () => {
    const info = { tableId: TABLE, handNumber: 0, players: 4, removedCards: [] };
    const round = new ShuffleRound(info, testBytes(5));
    const clients = HUMANS.map((s) => new ShuffleSession({ ...info, seat: s }, testBytes(50 + s)));
    for (const c of clients) round.commit(c.info.seat, c.commitment);
    round.commitBot(BOT);
    const list = round.published()!;
    for (const c of clients) c.receiveCommitments(list.commitments, list.commitmentsHash);
    round.reveal(0, unwrap(clients[0]!.reveal()));
    round.reveal(1, unwrap(clients[1]!.reveal()));
    clients[2]!.reveal();
    round.timeout(2);
    const { transcript, hands } = unwrap(round.finish());
    expect(transcript.fallback).toEqual([2]);
    expect(clients[2]!.verify(transcript, hands[2]!).failures.map((f) => f.code)).toEqual([
      'ERR_OWN_FALLBACK',
    ]);
    for (const c of clients.slice(0, 2)) {
      const r = c.verify(transcript, hands[c.info.seat]!);
      expect(r.ok).toBe(true);
      expect(r.warnings).toHaveLength(1);
    }
  });
});

describe('protocol order', () => {
  const info = { tableId: TABLE, handNumber: 3, players: 4, removedCards: [] };

  test('a client refuses to reveal before the full list, or when its commitment is not in place', () => {
    const c = new ShuffleSession({ ...info, seat: 1 }, testBytes(1));
    expect(c.step).toBe('committed');
    expect(c.reveal()).toMatchObject({ ok: false, error: { code: 'ERR_WRONG_STEP' } });
    const other = [0, 1, 2, 3].map((s) => commitment(TABLE, 3, s, makeSeed(testBytes(70 + s))));
    expect(c.receiveCommitments(other, commitmentsHash(other))).toMatchObject({
      error: { code: 'ERR_OWN_COMMITMENT_MISSING' },
    });
    const list = [...other];
    list[1] = c.commitment;
    expect(c.receiveCommitments(list.slice(0, 3), commitmentsHash(list.slice(0, 3)))).toMatchObject({
      error: { code: 'ERR_BAD_COMMITMENTS' },
    });
    expect(c.receiveCommitments(list, commitmentsHash(other))).toMatchObject({
      error: { code: 'ERR_BAD_COMMITMENTS' },
    });
    expect(c.reveal().ok).toBe(false);
    expect(c.receiveCommitments(list, commitmentsHash(list)).ok).toBe(true);
    expect(c.shownHash).toBe(commitmentsHash(list).slice(0, 8));
    expect(c.receiveCommitments(list, commitmentsHash(list)).ok).toBe(false);
    expect(c.reveal()).toEqual({ ok: true, value: Buffer.from(c.seed).toString('hex') });
    expect(c.step).toBe('revealed');
  });

  test('the server refuses reveals before the list, wrong seeds, repeats and bad seats', () => {
    const round = new ShuffleRound(info, testBytes(2));
    const seed = makeSeed(testBytes(3));
    const hex = Buffer.from(seed).toString('hex');
    expect(round.commit(0, commitment(TABLE, 3, 0, seed)).ok).toBe(true);
    expect(round.commit(0, commitment(TABLE, 3, 0, seed)).ok).toBe(false);
    expect(round.commit(9, commitment(TABLE, 3, 0, seed))).toMatchObject({ error: { code: 'ERR_BAD_SEAT' } });
    expect(round.commit(1, 'nope')).toMatchObject({ error: { code: 'ERR_BAD_COMMITMENT' } });
    expect(round.published()).toBeNull();
    expect(round.reveal(0, hex)).toMatchObject({ error: { code: 'ERR_WRONG_STEP' } });
    expect(round.timeout(1)).toMatchObject({ error: { code: 'ERR_WRONG_STEP' } });
    const seed1 = makeSeed(testBytes(4));
    round.commit(1, commitment(TABLE, 3, 1, seed1));
    round.commitBot(2);
    expect(round.commitBot(2).ok).toBe(false);
    round.commitBot(3);
    expect(round.published()).not.toBeNull();
    expect(round.commit(1, commitment(TABLE, 3, 1, seed1)).ok).toBe(false);
    expect(round.finish()).toMatchObject({ ok: false, error: { code: 'ERR_WRONG_STEP' } });
    expect(round.reveal(1, hex)).toMatchObject({ error: { code: 'ERR_SEED_MISMATCH' } });
    expect(round.reveal(0, 42)).toMatchObject({ error: { code: 'ERR_SEED_MISMATCH' } });
    expect(round.reveal(0, hex).ok).toBe(true);
    expect(round.reveal(0, hex)).toMatchObject({ error: { code: 'ERR_ALREADY' } });
    expect(round.waitingFor()).toEqual([1]);
    expect(round.timeout(0).ok).toBe(false);
    expect(round.timeout(1).ok).toBe(true);
    expect(round.reveal(1, Buffer.from(seed1).toString('hex')).ok).toBe(false);
    const done = round.finish();
    expect(done.ok).toBe(true);
    expect(unwrap(done).transcript.fallback).toEqual([1]);
  });

  test('bad table info is refused when a session starts', () => {
    expect(() => new ShuffleSession({ ...info, seat: 4 })).toThrow(TypeError);
    expect(() => new ShuffleSession({ ...info, tableId: 'a|b', seat: 0 })).toThrow(TypeError);
    expect(() => new ShuffleRound({ ...info, players: 2 })).toThrow(TypeError);
  });

  test('real seeds come from crypto.getRandomValues and differ', () => {
    const a = new ShuffleSession({ ...info, seat: 0 });
    const b = new ShuffleSession({ ...info, seat: 0 });
    expect(a.seed).toHaveLength(32);
    expect(a.commitment).not.toBe(b.commitment);
  });
});
