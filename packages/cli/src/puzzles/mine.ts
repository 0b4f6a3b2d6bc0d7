/**
 * Puzzles from one game: every decision of every seat is a candidate; a play with at least
 * {@link MIN_PLAYS} different cards (or a pass) is screened by the expert's evaluation, and one whose best option
 * is ahead of every other by the margin is evaluated again on other deals (a second seed) and kept only if the
 * same option is best there by the margin too. A kept position gets its line, its themes and the bots' find
 * rates. Everything is seeded by the build's seed and the decision's place, so a game's puzzles do not depend on
 * which other games are mined, nor on the worker that mines them.
 */
import {
  countedBot,
  createBot,
  distinctPlays,
  evaluatePass,
  evaluatePlay,
  passFindRates,
  passLines,
  passSets,
  playFindRates,
  playLines,
  type ExpectedLines,
  type FindRate,
  type Level,
  type OptionsEvaluation,
  type RatedOption,
} from '@hearts/bots';
import {
  applyMove,
  dealRandom,
  makeCard,
  newGame,
  observation,
  parseCard,
  parseNamedMove,
  sameCards,
  seatsToAct,
  seededRandom,
  type Card,
  type CardName,
  type GameState,
  type Observation,
  type Rules,
} from '@hearts/engine';
import {
  puzzleId,
  puzzleThemes,
  type PuzzleLine,
  type PuzzleOption,
  type PuzzleSource,
} from '@hearts/practice/puzzles';
import type { PuzzleTheme } from '@hearts/protocol/http/puzzles';

/** A play needs at least this many different cards to be a puzzle: a guess finds it a third of the time at most. */
export const MIN_PLAYS = 3;
/** The sets of cards to pass that the expert's heuristic offers for evaluation (as the analysis rates passes). */
const PASS_SETS = 12;
/** A pass puzzle offers this many sets at most (the right one among them). */
const PASS_CHOICES = 4;

/** The build's settings that decide what a game gives. */
export interface MineSettings {
  readonly seed: string;
  readonly margin: number; // expected points the best option must be ahead of every other, in both evaluations
  readonly screenDeals: { readonly minDeals: number; readonly maxDeals: number }; // the first evaluation
  readonly verifyDeals: number; // the second evaluation (every option, every deal)
  readonly passDeals: number; // deals per pass evaluation
  readonly lineDeals: number; // deals the line is chosen from
  readonly perHand: number; // puzzles kept from one hand at most
}

/** A puzzle as mined, before its starting rating is fitted (the rating needs every puzzle's finds). */
export interface MinedPuzzle {
  readonly id: string;
  readonly source: PuzzleSource;
  readonly kind: 'play' | 'pass';
  readonly observation: Observation;
  readonly choices: CardName[][] | null;
  readonly solution: CardName[];
  readonly options: PuzzleOption[];
  readonly gap: number;
  readonly line: PuzzleLine;
  readonly themes: PuzzleTheme[];
  readonly finds: FindRate[];
}

/** The two evaluations of a position that reached the second: the figures of the margin's noise. */
export interface NoisePair {
  readonly kind: 'play' | 'pass';
  readonly first: number; // the gap in the first evaluation
  readonly firstSe: number; // its standard error
  readonly second: number; // … in the second (between the same two options where the first's best stayed best)
  readonly secondSe: number;
  readonly sameBest: boolean;
}

/** What one game gave. */
export interface GameYield {
  readonly game: number;
  readonly puzzles: MinedPuzzle[];
  readonly noise: NoisePair[];
  readonly decisions: number; // decisions looked at (plays with enough different cards, passes evaluated)
  readonly screened: number; // … that passed the first evaluation
}

/** The seats' bots in game `g` of the self-play: a mix of levels, rotated from game to game. */
const MIX: readonly Level[] = ['easy', 'medium', 'hard', 'medium'];

const r2 = (x: number): number => Math.round(x * 100) / 100;
const names = (cards: readonly Card[]): CardName[] => cards.map(makeCard);

function unwrap<E>(r: { ok: true; value: GameState } | { ok: false; error: E }): GameState {
  if (!r.ok) throw new Error(`internal: ${JSON.stringify(r.error)}`);
  return r.value;
}

/** The decisions of one self-play game of the build, with each seat's observation at it, in the order of play. */
export function* selfPlayDecisions(seed: string, game: number): Generator<Observation> {
  const rng = seededRandom(`${seed}:game:${game}`);
  // The search bots on a counting clock: the game depends on the seed alone.
  const bots = MIX.map((_, s) => countedBot(MIX[(s + game) % MIX.length]!));
  let g = unwrap(newGame({ players: 4 }));
  while (g.phase !== 'gameOver') {
    if (g.phase === 'deal') {
      g = dealRandom(g, rng);
      continue;
    }
    for (const seat of seatsToAct(g)) {
      const obs = observation(g, seat);
      if (obs.phase !== 'moon') yield obs;
      const decision = bots[seat]!.decide(obs, { timeMs: 400, random: rng });
      const move = parseNamedMove(decision);
      if (!move.ok) throw new Error(`internal: a bot answered ${JSON.stringify(decision)}`);
      g = unwrap(applyMove(g, seat, move.value));
    }
  }
}

/** Whether a position's rules are the standard ones a puzzle is set under (four players; the target may differ). */
export function puzzleRules(rules: Rules, standard: Rules): boolean {
  return Object.entries(standard).every(
    ([k, v]) =>
      k === 'targetScore' ||
      k === 'handsToPlay' ||
      JSON.stringify(rules[k as keyof Rules]) === JSON.stringify(v),
  );
}

/**
 * The puzzles of a stream of decisions (one game's, in order): `key` names the game in the seeds (the build's
 * game number, or a live game's place in the database), `source` where the positions come from.
 */
export function minePositions(
  decisions: Iterable<Observation>,
  key: string,
  source: PuzzleSource,
  s: MineSettings,
): Omit<GameYield, 'game'> {
  const puzzles: MinedPuzzle[] = [];
  const noise: NoisePair[] = [];
  const perHand = new Map<number, number>();
  let decisionsSeen = 0;
  let screened = 0;
  for (const obs of decisions) {
    if ((perHand.get(obs.handNumber) ?? 0) >= s.perHand) continue;
    const place = `${s.seed}:${key}:${obs.handNumber}:${obs.seat}:${obs.tricks.length}:${obs.trick?.cards.length ?? 0}`;
    let mined: MinedPuzzle | null = null;
    if (obs.phase === 'play') {
      if (obs.legal.length < MIN_PLAYS || distinctPlays(obs) < MIN_PLAYS) continue;
      decisionsSeen++;
      const first = evaluatePlay(obs, `${place}:a`, s.screenDeals, s.margin);
      if (first.gap < s.margin) continue;
      screened++;
      const second = evaluatePlay(obs, `${place}:b`, { minDeals: s.verifyDeals, maxDeals: s.verifyDeals });
      const sameBest = second.options[0]!.cards[0] === first.options[0]!.cards[0];
      noise.push({
        kind: 'play',
        first: first.gap,
        firstSe: first.gapSe,
        second: gapTo(second, first.options[1]!),
        secondSe: second.options.find((o) => o.cards[0] === first.options[1]!.cards[0])?.se ?? 0,
        sameBest,
      });
      if (!sameBest || second.gap < s.margin) continue;
      mined = playPuzzle(obs, second, place, source);
    } else if (obs.phase === 'pass' && obs.passOffset !== 0 && obs.seat === obs.handNumber % obs.players) {
      // One seat's pass a hand (a pass costs a dozen evaluations of whole hands).
      decisionsSeen++;
      const menu = passMenu(obs, `${place}:a`, s);
      if (menu === null) continue;
      screened++;
      const second = evaluatePass(obs, `${place}:b`, menu.sets, s.passDeals * 2);
      const sameBest = sameCards(second.options[0]!.cards, menu.sets[0]!);
      const against = second.options.find((o) => sameCards(o.cards, menu.sets[1]!))!;
      noise.push({
        kind: 'pass',
        first: menu.gap,
        firstSe: menu.gapSe,
        second: against.points - second.options[0]!.points,
        secondSe: against.se,
        sameBest,
      });
      if (!sameBest || second.gap < s.margin) continue;
      mined = passPuzzle(obs, second, place, source);
    }
    if (mined) {
      puzzles.push(mined);
      perHand.set(obs.handNumber, (perHand.get(obs.handNumber) ?? 0) + 1);
    }
  }
  return { puzzles, noise, decisions: decisionsSeen, screened };
}

/** How far an option (by its cards) is behind the best in an evaluation. */
function gapTo(e: OptionsEvaluation, o: RatedOption): number {
  const same = e.options.find((x) => x.cards[0] === o.cards[0]);
  return same ? same.points - e.options[0]!.points : 0;
}

function playPuzzle(
  obs: Observation,
  e: OptionsEvaluation,
  place: string,
  source: PuzzleSource,
): MinedPuzzle {
  const lines = playLines(obs, e.options, `${place}:line`, 200);
  const options = e.options.map((o) => ({
    move: [makeCard(o.cards[0]!)],
    cards: names(o.cards),
    points: r2(o.points),
  }));
  const solution = options[0]!.cards;
  return finish(
    obs,
    'play',
    null,
    solution,
    options,
    e,
    lines,
    playFindRates(obs, solution, `${place}:find`),
    source,
  );
}

/**
 * The sets a pass puzzle offers, best first: the heuristic's sets and the weaker bots' own passes evaluated; the
 * best, then up to three that are behind it by the margin — the bots' passes first (what a weaker player does),
 * then the closest in value. Null when fewer than two such sets exist.
 */
function passMenu(
  obs: Observation,
  seed: string,
  s: MineSettings,
): { sets: Card[][]; gap: number; gapSe: number } | null {
  const sets = passSets(obs, PASS_SETS);
  const bots: Card[][] = [];
  for (const level of ['easy', 'medium'] as const) {
    const d = createBot(level).decide(obs, { timeMs: 400, random: seededRandom(`${seed}:${level}`) });
    if (d.kind !== 'pass') continue;
    const set = d.cards.map((c) => parseCard(c)!);
    bots.push(set);
    if (!sets.some((x) => sameCards(x, set))) sets.push(set);
  }
  const e = evaluatePass(obs, seed, sets, s.passDeals);
  const best = e.options[0]!;
  const behind = e.options.filter((o) => o.points - best.points >= s.margin);
  const fromBots = behind.filter((o) => bots.some((b) => sameCards(b, o.cards)));
  const others = behind.filter((o) => !fromBots.includes(o));
  const menu = [...fromBots, ...others].slice(0, PASS_CHOICES - 1);
  if (menu.length < 2) return null;
  menu.sort((a, b) => a.points - b.points);
  return {
    sets: [best.cards as Card[], ...menu.map((o) => o.cards as Card[])],
    gap: menu[0]!.points - best.points,
    gapSe: menu[0]!.se,
  };
}

function passPuzzle(
  obs: Observation,
  e: OptionsEvaluation,
  place: string,
  source: PuzzleSource,
): MinedPuzzle {
  const lines = passLines(obs, e.options, `${place}:line`, 200);
  const options = e.options.map((o) => {
    const set = names(o.cards);
    return { move: set, cards: set, points: r2(o.points) };
  });
  const solution = options[0]!.move;
  // Offered in card order, so that the list's order tells nothing.
  const choices = options.map((o) => [...o.move]).sort((a, b) => order(a) - order(b));
  const finds = passFindRates(
    obs,
    options.map((o) => o.move),
    `${place}:find`,
  );
  return finish(obs, 'pass', choices, solution, options, e, lines, finds, source);
}

/** A set's place in card order (its cards' indexes, lowest first, as one number). */
const order = (set: readonly CardName[]): number =>
  set
    .map((c) => parseCard(c)!)
    .sort((a, b) => a - b)
    .reduce((x, c) => x * 52 + c, 0);

function finish(
  obs: Observation,
  kind: 'play' | 'pass',
  choices: CardName[][] | null,
  solution: CardName[],
  options: PuzzleOption[],
  e: OptionsEvaluation,
  lines: ExpectedLines,
  finds: FindRate[],
  source: PuzzleSource,
): MinedPuzzle {
  const themes = puzzleThemes({
    kind,
    observation: obs,
    options,
    bestPlan: e.options[0]!.plan,
    moonMine: lines.moonMine,
    moonOthers: lines.moonOthers,
  });
  return {
    id: puzzleId(obs),
    source,
    kind,
    observation: obs,
    choices,
    solution,
    options,
    gap: r2(e.gap),
    line: {
      received: lines.received ? names(lines.received) : null,
      options: lines.lines.map((l, i) => ({
        leader: l.leader,
        plays: names(l.plays),
        points: [...l.points],
        plan: e.options[i]!.plan,
        moon: [r2(lines.moonMine[i]!), r2(lines.moonOthers[i]!)] as const,
      })),
    },
    themes,
    finds,
  };
}
