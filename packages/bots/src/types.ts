import type { NamedMove, Observation, RandomSource } from '@hearts/engine';

/** The bot levels, weakest first. `random` plays uniformly random legal cards (a baseline for the arena). */
export const LEVELS = ['random', 'easy', 'medium', 'hard', 'expert'] as const;
export type Level = (typeof LEVELS)[number];

/**
 * What a bot answers: a move with its cards named (the engine's `NamedMove`, read by `parseNamedMove`); the kind
 * follows from the observation's phase (pass, play, moon).
 */
export type Decision = NamedMove;

export interface DecideOptions {
  readonly timeMs: number; // the time budget for this decision; a bot must answer within it
  readonly random: RandomSource; // the bot's only source of randomness
}

/**
 * A bot sees one seat's {@link Observation} and nothing else: it cannot be handed a game state, so it cannot
 * cheat. It must answer with a legal decision for the observation's phase.
 */
export interface Bot {
  readonly level: Level;
  decide(observation: Observation, options: DecideOptions): Decision;
}
