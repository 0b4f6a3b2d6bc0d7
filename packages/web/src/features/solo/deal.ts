/**
 * Solo deals: one 32-byte seed per hand, drawn with `crypto.getRandomValues`, decides the whole deal by the deal
 * of every table, `@hearts/shuffle`'s `dealFromSeeds` — so every solo hand can be dealt again from its seed alone.
 *
 * - The deck: the canonical deck (minus the removed cards) shuffled by the seed's HMAC-SHA256 stream, exactly
 *   `composeDeck(rules, [seed])`; card j goes to seat (dealer + 1 + j) mod n, the dealer being hand mod n.
 * - The die under `sevenOfDie`: the engine's `rollDie` on the same stream, right after the shuffle's last draw
 *   (a draw below 6, read as the engine's die: 0–1 spades, 2–3 diamonds, 4–5 clubs).
 *
 * ```ts
 * const seed = makeSeed(); // crypto.getRandomValues
 * const state = dealSeeded(game, seed); // the engine's deal of seededDeal(game.rules, game.handNumber, seed)
 * seedMatchesDeal(state.rules, 0, seedToHex(seed), state.log[0]!); // true
 * ```
 */
import {
  CardSet,
  deal,
  type GameState,
  type HandLog,
  type HandRecord,
  type GameRecord,
  type Rules,
  type Suit,
} from '@hearts/engine';
import { dealFromSeeds, seedFromHex } from '@hearts/shuffle';

/** A deal: every seat's cards, and the die's suit under sevenOfDie (else null). */
export interface SeededDeal {
  readonly hands: readonly CardSet[]; // by seat, before passing
  readonly sevenSuit: Suit | null;
}

/** The deal of hand `handNumber` from `seed` (32 bytes). Throws a TypeError for a seed of another length. */
export function seededDeal(rules: Rules, handNumber: number, seed: Uint8Array): SeededDeal {
  const d = dealFromSeeds(rules, handNumber, [seed]);
  return { hands: d.hands.map((h) => CardSet.fromCards(h)), sevenSuit: d.sevenSuit };
}

/** Deals the next hand of `state` from `seed`. */
export function dealSeeded(state: GameState, seed: Uint8Array): GameState {
  const d = seededDeal(state.rules, state.handNumber, seed);
  const r = deal(state, d.hands, d.sevenSuit);
  if (!r.ok) throw new Error(`internal: seeded deal refused: ${r.error.message}`);
  return r.value;
}

/** Whether the hex seed `hex` deals exactly hand `handNumber` as logged (cards by seat and the die). */
export function seedMatchesDeal(
  rules: Rules,
  handNumber: number,
  hex: string,
  log: Pick<HandLog, 'deal' | 'sevenSuit'>,
): boolean {
  const seed = seedFromHex(hex);
  if (!seed) return false;
  const d = seededDeal(rules, handNumber, seed);
  return d.sevenSuit === log.sevenSuit && d.hands.every((h, s) => log.deal[s]?.equals(h) === true);
}

/** A hand of a solo record: `hearts-record/1` plus the seed it was dealt from (readers ignore the extra field). */
export type SeededHandRecord = HandRecord & { seed?: string };

/** The record with each hand's seed written into the hand as `"seed"` (hands without a known seed stay as they are). */
export function withSeeds(record: GameRecord, seeds: readonly (string | null)[]): GameRecord {
  const hands = record.hands.map((h, i): SeededHandRecord => {
    const seed = seeds[i];
    return seed ? { ...h, seed } : h;
  });
  return { ...record, hands };
}
