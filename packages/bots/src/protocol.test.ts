import fc from 'fast-check';
import { observation, parseRules, seededRandom, type Observation, type Rules } from '@hearts/engine';
import { describe, expect, test } from 'vitest';
import { VARIANTS, randomPosition } from '../test/helpers.js';
import { mediumBot } from './medium.js';
import {
  PROTOCOL,
  answerLine,
  decideMessage,
  parseDecide,
  parseMove,
  type AnswerOptions,
} from './protocol.js';
import { buildPosition } from './setup.js';
import { TACTICS } from './tactics.js';

const rulesOf = (r: Partial<Rules>): Rules => {
  const p = parseRules(r);
  if (!p.ok) throw new Error(p.error.message);
  return p.value;
};
const options: AnswerOptions = { timeMs: 50, random: seededRandom(1), name: 'hearts medium' };
const answer = (line: string): Record<string, unknown> => {
  const { reply } = answerLine(mediumBot, line, options);
  expect(reply).not.toBeNull();
  expect(reply).not.toContain('\n');
  return JSON.parse(reply!) as Record<string, unknown>;
};

/** What a decide message cannot carry: earlier hands, who else has passed, the game's winners. */
const comparable = (o: Observation) => ({
  ...o,
  handResults: [],
  passedSeats: [],
  winners: [],
});

/** A play position: seat 0 follows in the second trick. */
const PLAY = buildPosition({
  hand: 'AD QD TS 9S 6S 2S 8H 4H JC 8C 6C 4C',
  tricks: ['1: 2C KC 5C 3C'],
  trick: '2: KD 7H',
}).obs;

describe('decide messages and observations', () => {
  test('an observation survives decide message → JSON → observation, in every phase and rule variant', () => {
    const phases = new Set<string>();
    for (let seed = 0; seed < 300; seed++) {
      const rules = rulesOf(VARIANTS[seed % VARIANTS.length]!);
      const { state, seat } = randomPosition(rules, 5000 + seed);
      const obs = observation(state, seat);
      phases.add(obs.phase);
      const msg = JSON.parse(JSON.stringify(decideMessage(obs, seed))) as unknown;
      const back = parseDecide(msg);
      if (!back.ok) throw new Error(`${back.error} in ${JSON.stringify(msg)}`);
      expect(comparable(back.value)).toEqual(comparable(obs));
    }
    expect([...phases].sort()).toEqual(['pass', 'play']);
  });

  test('so does every tactical position, the shooter’s choice included', () => {
    for (const t of TACTICS) {
      const { obs } = buildPosition(t);
      const back = parseDecide(JSON.parse(JSON.stringify(decideMessage(obs, t.id))));
      if (!back.ok) throw new Error(`${t.id}: ${back.error}`);
      expect(comparable(back.value)).toEqual(comparable(obs));
    }
    const moon = TACTICS.find((t) => t.moon)!;
    const m = answer(JSON.stringify(decideMessage(buildPosition(moon).obs, 'm')));
    expect(m).toEqual({ type: 'move', id: 'm', choice: moon.moon });
  });

  test('the issue’s example messages are accepted, partial rules filled with defaults', () => {
    const pass = parseDecide({
      type: 'decide',
      id: 7,
      kind: 'pass',
      rules: {},
      seat: 2,
      hand: ['2C', '5C', 'KC', '3D', '7D', 'QS', 'AS', '4S', 'AH', 'KH', '2H', '9H', 'TD'],
      handNumber: 0,
      passOffset: 1,
      scores: [0, 0, 0, 0],
      legal: ['2C', '5C', 'KC', '3D', '7D', 'QS', 'AS', '4S', 'AH', 'KH', '2H', '9H', 'TD'],
    });
    expect(pass.ok && pass.value.phase).toBe('pass');
    expect(pass.ok && pass.value.dealer).toBe(0);
    const play = parseDecide({
      type: 'decide',
      id: 8,
      kind: 'play',
      rules: { targetScore: 100 },
      seat: 2,
      hand: ['7D', '9D', 'KS', '2H', '3H', '4H', '5H', '6H', '8S', '9S', 'TS', 'JS'],
      legal: ['7D', '9D'],
      handNumber: 5,
      passOffset: 3,
      passed: ['QS', 'AH', 'KH'],
      received: ['7D', '9S', '3H'],
      tricks: [{ leader: 0, cards: ['2C', '5C', 'KC', '3C'] }],
      trick: { leader: 2, cards: [] },
      heartsBroken: false,
      scores: [10, 3, 20, 0],
      futureField: 'ignored',
    });
    if (!play.ok) throw new Error(play.error);
    expect(play.value.rules.targetScore).toBe(100);
    expect(play.value.dealer).toBe(1);
    expect(play.value.tricks[0]!.winner).toBe(2);
    expect(play.value.turn).toBe(2);
  });

  test.each([
    ['an unknown card', { hand: ['1X'] }, 'not a card'],
    [
      'a card twice',
      { legal: ['AD'], hand: ['AD', 'AD', 'TS', '9S', '6S', '2S', '8H', '4H', 'JC', '8C', '6C', '4C'] },
      'twice',
    ],
    ['a wrong seat', { seat: 3 }, 'turn'],
    ['a seat that does not exist', { seat: 5 }, 'does not exist'],
    ['a bad rule', { rules: { players: 9 } }, 'players'],
    ['an illegal card', { legal: ['AS'] }, 'not in the hand'],
    ['too few scores', { scores: [0, 0, 0] }, 'scores'],
    [
      'a trick led by the wrong seat',
      { trick: { leader: 1, cards: ['KD', '7H', '2D'] } },
      'won the last trick',
    ],
    ['a hand of the wrong size', { hand: ['AD', 'QD'], legal: ['AD'] }, 'cards'],
    ['cards passed without passing', { passed: ['2S', '3S', '4S'] }, 'without passing'],
  ])('refuses %s', (_name, change, reason) => {
    const msg = { ...decideMessage(PLAY, 1), ...change };
    const r = parseDecide(msg);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toContain(reason);
  });
});

describe('answering as a bot', () => {
  test('hello, decide, quit', () => {
    expect(answer(JSON.stringify({ type: 'hello', protocol: PROTOCOL }))).toEqual({
      type: 'hello',
      name: 'hearts medium',
      protocol: PROTOCOL,
    });
    const move = answer(JSON.stringify(decideMessage(PLAY, 42)));
    expect(move).toMatchObject({ type: 'move', id: 42 });
    expect(PLAY.legal).toContain(move['card']);
    const r = answerLine(mediumBot, '{"type":"quit"}', options);
    expect(r.quit).toBe(true);
  });

  test('pass and moon decisions', () => {
    const pass = buildPosition({ phase: 'pass', hand: 'QS 3S AH KH 2C 5C 9C 4D 7D TD 3H 6H 8S' }).obs;
    const m = answer(JSON.stringify(decideMessage(pass, 'p1')));
    expect(m['id']).toBe('p1');
    expect((m['cards'] as string[]).length).toBe(3);
  });

  test.each([
    ['not JSON', 'hello?', 'not JSON'],
    ['an unknown type', '{"type":"dance"}', 'bad message'],
    ['another protocol', '{"type":"hello","protocol":"hearts-bot/9"}', 'unsupported'],
    ['a decide without fields', '{"type":"decide","id":3}', 'bad message'],
    ['a JSON array', '[1,2]', 'bad message'],
  ])('answers %s with an error and keeps running', (_name, line, reason) => {
    const r = answerLine(mediumBot, line, options);
    expect(r.quit).toBe(false);
    const m = JSON.parse(r.reply!) as { type: string; message: string };
    expect(m.type).toBe('error');
    expect(m.message).toContain(reason);
  });

  test('the error for a bad decide names its id', () => {
    const m = answer(JSON.stringify({ ...decideMessage(PLAY, 9), seat: 3 }));
    expect(m).toMatchObject({ type: 'error', id: 9 });
  });

  test('never throws, whatever the line (fuzz)', () => {
    const base = decideMessage(PLAY, 1) as Record<string, unknown>;
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.json(),
          fc
            .record({ key: fc.constantFrom(...Object.keys(base)), value: fc.jsonValue() })
            .map(({ key, value }) => JSON.stringify({ ...base, [key]: value })),
        ),
        (line) => {
          const r = answerLine(mediumBot, line, options);
          if (r.reply !== null) JSON.parse(r.reply);
        },
      ),
      { numRuns: 400 },
    );
  });
});

describe('reading a bot’s answer (host side)', () => {
  test.each([
    ['a legal card', '{"type":"move","id":1,"card":"QD"}', null],
    ['an illegal card', '{"type":"move","id":1,"card":"TS"}', 'not a legal play'],
    ['another id', '{"type":"move","id":2,"card":"QD"}', 'expected 1'],
    ['an error', '{"type":"error","message":"oops"}', 'oops'],
    ['garbage', 'QD', 'not JSON'],
  ])('%s', (_name, line, reason) => {
    const r = parseMove(line, 1, PLAY);
    if (reason === null) expect(r).toEqual({ ok: true, value: { kind: 'play', card: 'QD' } });
    else expect(!r.ok && r.error).toContain(reason);
  });
});
