import type { Decision, Level } from '@hearts/bots';
import type { Observation } from '@hearts/engine';

/** A request to the bot worker. */
export interface BotRequest {
  readonly id: number;
  readonly level: Level;
  readonly timeMs: number;
  readonly observation: Observation;
}

/** The worker's answer: a decision, or why there is none. */
export type BotResponse =
  | { readonly id: number; readonly ok: true; readonly decision: Decision }
  | { readonly id: number; readonly ok: false; readonly error: string };
