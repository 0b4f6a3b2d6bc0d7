/**
 * A puzzle library for tests: real observations of seeded games (plays with at least three legal cards, and passes),
 * with a made-up evaluation that hangs together (every legal card an option, best first; a pass offered as four
 * sets), ratings spread from 1100 to 1900. The server treats it as it treats the shipped library.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import {
  applyMove,
  dealRandom,
  newGame,
  observation,
  parseNamedMove,
  seatsToAct,
  seededRandom,
  type CardName,
  type GameState,
  type NamedMove,
  type Observation,
  type Rules,
} from '@hearts/engine';
import { makeLibrary, puzzleId, readPuzzle, type Puzzle } from '@hearts/practice/puzzles';
import type { PuzzleTheme } from '@hearts/protocol/http/puzzles';

function unwrap(r: { ok: true; value: GameState } | { ok: false; error: unknown }): GameState {
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value;
}

const THEMES: readonly PuzzleTheme[][] = [['duck'], ['dumpQueen'], ['voidEarly', 'duck'], []];
const finds = [
  { level: 'random', found: 1, tries: 3 },
  { level: 'easy', found: 2, tries: 8 },
  { level: 'medium', found: 4, tries: 8 },
  { level: 'hard', found: 4, tries: 6 },
  { level: 'expert', found: 3, tries: 4 },
] as const;

function playPuzzle(obs: Observation, i: number): Puzzle {
  const options = obs.legal.map((c, k) => ({ move: [c], cards: [c], points: 1 + 1.5 * k }));
  const p = readPuzzle({
    id: puzzleId(obs),
    source: 'bots',
    kind: 'play',
    observation: obs,
    choices: null,
    solution: [obs.legal[0]!],
    options,
    gap: 1.5,
    line: {
      received: null,
      options: options.map((o) => ({
        leader: obs.trick?.leader ?? obs.seat,
        plays: [o.move[0]!],
        points: [0, 0, 0, 0],
        plan: 'normal',
        moon: [0, 0],
      })),
    },
    themes: THEMES[i % THEMES.length],
    rating: 1100 + ((i * 37) % 800),
    rd: 100,
    finds,
  });
  if (!p.ok) throw new Error(p.error);
  return p.value;
}

function passPuzzle(obs: Observation, i: number): Puzzle {
  const sets: CardName[][] = [0, 3, 6, 9].map((k) => obs.hand.slice(k, k + 3) as CardName[]);
  const p = readPuzzle({
    id: puzzleId(obs),
    source: 'bots',
    kind: 'pass',
    observation: obs,
    choices: sets,
    solution: sets[0],
    options: sets.map((s, k) => ({ move: s, cards: s, points: 3 + 1.2 * k })),
    gap: 1.2,
    line: {
      received: [],
      options: sets.map(() => ({ leader: 0, plays: [], points: [0, 0, 0, 0], plan: 'normal', moon: [0, 0] })),
    },
    themes: ['pass'],
    rating: 1300 + ((i * 53) % 500),
    rd: 120,
    finds,
  });
  if (!p.ok) throw new Error(p.error);
  return p.value;
}

/** `n` puzzles (about one in eight a pass) from seeded games. */
export function samplePuzzles(n: number, seed = 'puzzles'): Puzzle[] {
  const out: Puzzle[] = [];
  const ids = new Set<string>();
  for (let game = 0; out.length < n; game++) {
    const rng = seededRandom(`${seed}:${game}`);
    let g = dealRandom(unwrap(newGame({})), rng);
    while ((g.phase === 'pass' || g.phase === 'play') && out.length < n) {
      for (const seat of seatsToAct(g)) {
        const obs = observation(g, seat);
        const fits = obs.phase === 'pass' ? out.length % 8 === 7 : obs.legal.length >= 3;
        if (fits && out.length < n && !ids.has(puzzleId(obs))) {
          ids.add(puzzleId(obs));
          out.push(obs.phase === 'pass' ? passPuzzle(obs, out.length) : playPuzzle(obs, out.length));
        }
        const named: NamedMove =
          obs.phase === 'pass'
            ? { kind: 'pass', cards: obs.legal.slice(0, obs.rules.passCards) }
            : { kind: 'play', card: obs.legal[0]! };
        const move = parseNamedMove(named);
        if (!move.ok) throw new Error(String(move.error));
        g = unwrap(applyMove(g, seat, move.value));
      }
    }
  }
  return out;
}

/** Writes the puzzles as a library file (gzipped, as the build writes it); returns its path. */
export function writeLibrary(
  puzzles: readonly Puzzle[],
  dir = mkdtempSync(join(tmpdir(), 'hearts-puzzles-')),
): string {
  const rules = (newGame({}) as { ok: true; value: { rules: Rules } }).value.rules;
  const path = join(dir, 'puzzles.jsonl.gz');
  writeFileSync(path, gzipSync(makeLibrary({ rules, build: { seed: 'fixture' } }, puzzles)));
  return path;
}
