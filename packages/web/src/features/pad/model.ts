/**
 * The score pad: a game of Hearts played with real cards, kept hand by hand. Pure and synchronous; the rules,
 * the point values, the moon and the end of the game come from the engine, so the pad scores exactly as the
 * table does.
 *
 * ```ts
 * const pad = unwrapPad(createPad({ id: 'p1', name: 'Friday', players: ['Ann', 'Ben', 'Cem', 'Dora'], rules: {}, now: 0 }));
 * const r = addHand(pad, { taken: [5, 13, 8, 0], shooter: null, moonChoice: null, jack: null }, 1);
 * if (r.ok) standing(r.value).totals; // [5, 13, 8, 0]
 * else r.error.code; // e.g. 'ERR_SUM' when the points do not add up to 26
 * ```
 *
 * Entries are the points each player took in cards (hearts, the Q♠, Black Maria's K♠ and A♠, the die's seven),
 * before the moon rule; under Omnibus the J♦ is entered apart as who took it. Scores are always derived from
 * the entries, so correcting an earlier hand rescores every hand after it.
 */
import {
  ACE_OF_SPADES,
  JACK_OF_DIAMONDS,
  KING_OF_SPADES,
  QUEEN_OF_SPADES,
  SEVEN_OF_DIE_POINTS,
  compiledRules,
  dealerOfHand,
  deckOf,
  moonCardsOf,
  err,
  gameEnd,
  makeCard,
  ok,
  parseRules,
  passOffset,
  rulesDiff,
  scoreHand,
  type MoonChoice,
  type Result,
  type Rules,
} from '@hearts/engine';

/** One hand as entered: points taken per player (in seating order), the moon and the J♦. */
export interface HandEntry {
  readonly taken: readonly number[]; // points each player took in cards, before the moon rule; J♦ apart
  readonly shooter: number | null; // who shot the moon (took every heart and the Q♠)
  readonly moonChoice: MoonChoice | null; // the shooter's choice under moon "shooterChoice", else null
  readonly jack: number | null; // Omnibus: who took the J♦; null without Omnibus
}

/** A hand being entered: a player's points may still be missing (null). */
export interface HandDraft {
  readonly taken: readonly (number | null)[];
  readonly shooter: number | null;
  readonly moonChoice: MoonChoice | null;
  readonly jack: number | null;
}

export type HandProblemCode =
  | 'ERR_PLAYERS' // not one entry per player
  | 'ERR_SEAT' // a shooter or J♦ taker who is not a player
  | 'ERR_MISSING' // a player's points are not entered
  | 'ERR_NOT_WHOLE' // points must be a whole number, 0 or more
  | 'ERR_NEGATIVE' // points below 0 (under Omnibus the J♦'s −10 is entered apart)
  | 'ERR_TOO_MANY' // more points than the hand has (`total`)
  | 'ERR_JACK' // Omnibus: who took the J♦ is missing
  | 'ERR_SUM' // the points do not add up to the hand's total
  | 'ERR_IMPOSSIBLE' // no way of taking the counting cards gives these points
  | 'ERR_MOON_UNMARKED' // only the moon gives these points: it must be marked
  | 'ERR_NO_MOON' // a moon under moon "none"
  | 'ERR_MOON_CARDS' // the shooter's points do not hold every moon card, or the rest cannot come from other cards
  | 'ERR_MOON_CHOICE' // moon "shooterChoice": the shooter has not chosen
  | 'ERR_GAME_OVER' // no hand can be added after the end of the game
  | 'ERR_NO_HAND'; // no such hand to correct or delete

/** Why a hand is refused: a code, and the player or the numbers it is about. Never thrown. */
export interface HandProblem {
  readonly code: HandProblemCode;
  readonly player?: number; // seat index the problem is about
  readonly sum?: number; // ERR_SUM: what the entries add up to
  readonly total?: number; // ERR_SUM, ERR_TOO_MANY: what the hand has
}

/** A score pad. Invariants: `players.length === rules.players`; every hand passes {@link checkHand}. */
export interface Pad {
  readonly id: string;
  readonly name: string; // shown in the list of pads
  readonly players: readonly string[]; // in seating order to the left; the first deals first
  readonly rules: Rules;
  readonly hands: readonly HandEntry[];
  readonly created: number; // ms since 1970
  readonly updated: number; // ms since 1970
}

export type PadProblemCode =
  | 'ERR_NAME' // the pad's name is empty or too long
  | 'ERR_PLAYER_NAME' // a player's name is empty or too long
  | 'ERR_NAME_TWICE' // two players with the same name
  | 'ERR_RULES' // the options do not fit together (option names which)
  | 'ERR_FORMAT' // not a score pad (reading a file or the device store)
  | 'ERR_HAND'; // a stored hand is refused by the rules (hand, problem)

export interface PadProblem {
  readonly code: PadProblemCode;
  readonly player?: number;
  readonly option?: string; // ERR_RULES
  readonly hand?: number; // ERR_HAND
  readonly problem?: HandProblem; // ERR_HAND
  readonly message?: string; // ERR_FORMAT, ERR_RULES: details in English
}

export const PAD_FORMAT = 'hearts-pad/1';
export const MIN_PLAYERS = 3;
export const MAX_PLAYERS = 6;
export const MAX_NAME = 40;

/** A card that counts in a hand (the J♦ of Omnibus is apart). */
export interface PointCard {
  readonly card: string; // 'QS', 'TH', … or '7' for the seven the die picks
  readonly points: number;
  readonly moon: boolean; // needed to shoot the moon: every heart and the Q♠
}

/** The cards that count in a hand under these rules, highest first; cards worth 0 are left out. */
export function pointCards(rules: Rules): PointCard[] {
  const cfg = compiledRules(rules);
  const moonCards = moonCardsOf(cfg);
  const out: PointCard[] = [];
  for (const c of deckOf(rules)) {
    if (c === JACK_OF_DIAMONDS) continue;
    const points = cfg.cardPoints[c]!;
    if (points > 0) out.push({ card: makeCard(c), points, moon: moonCards.has(c) });
  }
  if (rules.sevenOfDie) out.push({ card: '7', points: SEVEN_OF_DIE_POINTS, moon: false });
  return out.sort((a, b) => b.points - a.points);
}

/** What every hand's entries add up to: 26 in the standard rules, 129 in spot hearts, 43 with Black Maria. */
export const handTotal = (rules: Rules): number => pointCards(rules).reduce((a, c) => a + c.points, 0);

/** What the moon cards (every heart and the Q♠) count together: the shooter's points at least. */
export const moonValue = (rules: Rules): number => compiledRules(rules).moonValue;

/** Whether the J♦ is entered apart (Omnibus with the J♦ in play). */
export const hasJack = (rules: Rules): boolean =>
  rules.jackOfDiamonds !== 0 && deckOf(rules).has(JACK_OF_DIAMONDS);

/** What the counting cards are worth, for explaining a refused hand. */
export interface PointValues {
  readonly total: number;
  readonly moon: number; // value of the moon cards together
  readonly heartValues: Rules['heartValues'];
  readonly queen: number; // the Q♠ (0: does not count)
  readonly kingOfSpades: number; // Black Maria: 10, else 0
  readonly aceOfSpades: number; // Black Maria: 7, else 0
  readonly seven: number; // the die's seven: 40, else 0
  readonly jack: number; // Omnibus: -10, else 0
}

export function pointValues(rules: Rules): PointValues {
  const cfg = compiledRules(rules);
  return {
    total: handTotal(rules),
    moon: cfg.moonValue,
    heartValues: rules.heartValues,
    queen: cfg.cardPoints[QUEEN_OF_SPADES]!,
    kingOfSpades: cfg.cardPoints[KING_OF_SPADES]!,
    aceOfSpades: cfg.cardPoints[ACE_OF_SPADES]!,
    seven: rules.sevenOfDie ? SEVEN_OF_DIE_POINTS : 0,
    jack: hasJack(rules) ? rules.jackOfDiamonds : 0,
  };
}

/**
 * Whether the cards worth `values` (sorted highest first, all > 0) can be shared out so that each player gets
 * exactly `caps[p]`, given that the values add up to the caps. `forbid` keeps one card from one player.
 * A depth-first search over the cards, with players of equal remaining points tried once and positions memoized.
 */
function canShare(
  values: readonly number[],
  caps: readonly number[],
  forbid: { readonly player: number; readonly item: number } | null = null,
): boolean {
  const left = caps.slice();
  const memo = new Map<string, boolean>();
  const special = forbid?.player ?? -1;
  const search = (i: number): boolean => {
    if (i === values.length) return left.every((c) => c === 0);
    const v = values[i]!;
    // Only 1-point cards remain, and the caps add up to their number: any caps fit, unless the one player kept
    // from one of them would need all of them.
    if (v === 1) return forbid === null || forbid.item < i || left[special]! < values.length - i;
    const others = left.filter((_, p) => p !== special).sort((a, b) => a - b);
    const key = `${i}|${special >= 0 ? left[special] : ''}|${others.join(',')}`;
    const hit = memo.get(key);
    if (hit !== undefined) return hit;
    const tried = new Set<number>();
    let found = false;
    for (let p = 0; p < left.length && !found; p++) {
      if (left[p]! < v) continue;
      if (p === special && i === forbid!.item) continue;
      if (p !== special) {
        if (tried.has(left[p]!)) continue;
        tried.add(left[p]!);
      }
      left[p]! -= v;
      found = search(i + 1);
      left[p]! += v;
    }
    memo.set(key, found);
    return found;
  };
  return search(0);
}

/**
 * Whether only a moon explains these entries: player `p` must hold every moon card in any way of sharing the
 * cards out. Undecidable (false) when a moon card is worth nothing, as the Q♠ in the papayoo style.
 */
function onlyMoon(rules: Rules, cards: readonly PointCard[], taken: readonly number[], p: number): boolean {
  const moonCards = moonCardsOf(compiledRules(rules));
  if (moonCards.size() !== cards.filter((c) => c.moon).length) return false; // some moon card counts 0
  if (taken[p]! < moonValue(rules)) return false;
  const values = cards.map((c) => c.points);
  const seen = new Set<number>();
  for (let item = 0; item < cards.length; item++) {
    if (!cards[item]!.moon || seen.has(cards[item]!.points)) continue;
    seen.add(cards[item]!.points);
    if (canShare(values, taken, { player: p, item })) return false;
  }
  return true;
}

const problem = (p: HandProblem): Result<never, HandProblem> => err(p);

/**
 * Checks one hand's entries against the rules: one whole number per player, adding up to the hand's total,
 * possible with the counting cards (someone must hold the Q♠'s 13), a moon marked exactly when the points need
 * one, its shooter's choice, and who took the J♦ under Omnibus. Gives the hand as it is kept.
 */
export function checkHand(rules: Rules, draft: HandDraft): Result<HandEntry, HandProblem> {
  const n = rules.players;
  if (!Array.isArray(draft.taken) || draft.taken.length !== n) return problem({ code: 'ERR_PLAYERS' });
  const isSeat = (s: unknown) =>
    s === null || (Number.isInteger(s) && (s as number) >= 0 && (s as number) < n);
  if (!isSeat(draft.shooter)) return problem({ code: 'ERR_SEAT' });
  const jackApart = hasJack(rules);
  if (jackApart && !isSeat(draft.jack)) return problem({ code: 'ERR_SEAT' });
  const cards = pointCards(rules);
  const total = cards.reduce((a, c) => a + c.points, 0);
  const taken: number[] = [];
  for (let p = 0; p < n; p++) {
    const v = draft.taken[p];
    if (v === null || v === undefined) return problem({ code: 'ERR_MISSING', player: p });
    if (typeof v !== 'number' || Number.isNaN(v)) return problem({ code: 'ERR_NOT_WHOLE', player: p });
    if (v < 0) return problem({ code: 'ERR_NEGATIVE', player: p });
    if (v > total) return problem({ code: 'ERR_TOO_MANY', player: p, total });
    if (!Number.isSafeInteger(v)) return problem({ code: 'ERR_NOT_WHOLE', player: p });
    taken.push(v === 0 ? 0 : v); // no -0
  }
  const jack = jackApart ? draft.jack : null;
  if (jackApart && jack === null) return problem({ code: 'ERR_JACK' });
  const sum = taken.reduce((a, b) => a + b, 0);
  if (sum !== total) return problem({ code: 'ERR_SUM', sum, total });

  const shooter = draft.shooter;
  if (shooter !== null) {
    if (rules.moon === 'none') return problem({ code: 'ERR_NO_MOON', player: shooter });
    const caps = taken.slice();
    caps[shooter]! -= moonValue(rules);
    const rest = cards.filter((c) => !c.moon).map((c) => c.points);
    if (caps[shooter]! < 0 || !canShare(rest, caps))
      return problem({ code: 'ERR_MOON_CARDS', player: shooter });
    const choice = draft.moonChoice;
    if (rules.moon === 'shooterChoice' && choice !== 'minus' && choice !== 'plus')
      return problem({ code: 'ERR_MOON_CHOICE', player: shooter });
    return ok({ taken, shooter, moonChoice: rules.moon === 'shooterChoice' ? choice : null, jack });
  }
  if (
    !canShare(
      cards.map((c) => c.points),
      taken,
    )
  )
    return problem({ code: 'ERR_IMPOSSIBLE' });
  if (rules.moon !== 'none') {
    for (let p = 0; p < n; p++)
      if (onlyMoon(rules, cards, taken, p)) return problem({ code: 'ERR_MOON_UNMARKED', player: p });
  }
  return ok({ taken, shooter: null, moonChoice: null, jack });
}

/** The entries a moon button fills in: the moon cards for the shooter, nothing for the others. */
export function moonDraft(rules: Rules, shooter: number, base: HandDraft): HandDraft {
  const taken = Array.from({ length: rules.players }, (_, p) => (p === shooter ? moonValue(rules) : 0));
  return { ...base, taken, shooter };
}

/** What is still missing to the hand's total, given the entries so far. */
export function remainder(rules: Rules, taken: readonly (number | null)[]): number {
  return handTotal(rules) - taken.reduce<number>((a, b) => a + (b ?? 0), 0);
}

/** One hand as the pad shows it. */
export interface HandLine {
  readonly index: number; // 0 = first hand
  readonly dealer: number; // seat that dealt: index mod players
  readonly passOffset: number; // seats to the left the cards went (0: no passing)
  readonly entry: HandEntry;
  readonly points: readonly number[]; // scored per player, after the moon rule and the J♦
  readonly moonCounted: MoonChoice | null; // how the moon counted: shooter minus, or the others plus
  readonly totals: readonly number[]; // running totals after this hand
  readonly leaders: readonly number[]; // lowest running total after this hand
  readonly ends: boolean; // the game ended with this hand
  readonly afterEnd: boolean; // entered after the end of the game (an earlier hand was corrected); not counted
}

/** The game so far. */
export interface Standing {
  readonly lines: readonly HandLine[];
  readonly totals: readonly number[]; // at the end, or now
  readonly leaders: readonly number[]; // lowest total now
  readonly over: boolean;
  readonly winners: readonly number[]; // lowest total at the end (several share the win)
  readonly playingOn: boolean; // ties "playOn": the end was reached with a tie for lowest
  readonly next: { readonly index: number; readonly dealer: number; readonly passOffset: number } | null;
}

/** Scores one hand under the rules, from the totals before it (the moon rule may depend on them). */
export function scoreEntry(
  rules: Rules,
  entry: HandEntry,
  before: readonly number[],
  handsDone: number,
): { points: number[]; moonCounted: MoonChoice | null } {
  const taken = entry.taken.map((t, s) => t + (entry.jack === s ? rules.jackOfDiamonds : 0));
  const shooter = entry.shooter ?? -1;
  const { points, counted } = scoreHand(
    rules,
    compiledRules(rules),
    taken,
    shooter,
    before,
    handsDone,
    entry.moonChoice,
  );
  return { points, moonCounted: counted };
}

/** Running totals, leaders, the end of the game and the next hand's dealer and pass, from the entries. */
export function standing(pad: Pad): Standing {
  const { rules } = pad;
  const n = rules.players;
  let totals: number[] = new Array<number>(n).fill(0);
  let final: number[] | null = null;
  let winners: number[] = [];
  let playingOn = false;
  const lines: HandLine[] = [];
  for (let index = 0; index < pad.hands.length; index++) {
    const entry = pad.hands[index]!;
    const afterEnd = final !== null;
    const { points, moonCounted } = scoreEntry(rules, entry, totals, index + 1);
    totals = totals.map((t, s) => t + points[s]!);
    const end = gameEnd(rules, totals, index + 1);
    const leaders = [...end.leaders];
    let ends = false;
    if (!afterEnd) {
      ends = end.over;
      playingOn = end.playingOn;
      if (ends) {
        final = totals;
        winners = [...end.winners];
      }
    }
    const dealer = dealerOfHand(rules, index);
    lines.push({
      index,
      dealer,
      passOffset: passOffset(rules, index),
      entry,
      points,
      moonCounted,
      totals,
      leaders,
      ends,
      afterEnd,
    });
  }
  const now: number[] = final ?? totals;
  const over = final !== null;
  const index = pad.hands.length;
  return {
    lines,
    totals: now,
    leaders: pad.hands.length === 0 ? [] : [...gameEnd(rules, now, pad.hands.length).leaders],
    over,
    winners,
    playingOn: !over && playingOn,
    next: over ? null : { index, dealer: dealerOfHand(rules, index), passOffset: passOffset(rules, index) },
  };
}

const trimName = (s: unknown): string | null => {
  if (typeof s !== 'string') return null;
  const t = s.trim().replace(/\s+/g, ' ');
  return t.length >= 1 && t.length <= MAX_NAME ? t : null;
};

/** Checks a pad's name and players' names; gives them tidied (trimmed, inner spaces collapsed). */
function checkNames(
  name: unknown,
  players: unknown,
): Result<{ name: string; players: string[] }, PadProblem> {
  const padName = trimName(name);
  if (padName === null) return err({ code: 'ERR_NAME' });
  if (!Array.isArray(players) || players.length < MIN_PLAYERS || players.length > MAX_PLAYERS)
    return err({ code: 'ERR_RULES', option: 'players', message: 'a pad has 3 to 6 players' });
  const names: string[] = [];
  for (let p = 0; p < players.length; p++) {
    const nm = trimName(players[p]);
    if (nm === null) return err({ code: 'ERR_PLAYER_NAME', player: p });
    if (names.some((o) => o.toLocaleLowerCase() === nm.toLocaleLowerCase()))
      return err({ code: 'ERR_NAME_TWICE', player: p });
    names.push(nm);
  }
  return ok({ name: padName, players: names });
}

export interface NewPad {
  readonly id: string;
  readonly name: string;
  readonly players: readonly string[]; // 3 to 6, in seating order to the left, the first dealer first
  readonly rules: Partial<Rules>; // options; `players` follows the names
  readonly now: number;
}

/** A new, empty pad, or why it cannot be made. */
export function createPad(input: NewPad): Result<Pad, PadProblem> {
  const names = checkNames(input.name, input.players);
  if (!names.ok) return names;
  const rules = parseRules({ ...input.rules, players: names.value.players.length });
  if (!rules.ok) return err({ code: 'ERR_RULES', option: rules.error.option, message: rules.error.message });
  return ok({
    id: input.id,
    name: names.value.name,
    players: names.value.players,
    rules: rules.value,
    hands: [],
    created: input.now,
    updated: input.now,
  });
}

/** The value of a result that cannot fail (tests and examples); throws with the problem otherwise. */
export function unwrapPad<T>(r: Result<T, PadProblem | HandProblem>): T {
  if (!r.ok) throw new Error(`score pad: ${JSON.stringify(r.error)}`);
  return r.value;
}

/** Adds the next hand, unless it is refused or the game is over. */
export function addHand(pad: Pad, draft: HandDraft, now: number): Result<Pad, HandProblem> {
  if (standing(pad).over) return problem({ code: 'ERR_GAME_OVER' });
  const entry = checkHand(pad.rules, draft);
  if (!entry.ok) return entry;
  return ok({ ...pad, hands: [...pad.hands, entry.value], updated: now });
}

/** Corrects an earlier hand; every hand after it is scored anew. */
export function replaceHand(
  pad: Pad,
  index: number,
  draft: HandDraft,
  now: number,
): Result<Pad, HandProblem> {
  if (!Number.isInteger(index) || index < 0 || index >= pad.hands.length)
    return problem({ code: 'ERR_NO_HAND' });
  const entry = checkHand(pad.rules, draft);
  if (!entry.ok) return entry;
  const hands = pad.hands.slice();
  hands[index] = entry.value;
  return ok({ ...pad, hands, updated: now });
}

/** Deletes a hand (one entered by mistake); the hands after it move up. */
export function removeHand(pad: Pad, index: number, now: number): Result<Pad, HandProblem> {
  if (!Number.isInteger(index) || index < 0 || index >= pad.hands.length)
    return problem({ code: 'ERR_NO_HAND' });
  return ok({ ...pad, hands: pad.hands.filter((_, i) => i !== index), updated: now });
}

export function renamePad(pad: Pad, name: string, now: number): Result<Pad, PadProblem> {
  const nm = trimName(name);
  if (nm === null) return err({ code: 'ERR_NAME' });
  return ok({ ...pad, name: nm, updated: now });
}

/** A pad as JSON (`hearts-pad/1`): the entries, and the scores derived from them for readers. */
export interface PadJson {
  readonly format: typeof PAD_FORMAT;
  readonly id: string;
  readonly name: string;
  readonly players: readonly string[];
  readonly rules: Partial<Rules>; // the options that differ from the standard rules
  readonly hands: readonly (HandEntry & { readonly points: readonly number[] })[];
  readonly totals: readonly number[];
  readonly over: boolean;
  readonly winners: readonly string[];
  readonly created: string; // ISO 8601
  readonly updated: string;
}

export function padToJson(pad: Pad): PadJson {
  const st = standing(pad);
  return {
    format: PAD_FORMAT,
    id: pad.id,
    name: pad.name,
    players: pad.players,
    rules: rulesDiff(pad.rules),
    hands: pad.hands.map((h, i) => ({ ...h, points: st.lines[i]!.points })),
    totals: st.totals,
    over: st.over,
    winners: st.winners.map((s) => pad.players[s]!),
    created: new Date(pad.created).toISOString(),
    updated: new Date(pad.updated).toISOString(),
  };
}

const isRecord = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x);

const formatError = (message: string): Result<never, PadProblem> => err({ code: 'ERR_FORMAT', message });

function parseTime(v: unknown): number | null {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v !== 'string') return null;
  const t = Date.parse(v);
  return Number.isNaN(t) ? null : t;
}

/**
 * Reads a pad from JSON as {@link padToJson} writes it (a file, or the device store). Every hand is checked
 * against the rules; the derived scores in the input are ignored and computed anew.
 */
export function parsePad(input: unknown): Result<Pad, PadProblem> {
  if (!isRecord(input)) return formatError('a score pad must be a JSON object');
  if (input['format'] !== PAD_FORMAT) return formatError(`not a score pad: "format" must be "${PAD_FORMAT}"`);
  const id = input['id'];
  if (typeof id !== 'string' || id.length === 0 || id.length > 100)
    return formatError('"id" must be a non-empty string');
  const created = parseTime(input['created']);
  const updated = parseTime(input['updated']);
  if (created === null || updated === null) return formatError('"created" and "updated" must be dates');
  const rules = input['rules'] ?? {};
  if (!isRecord(rules)) return formatError('"rules" must be an object');
  const players = input['players'];
  if (rules['players'] !== undefined && (!Array.isArray(players) || rules['players'] !== players.length))
    return formatError('"rules.players" does not match the number of players');
  const pad = createPad({
    id,
    name: input['name'] as string,
    players: players as string[],
    rules,
    now: created,
  });
  if (!pad.ok) return pad;
  const hands = input['hands'];
  if (!Array.isArray(hands)) return formatError('"hands" must be a list');
  const entries: HandEntry[] = [];
  for (let i = 0; i < hands.length; i++) {
    const h: unknown = hands[i];
    if (!isRecord(h)) return formatError(`hand ${i + 1} must be an object`);
    const choice = h['moonChoice'] ?? null;
    if (choice !== null && choice !== 'minus' && choice !== 'plus')
      return formatError(`hand ${i + 1}: "moonChoice" must be "minus", "plus" or null`);
    const entry = checkHand(pad.value.rules, {
      taken: h['taken'] as (number | null)[],
      shooter: (h['shooter'] ?? null) as number | null,
      moonChoice: choice,
      jack: (h['jack'] ?? null) as number | null,
    });
    if (!entry.ok) return err({ code: 'ERR_HAND', hand: i, problem: entry.error });
    entries.push(entry.value);
  }
  return ok({ ...pad.value, hands: entries, updated });
}
