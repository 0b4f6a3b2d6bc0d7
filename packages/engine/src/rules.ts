/**
 * The rule set: every option of the project's RULES.md by its JSON name, the presets, and validation.
 *
 * ```ts
 * const rules = parseRules({ targetScore: 100 }); // { ok: true, value: { players: 4, … } }
 * const diff = rulesDiff(rules.value); // { targetScore: 100 }
 * ```
 */
import { CardSet, parseCard, type Card, type CardName } from './cards.js';
import { err, ok, type Result } from './result.js';

export type PassCycle = 'standard' | 'rotate' | 'left' | 'right';
export type MoonRule =
  'othersPlus26' | 'shooterMinus26' | 'shooterChoice' | 'othersPlus26UnlessLosing' | 'none';
export type TieRule = 'shareWin' | 'playOn';
export type FirstLead = 'lowestClub' | 'leftOfDealer' | 'dealer';
export type HeartValues = 'one' | 'rank';

/** A complete rule set. Every field has its default in {@link DEFAULT_RULES}; JSON names as in RULES.md. */
export interface Rules {
  readonly players: number; // 3..6 seats
  readonly removedCards: readonly CardName[]; // taken out so all hands are equal
  readonly passCards: number; // cards passed each hand; 0 = never pass
  readonly passCycle: PassCycle; // direction of passing by hand number
  readonly targetScore: number; // game ends after the hand in which someone reaches it
  readonly moon: MoonRule; // what shooting the moon does
  readonly ties: TieRule; // tie for lowest at the end
  readonly jackOfDiamonds: number; // Omnibus: 0 or -10
  readonly queenBreaksHearts: boolean; // the Q♠ also breaks hearts
  readonly pointsOnFirstTrick: boolean; // hearts and the Q♠ allowed on the first trick
  readonly heartsMustBeBroken: boolean; // false: hearts may be led any time
  readonly firstLead: FirstLead; // who leads the first trick
  readonly heartValues: HeartValues; // one point each, or by rank (spot hearts)
  readonly queenPoints: number; // points of the Q♠
  readonly blackMariaSpades: boolean; // K♠ 10 and A♠ 7
  readonly sevenOfDie: boolean; // a die picks a suit whose 7 scores 40
  readonly handsToPlay: number; // 0: play to targetScore; N: exactly N hands
}

export type RuleName = keyof Rules;

/** The removed cards each player count uses unless the rules say otherwise. */
export const DEFAULT_REMOVED: Readonly<Record<number, readonly CardName[]>> = {
  3: ['2D'],
  4: [],
  5: ['2C', '2D'],
  6: ['2C', '3C', '2D', '2S'],
};

/** The standard rules: every rated live table plays these. */
export const DEFAULT_RULES: Rules = {
  players: 4,
  removedCards: [],
  passCards: 3,
  passCycle: 'standard',
  targetScore: 50,
  moon: 'othersPlus26',
  ties: 'shareWin',
  jackOfDiamonds: 0,
  queenBreaksHearts: false,
  pointsOnFirstTrick: false,
  heartsMustBeBroken: true,
  firstLead: 'lowestClub',
  heartValues: 'one',
  queenPoints: 13,
  blackMariaSpades: false,
  sevenOfDie: false,
  handsToPlay: 0,
};

export const RULE_NAMES: readonly RuleName[] = Object.keys(DEFAULT_RULES) as RuleName[];

export const PRESET_NAMES = ['standard', 'classic100', 'omnibus', 'spot', 'blackMaria', 'papayoo'] as const;
export type PresetName = (typeof PRESET_NAMES)[number];

/** The options a preset sets, for a given player count (only papayoo depends on it). */
export function preset(name: PresetName, players = 4): Partial<Rules> {
  switch (name) {
    case 'standard':
      return {};
    case 'classic100':
      return { targetScore: 100 };
    case 'omnibus':
      return { jackOfDiamonds: -10 };
    case 'spot':
      return { heartValues: 'rank', queenPoints: 25, targetScore: 500 };
    case 'blackMaria':
      return {
        players: 3,
        removedCards: ['2C'],
        passCycle: 'right',
        firstLead: 'leftOfDealer',
        heartsMustBeBroken: false,
        blackMariaSpades: true,
      };
    case 'papayoo':
      return {
        players,
        heartValues: 'rank',
        queenPoints: 0,
        sevenOfDie: true,
        passCycle: 'left',
        passCards: players <= 4 ? 5 : players === 5 ? 4 : 3,
        firstLead: 'dealer',
        heartsMustBeBroken: false,
        pointsOnFirstTrick: true,
        moon: 'none',
        handsToPlay: 5,
      };
  }
}

export interface RulesError {
  readonly code: 'ERR_BAD_RULES';
  readonly option: string;
  readonly message: string;
}

const rulesError = (option: string, message: string): Result<never, RulesError> =>
  err({ code: 'ERR_BAD_RULES', option, message });

const ENUMS: Partial<Record<RuleName, readonly string[]>> = {
  passCycle: ['standard', 'rotate', 'left', 'right'],
  moon: ['othersPlus26', 'shooterMinus26', 'shooterChoice', 'othersPlus26UnlessLosing', 'none'],
  ties: ['shareWin', 'playOn'],
  firstLead: ['lowestClub', 'leftOfDealer', 'dealer'],
  heartValues: ['one', 'rank'],
};
const BOOLEANS: readonly RuleName[] = [
  'queenBreaksHearts',
  'pointsOnFirstTrick',
  'heartsMustBeBroken',
  'blackMariaSpades',
  'sevenOfDie',
];
const CHOICES: Partial<Record<RuleName, readonly number[]>> = {
  players: [3, 4, 5, 6],
  passCards: [0, 1, 2, 3, 4, 5],
  jackOfDiamonds: [0, -10],
  queenPoints: [13, 25, 0],
};

/**
 * Validates a (possibly partial) rules object and fills in the defaults. Unknown options, wrong types and
 * impossible combinations (cards that do not divide evenly, too many cards passed) are errors.
 */
export function parseRules(input: unknown): Result<Rules, RulesError> {
  if (input === undefined || input === null) input = {};
  if (typeof input !== 'object' || Array.isArray(input))
    return rulesError('rules', 'rules must be an object');
  const src = input as Record<string, unknown>;
  for (const key of Object.keys(src)) {
    if (!(RULE_NAMES as readonly string[]).includes(key))
      return rulesError(key, `unknown rule option "${key}"`);
  }
  const out: Record<string, unknown> = {};
  for (const name of RULE_NAMES) {
    const v = src[name];
    if (v === undefined || name === 'removedCards') continue;
    const allowed = ENUMS[name];
    const choices = CHOICES[name];
    if (allowed) {
      if (typeof v !== 'string' || !allowed.includes(v))
        return rulesError(name, `${name} must be one of ${allowed.join(', ')}`);
    } else if (BOOLEANS.includes(name)) {
      if (typeof v !== 'boolean') return rulesError(name, `${name} must be true or false`);
    } else if (choices) {
      if (typeof v !== 'number' || !choices.includes(v))
        return rulesError(name, `${name} must be one of ${choices.join(', ')}`);
    } else if (name === 'targetScore') {
      if (typeof v !== 'number' || !Number.isInteger(v) || v < 1 || v > 100_000)
        return rulesError(name, 'targetScore must be a whole number from 1 to 100000');
    } else if (name === 'handsToPlay') {
      if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > 1000)
        return rulesError(name, 'handsToPlay must be a whole number from 0 to 1000');
    }
    out[name] = v;
  }
  const players = (out['players'] as number | undefined) ?? DEFAULT_RULES.players;
  let removed: readonly CardName[] = DEFAULT_REMOVED[players] ?? [];
  if (src['removedCards'] !== undefined) {
    const r = src['removedCards'];
    if (!Array.isArray(r) || r.some((c) => typeof c !== 'string' || parseCard(c) === undefined))
      return rulesError('removedCards', 'removedCards must be a list of cards such as "2D"');
    const set = CardSet.fromNames(r as string[])!;
    if (set.size() !== r.length) return rulesError('removedCards', 'removedCards lists a card twice');
    removed = set.names();
  }
  const rules: Rules = { ...DEFAULT_RULES, ...out, removedCards: removed } as Rules;
  const inPlay = 52 - removed.length;
  if (inPlay % players !== 0)
    return rulesError('removedCards', `${inPlay} cards do not deal evenly to ${players} players`);
  if (rules.passCards >= inPlay / players)
    return rulesError('passCards', 'cannot pass as many cards as a hand holds');
  const deck = CardSet.FULL.diff(CardSet.fromNames(removed)!);
  if (rules.firstLead === 'lowestClub' && deck.suitMask(0) === 0)
    return rulesError('firstLead', 'the lowest club cannot lead when no club is in play');
  return ok(rules);
}

/** The options that differ from the defaults, as records and the bot protocol write them. */
export function rulesDiff(rules: Rules): Partial<Rules> {
  const out: Record<string, unknown> = {};
  for (const name of RULE_NAMES) {
    if (name === 'removedCards') continue;
    if (rules[name] !== DEFAULT_RULES[name]) out[name] = rules[name];
  }
  const dflt = DEFAULT_REMOVED[rules.players] ?? [];
  const removed = [...rules.removedCards].sort();
  if (removed.join() !== [...dflt].sort().join()) out['removedCards'] = rules.removedCards;
  return out as Partial<Rules>;
}

/** The seat that deals hand `handNumber` (counted from 0): seat 0 deals first, then each seat to the left. */
export const dealerOfHand = (rules: Rules, handNumber: number): number => handNumber % rules.players;

/**
 * How many seats to the left the cards go in a hand (0: no passing).
 * standard: left, right, across (even player counts), none; rotate: 1 … n−1 then none.
 */
export function passOffset(rules: Rules, handNumber: number): number {
  const n = rules.players;
  if (rules.passCards === 0) return 0;
  switch (rules.passCycle) {
    case 'left':
      return 1;
    case 'right':
      return n - 1;
    case 'rotate': {
      const k = handNumber % n;
      return k === n - 1 ? 0 : k + 1;
    }
    case 'standard': {
      const cycle = n % 2 === 0 ? [1, n - 1, n / 2, 0] : [1, n - 1, 0];
      return cycle[handNumber % cycle.length]!;
    }
  }
}

/** The cards in play under these rules. */
export function deckOf(rules: Rules): CardSet {
  return CardSet.FULL.diff(CardSet.fromNames(rules.removedCards)!);
}

/** Tricks in a hand (13 with four players). */
export function tricksPerHand(rules: Rules): number {
  return (52 - rules.removedCards.length) / rules.players;
}

/** The lowest club in play, which leads the first trick under `firstLead: "lowestClub"`. */
export function lowestClub(rules: Rules): Card | undefined {
  const m = deckOf(rules).suitMask(0);
  return m ? 31 - Math.clz32(m & -m) : undefined;
}
