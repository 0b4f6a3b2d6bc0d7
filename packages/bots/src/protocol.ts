/**
 * `hearts-bot/1`: bots as programs that read one JSON object per line on stdin and answer one per line on
 * stdout (docs/bot-protocol.md). This module validates messages, turns a `decide` message into the
 * {@link Observation} our bots take and an observation into a `decide` message for external bots, and answers
 * one line for a bot ({@link answerLine}). No I/O here: the CLI wires it to stdin/stdout and to processes.
 *
 * ```ts
 * const msg = decideMessage(observation(state, 2), 7); // host side: what to send
 * const obs = parseDecide(JSON.parse(JSON.stringify(msg))); // bot side: back to an observation
 * const { reply } = answerLine(createBot('medium'), '{"type":"hello","protocol":"hearts-bot/1"}', defaults);
 * ```
 */
import {
  CardSet,
  SUITS,
  deckOf,
  isCardName,
  parseCard,
  parseRules,
  rulesDiff,
  tricksPerHand,
  breaksHearts,
  compiledRules,
  dealerOfHand,
  handCardPoints,
  winningIndex,
  type CardName,
  type Observation,
  type Rules,
  type Suit,
  type SuitName,
  type TrickView,
} from '@hearts/engine';
import { z } from 'zod';
import type { Bot, DecideOptions, Decision } from './types.js';

export const PROTOCOL = 'hearts-bot/1';

const cardName = z.string().refine(isCardName, { message: 'not a card (write cards like "QS", "TH", "2C")' });
const seatNumber = z.number().int().min(0).max(5);
const messageId = z.union([z.number(), z.string()]);

const trickSchema = z.looseObject({
  leader: seatNumber,
  cards: z.array(cardName).max(6),
  winner: seatNumber.optional(),
});

/** A `decide` message as it arrives. Unknown extra fields are allowed (the protocol may grow). */
export const decideSchema = z.looseObject({
  type: z.literal('decide'),
  id: messageId,
  kind: z.enum(['pass', 'play', 'moon']),
  rules: z.record(z.string(), z.unknown()).optional(),
  seat: seatNumber,
  hand: z.array(cardName).max(17).optional(),
  legal: z.array(cardName).max(17).optional(),
  handNumber: z.number().int().min(0),
  passOffset: z.number().int().min(0).max(5),
  passed: z.array(cardName).max(5).nullable().optional(),
  received: z.array(cardName).max(5).nullable().optional(),
  tricks: z.array(trickSchema).max(17).optional(),
  trick: trickSchema.nullable().optional(),
  heartsBroken: z.boolean().optional(),
  scores: z.array(z.number().finite()).min(3).max(6),
  sevenSuit: z.enum(['C', 'D', 'S']).nullable().optional(),
  timeMs: z.number().positive().finite().optional(),
});
export type DecideMessage = z.infer<typeof decideSchema>;

/** Everything a host may send. */
export const hostMessageSchema = z.discriminatedUnion('type', [
  z.looseObject({ type: z.literal('hello'), protocol: z.string() }),
  decideSchema,
  z.looseObject({ type: z.literal('quit') }),
]);

/** Everything a bot may answer. */
export const botMessageSchema = z.discriminatedUnion('type', [
  z.looseObject({ type: z.literal('hello'), name: z.string() }),
  z.looseObject({
    type: z.literal('move'),
    id: messageId,
    cards: z.array(cardName).optional(),
    card: cardName.optional(),
    choice: z.enum(['minus', 'plus']).optional(),
  }),
  z.looseObject({ type: z.literal('error'), message: z.string() }),
  z.looseObject({ type: z.literal('bye') }),
]);
export type BotMessage = z.infer<typeof botMessageSchema>;

/** A readable one-line summary of a zod error. */
function describe(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message))
    .join('; ');
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };
const fail = (error: string): { ok: false; error: string } => ({ ok: false, error });

/**
 * Validates a `decide` message (already JSON-parsed) and rebuilds the observation it describes. Fields the
 * message leaves out are reconstructed: the dealer (hand number mod players), the phase (from `kind`), trick
 * winners, the points taken so far, whose turn it is. Inconsistent messages are refused with a reason.
 */
export function parseDecide(input: unknown): Parsed<Observation> {
  const shape = decideSchema.safeParse(input);
  if (!shape.success) return fail(describe(shape.error));
  const m = shape.data;
  const parsedRules = parseRules(m.rules ?? {});
  if (!parsedRules.ok) return fail(`rules: ${parsedRules.error.message}`);
  const rules: Rules = parsedRules.value;
  const n = rules.players;
  const deck = deckOf(rules);
  const perHand = tricksPerHand(rules);
  if (m.seat >= n) return fail(`seat ${m.seat} does not exist with ${n} players`);
  if (m.scores.length !== n) return fail(`scores must list ${n} totals`);
  if (m.passOffset >= n) return fail(`passOffset must be below ${n}`);
  if (m.passOffset > 0 && rules.passCards === 0) return fail('passOffset must be 0 when no cards are passed');
  const seen = new Set<string>();
  const claim = (cards: readonly string[], what: string): string | null => {
    for (const c of cards) {
      if (!deck.has(parseCard(c)!)) return `${what}: ${c} is not in play under these rules`;
      if (seen.has(c)) return `${what}: ${c} appears twice`;
      seen.add(c);
    }
    return null;
  };
  const hand = (m.hand ?? []) as CardName[];
  const tricksIn = m.tricks ?? [];
  const trickIn = m.kind === 'play' ? m.trick : null;
  if (m.kind === 'play' && !trickIn) return fail('a play needs "trick" (the trick being played)');
  if (m.kind !== 'moon' && m.hand === undefined) return fail('"hand" is missing');
  if (m.kind === 'play' && m.legal === undefined) return fail('"legal" is missing');
  let problem = claim(hand, 'hand');
  const tricks: TrickView[] = [];
  const points = handCardPoints(
    compiledRules(rules),
    m.sevenSuit ? (SUITS.indexOf(m.sevenSuit) as Suit) : null,
  );
  const handPoints = new Array<number>(n).fill(0);
  let broken = false;
  let nextLeader: number | null = null;
  for (const [i, t] of tricksIn.entries()) {
    problem ??= claim(t.cards, `tricks.${i}`);
    if (t.cards.length !== n) return fail(`tricks.${i}: a complete trick has ${n} cards`);
    if (t.leader >= n) return fail(`tricks.${i}: no seat ${t.leader}`);
    if (nextLeader !== null && t.leader !== nextLeader)
      return fail(`tricks.${i}: led by seat ${t.leader}, but seat ${nextLeader} won the trick before`);
    const cards = t.cards.map((c) => parseCard(c)!);
    const winner = (t.leader + winningIndex(cards)) % n;
    for (const c of cards) {
      handPoints[winner] = handPoints[winner]! + points[c]!;
      if (breaksHearts(rules, c)) broken = true;
    }
    tricks.push({ leader: t.leader, cards: t.cards as CardName[], winner });
    nextLeader = winner;
  }
  if (tricks.length > perHand) return fail(`a hand has only ${perHand} tricks`);
  let trick: TrickView | null = null;
  if (trickIn) {
    problem ??= claim(trickIn.cards, 'trick');
    if (trickIn.cards.length >= n) return fail('the current trick is already complete');
    if (nextLeader !== null && trickIn.leader !== nextLeader)
      return fail(`trick: led by seat ${trickIn.leader}, but seat ${nextLeader} won the last trick`);
    if ((trickIn.leader + trickIn.cards.length) % n !== m.seat)
      return fail(
        `trick: it is seat ${(trickIn.leader + trickIn.cards.length) % n}'s turn, not seat ${m.seat}'s`,
      );
    for (const c of trickIn.cards) if (breaksHearts(rules, parseCard(c)!)) broken = true;
    trick = { leader: trickIn.leader, cards: trickIn.cards as CardName[] };
  }
  if (problem) return fail(problem);
  const expected =
    m.kind === 'pass' ? perHand : m.kind === 'moon' ? perHand - tricks.length : perHand - tricks.length;
  if (hand.length !== expected) return fail(`hand: ${hand.length} cards, but ${expected} are expected now`);
  if (m.kind === 'pass') {
    if (m.passOffset === 0) return fail('no passing on this hand (passOffset is 0)');
    if (tricks.length > 0 || trickIn) return fail('passing comes before the first trick');
  }
  if (m.kind === 'moon' && tricks.length !== perHand)
    return fail('the moon choice comes after the last trick');
  const legal = (m.legal ?? (m.kind === 'pass' ? hand : [])) as CardName[];
  const handSet = CardSet.fromNames(hand)!;
  for (const c of legal) if (!handSet.has(parseCard(c)!)) return fail(`legal: ${c} is not in the hand`);
  if (m.kind !== 'moon' && legal.length === 0) return fail('legal: nothing to choose from');
  if (m.kind === 'pass' && legal.length < rules.passCards)
    return fail(`legal: fewer than the ${rules.passCards} cards to pass`);
  const passing = m.passOffset > 0;
  for (const [name, list] of [
    ['passed', m.passed],
    ['received', m.received],
  ] as const) {
    if (list && !passing) return fail(`${name} must be null on a hand without passing`);
    if (list && list.length !== rules.passCards) return fail(`${name} must hold ${rules.passCards} cards`);
  }
  const obs: Observation = {
    rules,
    seat: m.seat,
    players: n,
    phase: m.kind,
    handNumber: m.handNumber,
    dealer: dealerOfHand(rules, m.handNumber),
    passOffset: m.passOffset,
    hand,
    passed: (m.kind === 'pass' ? null : (m.passed ?? null)) as CardName[] | null,
    received: (m.kind === 'pass' ? null : (m.received ?? null)) as CardName[] | null,
    passedSeats: new Array<boolean>(n).fill(passing && m.kind !== 'pass'),
    sevenSuit: (m.sevenSuit ?? null) as SuitName | null,
    tricks,
    trick,
    heartsBroken: m.heartsBroken ?? broken,
    turn: m.kind === 'play' ? m.seat : null,
    legal,
    handPoints,
    scores: m.scores,
    handResults: [],
    moonShooter: m.kind === 'moon' ? m.seat : null,
    winners: [],
  };
  return { ok: true, value: obs };
}

/** The `decide` message for an observation (host side). Only the rule options that differ from the defaults are sent. */
export function decideMessage(obs: Observation, id: number | string, timeMs?: number): DecideMessage {
  if (obs.phase !== 'pass' && obs.phase !== 'play' && obs.phase !== 'moon')
    throw new Error(`nothing to decide in phase ${obs.phase}`);
  const msg: DecideMessage = {
    type: 'decide',
    id,
    kind: obs.phase,
    rules: rulesDiff(obs.rules) as Record<string, unknown>,
    seat: obs.seat,
    hand: [...obs.hand],
    legal: obs.phase === 'moon' ? [] : [...obs.legal],
    handNumber: obs.handNumber,
    passOffset: obs.passOffset,
    passed: obs.passed ? [...obs.passed] : null,
    received: obs.received ? [...obs.received] : null,
    tricks: obs.tricks.map((t) => ({ leader: t.leader, cards: [...t.cards] })),
    trick:
      obs.phase === 'play' && obs.trick ? { leader: obs.trick.leader, cards: [...obs.trick.cards] } : null,
    heartsBroken: obs.heartsBroken,
    scores: [...obs.scores],
  };
  if (obs.sevenSuit) msg.sevenSuit = obs.sevenSuit as 'C' | 'D' | 'S';
  if (timeMs !== undefined) msg.timeMs = timeMs;
  return msg;
}

/** The `move` message for a decision. */
export function moveMessage(id: number | string, d: Decision): Record<string, unknown> {
  switch (d.kind) {
    case 'pass':
      return { type: 'move', id, cards: [...d.cards] };
    case 'play':
      return { type: 'move', id, card: d.card };
    case 'moon':
      return { type: 'move', id, choice: d.choice };
  }
}

/**
 * Reads a bot's answer to `decide` message `id` of the given kind (host side) and checks it against the
 * observation: the right id, the right kind of move, legal cards. Returns the decision or why it is refused.
 */
export function parseMove(line: string, id: number | string, obs: Observation): Parsed<Decision> {
  let json: unknown;
  try {
    json = JSON.parse(line);
  } catch {
    return fail(`not JSON: ${line.slice(0, 80)}`);
  }
  const r = botMessageSchema.safeParse(json);
  if (!r.success) return fail(`bad answer: ${describe(r.error)}`);
  const m = r.data;
  if (m.type === 'error') return fail(`the bot reported an error: ${m.message}`);
  if (m.type !== 'move') return fail(`expected a move, got "${m.type}"`);
  if (m.id !== id) return fail(`answer for id ${JSON.stringify(m.id)}, expected ${JSON.stringify(id)}`);
  const legal = new Set<string>(obs.legal);
  if (obs.phase === 'moon') {
    if (!m.choice) return fail('a moon answer needs "choice": "minus" or "plus"');
    return { ok: true, value: { kind: 'moon', choice: m.choice } };
  }
  if (obs.phase === 'pass') {
    const cards = m.cards;
    if (!cards) return fail('a pass answer needs "cards"');
    if (cards.length !== obs.rules.passCards)
      return fail(`pass ${obs.rules.passCards} cards, not ${cards.length}`);
    if (new Set(cards).size !== cards.length) return fail('a card is passed twice');
    for (const c of cards) if (!legal.has(c)) return fail(`${c} is not in the hand`);
    return { ok: true, value: { kind: 'pass', cards: cards as CardName[] } };
  }
  if (!m.card) return fail('a play answer needs "card"');
  if (!legal.has(m.card)) return fail(`${m.card} is not a legal play (legal: ${obs.legal.join(' ')})`);
  return { ok: true, value: { kind: 'play', card: m.card as CardName } };
}

/** Defaults for a bot answering over the protocol. */
export interface AnswerOptions {
  readonly timeMs: number; // budget when the message names none (a message's timeMs may only lower it)
  readonly random: DecideOptions['random'];
  readonly name: string; // sent in the hello answer
}

/**
 * One bot-side step: the answer line to one input line (without the newline), and whether to stop. Never
 * throws: bad input gets an `error` answer and the bot keeps running. Blank lines get no answer.
 */
export function answerLine(
  bot: Bot,
  line: string,
  o: AnswerOptions,
): { reply: string | null; quit: boolean } {
  const error = (message: string, id?: unknown): { reply: string; quit: boolean } => ({
    reply: JSON.stringify(id === undefined ? { type: 'error', message } : { type: 'error', id, message }),
    quit: false,
  });
  if (line.trim() === '') return { reply: null, quit: false };
  let json: unknown;
  try {
    json = JSON.parse(line);
  } catch {
    return error('not JSON: send one JSON object per line');
  }
  const id = typeof json === 'object' && json !== null ? (json as { id?: unknown }).id : undefined;
  const r = hostMessageSchema.safeParse(json);
  if (!r.success) return error(`bad message: ${describe(r.error)}`, id);
  const m = r.data;
  switch (m.type) {
    case 'hello':
      if (m.protocol !== PROTOCOL)
        return error(`unsupported protocol "${m.protocol}"; this bot speaks ${PROTOCOL}`);
      return { reply: JSON.stringify({ type: 'hello', name: o.name, protocol: PROTOCOL }), quit: false };
    case 'quit':
      return { reply: JSON.stringify({ type: 'bye' }), quit: true };
    case 'decide': {
      const obs = parseDecide(m);
      if (!obs.ok) return error(obs.error, m.id);
      try {
        const timeMs = Math.min(o.timeMs, m.timeMs ?? Infinity);
        const d = bot.decide(obs.value, { timeMs, random: o.random });
        return { reply: JSON.stringify(moveMessage(m.id, d)), quit: false };
      } catch (e) {
        return error(`the bot failed: ${e instanceof Error ? e.message : String(e)}`, m.id);
      }
    }
  }
}
