import { EXPERT, SearchBot, type Clock } from './search/index.js';
import type { Bot } from './types.js';
import { shippedValueNet } from './value/shipped.js';

/**
 * Bots that are no level of their own: variants of a level for measuring (the arena's `--bots`), not offered in
 * the app. `expert+value` is the expert whose playouts stop after the current trick and `k` more (`expert+valueK`,
 * default 1) for the shipped value network to rate the rest (docs/performance.md, "The learned evaluation").
 */
export const VARIANT_HELP = 'expert+value (expert+valueK: the value network after K more tricks)';

const VALUE = /^expert\+value([0-9]+)?$/;

/** Whether `name` is a variant. */
export const isVariant = (name: string): boolean => VALUE.test(name);

/** The variant of that name, or null when there is none. */
export function createVariant(name: string, clock?: Clock): Bot | null {
  const m = VALUE.exec(name);
  if (!m) return null;
  const valueCut = m[1] === undefined ? 1 : Number(m[1]);
  return new SearchBot({ ...EXPERT, value: shippedValueNet(), valueCut }, clock);
}
