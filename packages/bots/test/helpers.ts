/**
 * Test helpers for the bots: random positions from random games under any rules, and the description of a
 * position that rebuilds it (for checking that bots see nothing but the observation).
 */
import {
  applyMove,
  dealRandom,
  observation,
  parseNamedMove,
  randomInt,
  rulesDiff,
  seatsToAct,
  seededRandom,
  unwrap,
  type GameState,
  type Move,
  type Observation,
  type Rules,
  playPosition,
} from '@hearts/engine';
import { handAt, randomBot, type Decision, type PositionSpec } from '../src/index.js';

/** A bot's decision as an engine move (the engine's reading of named moves). */
export const toMove = (d: Decision): Move => unwrap(parseNamedMove(d));

/**
 * A random position of a random hand under `rules`: random legal moves up to a random point of the hand
 * (passing, any trick, or the shooter's choice when it comes). Returns the state and the seat to decide.
 */
export function randomPosition(rules: Rules, seed: number): { state: GameState; seat: number } {
  const rng = seededRandom(`position:${seed}`);
  const handNumber = randomInt(rng, 8);
  let state = dealRandom(
    handAt(
      rules,
      handNumber,
      rules.players === 4 ? [10, 20, 0, 5] : new Array<number>(rules.players).fill(3),
    ),
    rng,
  );
  const stopAt = randomInt(rng, 60);
  for (let step = 0; ; step++) {
    const seats = seatsToAct(state);
    if (seats.length === 0) throw new Error('the hand ended before a decision');
    const seat = seats[randomInt(rng, seats.length)]!;
    if (
      step >= stopAt ||
      state.phase === 'moon' ||
      (state.phase === 'play' && playPosition(state)!.plays === state.cfg.tricks * state.cfg.n - 1)
    )
      return { state, seat };
    const r = applyMove(
      state,
      seat,
      toMove(randomBot.decide(observation(state, seat), { timeMs: 1, random: rng })),
    );
    if (!r.ok) throw new Error(r.error.message);
    state = r.value;
  }
}

/** The description that rebuilds an observation's position with other hidden hands behind it. */
export function specOf(obs: Observation): PositionSpec {
  return {
    rules: rulesDiff(obs.rules),
    handNumber: obs.handNumber,
    scores: obs.scores,
    phase: obs.phase === 'pass' ? 'pass' : 'play',
    seat: obs.seat,
    hand: obs.hand.join(' '),
    tricks: obs.tricks.map((t) => `${t.leader}: ${t.cards.join(' ')}`),
    ...(obs.trick ? { trick: `${obs.trick.leader}: ${obs.trick.cards.join(' ')}` } : {}),
    ...(obs.passed ? { passed: obs.passed.join(' ') } : {}),
    ...(obs.received ? { received: obs.received.join(' ') } : {}),
    ...(obs.sevenSuit ? { sevenSuit: obs.sevenSuit as 'C' | 'D' | 'S' } : {}),
  };
}

/** Freezes an object and everything in it, so that any attempt to change it throws. */
export function deepFreeze<T>(x: T): T {
  if (x && typeof x === 'object' && !Object.isFrozen(x)) {
    Object.freeze(x);
    for (const v of Object.values(x)) deepFreeze(v);
  }
  return x;
}

/** Rule variants that exercise every option, with 3 to 6 players. */
export const VARIANTS: readonly Partial<Rules>[] = [
  {},
  { players: 3 },
  { players: 5 },
  { players: 6 },
  { players: 6, passCycle: 'rotate' },
  { passCards: 0 },
  { passCards: 5, passCycle: 'left' },
  { moon: 'shooterChoice' },
  { moon: 'shooterMinus26' },
  { moon: 'othersPlus26UnlessLosing', targetScore: 30 },
  { moon: 'none', ties: 'playOn' },
  { jackOfDiamonds: -10 },
  { queenBreaksHearts: true, pointsOnFirstTrick: true },
  { heartsMustBeBroken: false, firstLead: 'leftOfDealer' },
  { firstLead: 'dealer' },
  { heartValues: 'rank', queenPoints: 25, targetScore: 500 },
  {
    players: 3,
    removedCards: ['2C'],
    passCycle: 'right',
    firstLead: 'leftOfDealer',
    heartsMustBeBroken: false,
    blackMariaSpades: true,
  },
  {
    heartValues: 'rank',
    queenPoints: 0,
    sevenOfDie: true,
    passCycle: 'left',
    passCards: 5,
    firstLead: 'dealer',
    heartsMustBeBroken: false,
    pointsOnFirstTrick: true,
    moon: 'none',
    handsToPlay: 5,
  },
  { players: 5, sevenOfDie: true, handsToPlay: 3 },
];
