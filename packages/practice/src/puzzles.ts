/**
 * The puzzle library (docs/puzzles.md): positions from the bots' games and finished live games where one answer is
 * clearly better than every other by the expert's evaluation ("find the best card"). One type for the library the
 * server ships (`hearts puzzles build` writes it, packages/server/data/puzzles.jsonl.gz) and its check; whether a
 * move solves a puzzle, the option it is and the line it takes; the themes and the rules that find them; the
 * library's file format. What a player is shown and answered on the wire is `@hearts/protocol/http/puzzles`.
 *
 * ```ts
 * const lib = parseLibrary(gunzipSync(bytes).toString('utf8'));
 * if (lib.ok) for (const p of lib.value.puzzles) isSolution(p, [p.solution[0]!]); // true
 * ```
 */
import * as z from 'zod/mini';
import {
  sameCards,
  trickWinner,
  type CardName,
  type Observation,
  type Rules,
  type TrickView,
} from '@hearts/engine';
import { card, cards, points } from '@hearts/protocol/http/atoms';
import {
  PUZZLE_THEMES,
  puzzleOptionSchema,
  type PuzzleQuestion,
  type PuzzleTheme,
} from '@hearts/protocol/http/puzzles';
import { completeRules, observationSchema, positionId } from '@hearts/protocol/http/training';

/** Where a puzzle's position comes from: the bots' self-play, or a finished live game (its players never named). */
export const PUZZLE_SOURCES = ['bots', 'live'] as const;
export type PuzzleSource = (typeof PUZZLE_SOURCES)[number];

/** The bot levels whose finding a puzzle gives its starting rating, weakest first (`LEVELS` of @hearts/bots). */
export const FINDER_LEVELS = ['random', 'easy', 'medium', 'hard', 'expert'] as const;

/** The library's format name (the first line of the file). */
export const PUZZLE_FORMAT = 'hearts-puzzles/1';

/** One option of a puzzle: the move, the cards it stands for (plays: equal in effect), its expected points. */
export interface PuzzleOption {
  readonly move: readonly CardName[]; // a play: one card; a pass: the cards passed
  readonly cards: readonly CardName[]; // a play: every card this option stands for; a pass: the cards passed
  readonly points: number; // the seat's expected points for the hand (lower is better), two decimals
}

/** One option's line on the deal the explanation shows. */
export interface PuzzleLineOption {
  readonly leader: number; // the seat that led the trick the line starts in
  readonly plays: readonly CardName[]; // a play: from the option's card to the hand's end; a pass: the whole hand
  readonly points: readonly number[]; // the points each seat took in cards in that line (before the moon rule)
  readonly plan: 'normal' | 'shoot'; // the seat's plan the option was played out with (its better one)
  /** Over the deals the line was chosen from: how often the seat shot the moon, and how often another seat did. */
  readonly moon: readonly [mine: number, others: number];
}

/**
 * The line the evaluation expected: every option played out on one imagined deal of the unseen cards (sampled
 * from what the seat knew, never the real cards), chosen as the deal whose outcomes lie closest to the options'
 * expected points among those where the best option does best.
 */
export interface PuzzleLine {
  readonly received: readonly CardName[] | null; // a pass: the cards the seat received on that deal
  readonly options: readonly PuzzleLineOption[]; // in the order of the puzzle's options
}

/** How often the bots of one level found the answer (a starting rating is fitted to these). */
export interface PuzzleFinds {
  readonly level: (typeof FINDER_LEVELS)[number];
  readonly found: number;
  readonly tries: number;
}

/** A puzzle of the library: the position (the seat's view only), its answer and explanation, its starting rating. */
export interface Puzzle {
  readonly id: string; // puzzleId(observation): the same position is the same puzzle, wherever it was found
  readonly source: PuzzleSource;
  readonly kind: 'play' | 'pass';
  readonly observation: Observation; // the seat's own view at the decision (the engine's observation() cut)
  /** A pass: the sets to choose from (in card order, never best first); a play: null (any legal card). */
  readonly choices: readonly (readonly CardName[])[] | null;
  readonly solution: readonly CardName[]; // a play: every right card (the best and its equals); a pass: the right set
  readonly options: readonly PuzzleOption[]; // a play: every legal card; a pass: every choice; best first
  readonly gap: number; // expected points the best option is ahead of the next, two decimals (≥ the build's margin)
  readonly line: PuzzleLine;
  readonly themes: readonly PuzzleTheme[];
  readonly rating: number; // the starting rating (Glicko-2 scale), fitted to `finds`
  readonly rd: number; // its rating deviation
  readonly finds: readonly PuzzleFinds[]; // one per FINDER_LEVELS level, in that order
}

const lineOptionSchema = z.object({
  leader: z.int().check(z.minimum(0), z.maximum(5)),
  plays: z.array(card).check(z.maxLength(52)),
  points: z.array(points).check(z.maxLength(6)),
  plan: z.enum(['normal', 'shoot']),
  moon: z.tuple([z.number().check(z.gte(0), z.lte(1)), z.number().check(z.gte(0), z.lte(1))]),
});

const shape = z.object({
  id: z.string().check(z.regex(/^p[0-9a-f]{16}$/)),
  source: z.enum(PUZZLE_SOURCES),
  kind: z.enum(['play', 'pass']),
  observation: observationSchema,
  choices: z.nullable(z.array(cards).check(z.minLength(2), z.maxLength(6))),
  solution: cards.check(z.minLength(1)),
  options: z.array(puzzleOptionSchema).check(z.minLength(2), z.maxLength(20)),
  gap: z.number().check(z.gt(0), z.lte(1000)),
  line: z.object({
    received: z.nullable(cards),
    options: z.array(lineOptionSchema).check(z.maxLength(20)),
  }),
  themes: z.array(z.enum(PUZZLE_THEMES)).check(z.maxLength(PUZZLE_THEMES.length)),
  rating: z.number().check(z.gte(0), z.lte(4000)),
  rd: z.number().check(z.gt(0), z.lte(500)),
  finds: z
    .array(
      z.object({
        level: z.enum(FINDER_LEVELS),
        found: z.int().check(z.minimum(0)),
        tries: z.int().check(z.minimum(1)),
      }),
    )
    .check(z.length(FINDER_LEVELS.length)),
});

/** Why a puzzle does not hang together, or null: the checks beyond the shape. */
export function puzzleProblem(p: z.output<typeof shape>): string | null {
  const o = p.observation as Observation;
  if (p.id !== puzzleId(o)) return 'id: not the id of its observation';
  if (p.kind !== o.phase) return 'kind: not the observation’s phase';
  if (o.players !== o.rules.players || o.seat >= o.players) return 'observation: no such seat';
  if (p.kind === 'play' && o.turn !== o.seat) return 'observation: not the seat’s turn';
  const legal = new Set(o.legal);
  const want = p.kind === 'pass' ? o.rules.passCards : 1;
  for (const m of [...p.options.map((x) => x.move), ...(p.choices ?? [])]) {
    if (m.length !== want) return `a move of ${m.length} cards where ${want} are chosen`;
    if (new Set(m).size !== m.length || m.some((c) => !legal.has(c))) return 'a move that is not legal';
  }
  for (let i = 1; i < p.options.length; i++)
    if (p.options[i]!.points < p.options[i - 1]!.points) return 'options: not best first';
  if (p.kind === 'play') {
    if (p.choices !== null) return 'choices: a play takes any legal card';
    const covered = p.options.flatMap((x) => x.cards);
    if (covered.length !== legal.size || !covered.every((c) => legal.has(c)))
      return 'options: not every legal card once';
    if (!sameCards(p.solution, p.options[0]!.cards)) return 'solution: not the best option’s cards';
  } else {
    if (p.choices === null || p.choices.length !== p.options.length) return 'choices: one per option';
    if (!p.options.every((x) => p.choices!.some((c) => sameCards(c, x.move))))
      return 'choices: not the options';
    if (!sameCards(p.solution, p.options[0]!.move)) return 'solution: not the best option';
  }
  if (p.line.options.length !== p.options.length) return 'line: one per option';
  if (p.line.received !== null && p.kind !== 'pass') return 'line: received cards belong to a pass';
  return null;
}

/** A puzzle as stored and served: its shape, and that it hangs together ({@link puzzleProblem}). */
export const puzzleSchema = shape.check(
  z.superRefine((p, ctx) => {
    const problem = puzzleProblem(p);
    if (problem !== null) ctx.addIssue({ code: 'custom', message: problem, input: p });
  }),
) as unknown as z.ZodMiniType<Puzzle>;

/** Reads a puzzle: the puzzle, or what is wrong with it (the first issue). */
export function readPuzzle(x: unknown): { ok: true; value: Puzzle } | { ok: false; error: string } {
  const r = puzzleSchema.safeParse(x);
  if (r.success) return { ok: true, value: r.data };
  const issue = r.error.issues[0];
  return {
    ok: false,
    error: issue ? `${issue.path.join('.') || 'puzzle'}: ${issue.message}` : 'not a puzzle',
  };
}

/** A position's puzzle id: the training position's hash of the decision (`positionId`), marked as a puzzle. */
export const puzzleId = (o: Observation): string => `p${positionId(o).slice(1)}`;

/** Whether a move solves the puzzle: a play of one of its right cards, or exactly its set to pass. */
export function isSolution(p: Puzzle, move: readonly CardName[]): boolean {
  return p.kind === 'play'
    ? move.length === 1 && p.solution.includes(move[0]!)
    : new Set(move).size === move.length && sameCards(move, p.solution);
}

/** The option a move is (a play: the option of its card; a pass: the option of that set), or null. */
export function puzzleOptionOf(p: Puzzle, move: readonly CardName[]): number {
  return p.kind === 'play'
    ? p.options.findIndex((o) => move.length === 1 && o.cards.includes(move[0]!))
    : p.options.findIndex((o) => sameCards(o.move, move));
}

/**
 * An option's line as tricks (each with its leader, cards and, once complete, its winner, by the engine's
 * `trickWinner`): a play's line goes on from the trick being played, a pass's starts the hand.
 */
export function lineTricks(p: Puzzle, option: number): TrickView[] {
  const line = p.line.options[option];
  if (!line) return [];
  const n = p.observation.players;
  const out: TrickView[] = [];
  let trick: { leader: number; cards: CardName[] } = {
    leader: line.leader,
    cards: p.kind === 'play' ? [...(p.observation.trick?.cards ?? [])] : [],
  };
  for (const c of line.plays) {
    trick.cards.push(c);
    if (trick.cards.length === n) {
      const winner = trickWinner(trick, n);
      out.push({ ...trick, winner });
      trick = { leader: winner, cards: [] };
    }
  }
  if (trick.cards.length > 0) out.push(trick);
  return out;
}

/** What the themes are found from: the puzzle's position and answer, and how often each option ends in a moon. */
export interface ThemeFacts {
  readonly kind: 'play' | 'pass';
  readonly observation: Observation;
  readonly options: readonly PuzzleOption[]; // best first
  readonly bestPlan: 'normal' | 'shoot'; // the seat's plan that gave the best option its value
  readonly moonMine: readonly number[]; // per option: the share of deals on which the seat shot the moon
  readonly moonOthers: readonly number[]; // per option: … on which another seat did
}

const suitOf = (c: CardName): string => c[1]!;
const RANK_ORDER = '23456789TJQKA';
const rankOf = (c: CardName): number => RANK_ORDER.indexOf(c[0]!);
/** A moon swings the seat's points by 13 or more against the table (docs/analysis.md): what a share of it is worth. */
const MOON_SWING = 13;
/** Tricks complete before a card still counts as voiding a suit early. */
const EARLY_TRICKS = 4;

/**
 * The themes a puzzle teaches, by rules on its position and answer (tested in puzzles.test.ts):
 * - `duck`: following suit, the best card stays under the trick's winning card while a card that would win it was
 *   at hand.
 * - `dumpQueen`: the best play gets rid of the Q♠ on a trick the seat does not win (void in the suit led, or
 *   under a higher spade); the best pass passes it.
 * - `voidEarly`: within the first tricks, the best card is the last of its suit in the hand (not hearts); the best
 *   pass passes every card of a suit but hearts.
 * - `moonDefence`: the next best option lets another seat shoot the moon clearly more often, and that accounts for
 *   at least half of what it is behind.
 * - `shootMoon`: the best option is worth its value under the seat's own moon plan, or shoots clearly more often
 *   than the next best, and that accounts for at least half of the gap.
 * - `pass`: every pass puzzle.
 */
export function puzzleThemes(f: ThemeFacts): PuzzleTheme[] {
  const out = new Set<PuzzleTheme>();
  const o = f.observation;
  const best = f.options[0]!;
  const next = f.options[1];
  const gap = next ? next.points - best.points : 0;
  const explains = (share: number) => share >= 0.05 && share * MOON_SWING >= gap / 2;
  if (f.kind === 'pass') {
    out.add('pass');
    if (best.move.includes('QS')) out.add('dumpQueen');
    for (const suit of ['C', 'D', 'S'])
      if (
        o.hand.some((c) => suitOf(c) === suit) &&
        o.hand.filter((c) => suitOf(c) === suit).every((c) => best.move.includes(c))
      )
        out.add('voidEarly');
  } else {
    const trick = o.trick?.cards ?? [];
    const led = trick.length > 0 ? suitOf(trick[0]!) : null;
    if (led !== null && best.cards.every((c) => suitOf(c) === led)) {
      const high = Math.max(...trick.filter((c) => suitOf(c) === led).map(rankOf));
      if (
        best.cards.every((c) => rankOf(c) < high) &&
        o.legal.some((c) => suitOf(c) === led && rankOf(c) > high)
      )
        out.add('duck');
    }
    if (
      best.cards.includes('QS') &&
      led !== null &&
      (led !== 'S' || trick.some((c) => c === 'AS' || c === 'KS'))
    )
      out.add('dumpQueen');
    const suit = suitOf(best.move[0]!);
    if (
      o.tricks.length <= EARLY_TRICKS &&
      suit !== 'H' &&
      o.hand.filter((c) => suitOf(c) === suit).length === 1
    )
      out.add('voidEarly');
  }
  if (next) {
    if (explains(f.moonOthers[1]! - f.moonOthers[0]!)) out.add('moonDefence');
    if (f.bestPlan === 'shoot' || explains(f.moonMine[0]! - f.moonMine[1]!)) out.add('shootMoon');
  }
  return PUZZLE_THEMES.filter((t) => out.has(t));
}

/** The library's first line: what it is and how it was built. */
export interface LibraryHeader {
  readonly format: typeof PUZZLE_FORMAT;
  readonly rules: Rules; // every puzzle's rules (its observation's `rules`, kept once here)
  readonly count: number;
  readonly build: Readonly<Record<string, string | number>>; // the build's seed and settings, to build it again
}

const headerSchema = z.object({
  format: z.literal(PUZZLE_FORMAT),
  rules: completeRules,
  count: z.int().check(z.minimum(0)),
  build: z.record(z.string(), z.union([z.string(), z.number()])),
});

/**
 * A library as text: the header line, then one puzzle a line in the given order — without its rules (the
 * header's), and each line's plays written as one string of card names ("2C5CAC…").
 */
export function makeLibrary(
  header: Omit<LibraryHeader, 'format' | 'count'>,
  puzzles: readonly Puzzle[],
): string {
  const head: LibraryHeader = {
    format: PUZZLE_FORMAT,
    rules: header.rules,
    count: puzzles.length,
    build: header.build,
  };
  const lines = puzzles.map((p) => {
    if (JSON.stringify(p.observation.rules) !== JSON.stringify(header.rules))
      throw new Error(`puzzle ${p.id}: rules other than the library's`);
    const observation = Object.fromEntries(Object.entries(p.observation).filter(([k]) => k !== 'rules'));
    const line = { ...p.line, options: p.line.options.map((o) => ({ ...o, plays: o.plays.join('') })) };
    return JSON.stringify({ ...p, observation, line });
  });
  return [JSON.stringify(head), ...lines].join('\n') + '\n';
}

/** Reads a library ({@link makeLibrary}'s text): every puzzle checked, or the first line that is wrong. */
export function parseLibrary(
  text: string,
): { ok: true; value: { header: LibraryHeader; puzzles: Puzzle[] } } | { ok: false; error: string } {
  const lines = text.split('\n').filter((l) => l.length > 0);
  const head = safeJson(lines[0]);
  const h = headerSchema.safeParse(head);
  if (!h.success) return { ok: false, error: `line 1: not a ${PUZZLE_FORMAT} header` };
  const header = h.data as LibraryHeader;
  if (lines.length - 1 !== header.count)
    return { ok: false, error: `${lines.length - 1} puzzles where the header says ${header.count}` };
  const puzzles: Puzzle[] = [];
  const ids = new Set<string>();
  for (let i = 1; i < lines.length; i++) {
    const p = readPuzzle(unpack(safeJson(lines[i]), header.rules));
    if (!p.ok) return { ok: false, error: `line ${i + 1}: ${p.error}` };
    if (ids.has(p.value.id)) return { ok: false, error: `line ${i + 1}: puzzle ${p.value.id} twice` };
    ids.add(p.value.id);
    puzzles.push(p.value);
  }
  return { ok: true, value: { header, puzzles } };
}

/** A puzzle line as {@link makeLibrary} packs it, unpacked (anything else is left for the schema to refuse). */
function unpack(x: unknown, rules: Rules): unknown {
  if (typeof x !== 'object' || x === null) return x;
  const p = x as { observation?: unknown; line?: { options?: unknown } };
  const options = Array.isArray(p.line?.options)
    ? (p.line.options as unknown[]).map((o) =>
        typeof o === 'object' && o !== null && typeof (o as { plays?: unknown }).plays === 'string'
          ? { ...o, plays: (o as { plays: string }).plays.match(/../g) ?? [] }
          : o,
      )
    : p.line?.options;
  return {
    ...p,
    observation: typeof p.observation === 'object' ? { rules, ...p.observation } : p.observation,
    line: typeof p.line === 'object' ? { ...p.line, options } : p.line,
  };
}

function safeJson(line: string | undefined): unknown {
  try {
    return line === undefined ? null : JSON.parse(line);
  } catch {
    return null;
  }
}

/** The question of a puzzle (what is shown before the answer). */
export const questionOf = (p: Puzzle, rating: number): PuzzleQuestion => ({
  id: p.id,
  kind: p.kind,
  observation: p.observation,
  choices: p.choices,
  rating: Math.round(rating),
});
