/**
 * Why a seat may not play a card, from what the seat sees: its `Observation`. A client that holds no game state
 * (a live table, the solo table's UI) asks this before sending a card, and explains the refusal in words; the
 * answer is the one `applyMove` would give on the full game (a property test holds the two equal).
 *
 * ```ts
 * const why = playRefusal(observation(game, 0), 'QH'); // e.g. 'ERR_HEARTS_NOT_BROKEN', or null: legal
 * ```
 */
import { parseCard, type CardName } from './cards.js';
import { compiledRules, HandCore } from './core.js';
import type { MoveError, Observation } from './game.js';

/**
 * The rule a play of `card` by the observing seat breaks now, or null when the card may be played. Outside the
 * play phase it is `ERR_WRONG_PHASE`; a name that is no card is `ERR_BAD_CARD`. Only the seat's own hand and the
 * public tricks are read: the other hands do not change what this seat may play.
 */
export function playRefusal(obs: Observation, card: CardName): MoveError | null {
  if (obs.phase !== 'play') return 'ERR_WRONG_PHASE';
  const c = parseCard(card);
  if (c === undefined) return 'ERR_BAD_CARD';
  return coreOf(obs).whyIllegal(obs.seat, c);
}

/** The hand's position as the engine keeps it, with only the observing seat's cards known. */
function coreOf(obs: Observation): HandCore {
  const core = new HandCore(compiledRules(obs.rules));
  for (const name of obs.hand) {
    const c = parseCard(name)!;
    core.hands[obs.seat * 4 + ((c / 13) | 0)]! |= 1 << (c % 13);
  }
  let p = 0;
  obs.tricks.forEach((t, i) => {
    core.trickLeaders[i] = t.leader;
    core.trickWinners[i] = t.winner!;
    for (const name of t.cards) core.plays[p++] = parseCard(name)!;
  });
  core.trickCount = obs.tricks.length;
  core.trickLeaders[core.trickCount] = obs.trick?.leader ?? obs.turn ?? 0;
  for (const name of obs.trick?.cards ?? []) core.plays[p++] = parseCard(name)!;
  core.nPlays = p;
  core.turn = obs.turn ?? -1;
  core.brokenAt = obs.heartsBroken ? 0 : -1;
  return core;
}
