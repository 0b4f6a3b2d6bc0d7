/**
 * `hearts bench --table`: what a move costs in the table core that both the server and the solo table run
 * (`TableDriver`: its queue, `applyEvent`, the move ids, clocks, the seats' messages), with no network and no
 * database, beside the engine alone applying the same moves. The difference is the table core's own work per move.
 *
 * Games are first played out on the engine (the random bot's decisions from the seed) and kept as deals and moves;
 * each is then replayed twice, timed: through the engine's `deal` and `applyMove`, and through a driver whose
 * append, deals and outbox answer at once and whose clocks are timers that never come due.
 *
 * ```ts
 * const r = await runTableBench(rules, 200, new SeededRandom(1)); // { moves, engineUs, tableUs, … }
 * ```
 */
import {
  applyMove,
  dealRandom,
  newGame,
  observation,
  parseNamedMove,
  seatsToAct,
  deal as dealHands,
  unwrap,
  type CardSet,
  type GameState,
  type RandomSource,
  type Rules,
  type Suit,
} from '@hearts/engine';
import { randomBot } from '@hearts/bots';
import {
  TableDriver,
  newTableState,
  unwrapState,
  type DriverPorts,
  type DriverTimes,
  type Outbox,
  type Scheduler,
  type StoredSeat,
} from '@hearts/table';
import type { WireMove } from '@hearts/protocol/socket';

/** One game played out on the engine: each hand's deal, and every decision in order. */
interface PlayedGame {
  readonly deals: { readonly hands: readonly CardSet[]; readonly sevenSuit: Suit | null }[];
  readonly moves: { readonly seat: number; readonly move: WireMove }[];
}

export interface TableBenchResult {
  games: number;
  moves: number; // decisions applied in each timed replay (passes, plays, moon choices)
  engineUs: number; // µs per move: the engine alone (deal, applyMove)
  tableUs: number; // µs per move: the same moves through the table core (the engine included)
  messages: number; // messages the table core sent per move (to seats, clocks, seats' status)
}

const TIMES: DriverTimes = {
  graceMs: 15_000,
  bankMs: 30_000,
  botDelayMs: 0,
  handPauseMs: 0,
  botTimeMs: 0,
  clockLevel: 'easy',
};

/** Plays a game to its end with the random bot's decisions, keeping its deals and moves. */
function playOut(rules: Rules, rng: RandomSource): PlayedGame {
  let state: GameState = unwrap(newGame(rules));
  const deals: PlayedGame['deals'] = [];
  const moves: PlayedGame['moves'] = [];
  while (state.phase !== 'gameOver') {
    if (state.phase === 'deal') {
      state = dealRandom(state, rng);
      const log = state.log[state.handNumber]!;
      deals.push({ hands: [...log.deal], sevenSuit: log.sevenSuit });
      continue;
    }
    const seat = seatsToAct(state)[0]!;
    const move = randomBot.decide(observation(state, seat), { timeMs: 0, random: rng });
    moves.push({ seat, move });
    state = unwrap(applyMove(state, seat, unwrap(parseNamedMove(move))));
  }
  return { deals, moves };
}

/** Replays a game on the engine alone: what every host pays for its moves. */
function replayEngine(rules: Rules, g: PlayedGame): void {
  let state: GameState = unwrap(newGame(rules));
  let d = 0;
  for (const { seat, move } of g.moves) {
    if (state.phase === 'deal') {
      const next = g.deals[d++]!;
      state = unwrap(dealHands(state, next.hands, next.sevenSuit));
    }
    state = unwrap(applyMove(state, seat, unwrap(parseNamedMove(move))));
  }
}

/** Timers that never come due, except those due at once (the next deal), which run as a microtask. */
const scheduler: Scheduler = {
  now: () => 1_000_000,
  after: (ms, fn) => {
    if (ms > 0) return () => undefined;
    let live = true;
    queueMicrotask(() => live && fn());
    return () => {
      live = false;
    };
  },
};

/** Replays a game through a table driver with a human in every seat; returns the messages it sent. */
async function replayTable(rules: Rules, g: PlayedGame, id: string): Promise<number> {
  let messages = 0;
  const count = (): void => {
    messages++;
  };
  const problems: unknown[] = [];
  const out: Outbox = {
    game: count,
    clock: count,
    seats: count,
    result: count,
    botFailed: (e) => problems.push(e),
    seatLost: count,
    problem: (m, e) => problems.push(e ?? m),
  };
  let d = 0;
  const ports: DriverPorts = {
    times: TIMES,
    scheduler,
    bots: { decide: () => Promise.reject(new Error('no bots at this table')) },
    append: () => Promise.resolve(),
    deal: () => ({ deal: () => Promise.resolve(g.deals[d++]!) }),
    out,
    finish: () => Promise.resolve({ scores: [], ranks: [], ratings: [], recordId: id }),
  };
  const seats: StoredSeat[] = Array.from({ length: rules.players }, (_, i) => ({
    kind: 'human',
    userId: `u${i}`,
    name: `Player ${i + 1}`,
    rating: null,
  }));
  const table = { id, kind: 'friends', rated: false, botLevel: 'easy' } as const;
  const driver = TableDriver.create(table, unwrapState(newTableState(rules, seats, TIMES)), ports);
  driver.begin();
  let n = 0;
  for (const { seat, move } of g.moves) {
    // The next hand is dealt by queued work that follows the last card; wait for it.
    for (let wait = 0; driver.game.phase === 'deal' && wait < 100; wait++) await driver.idle();
    const r = await driver.submit(seat, `m${n++}`, move);
    if (!r.ok) throw new Error(`the table refused a recorded move: ${r.error.message}`);
  }
  await driver.idle();
  driver.dispose();
  if (problems.length > 0) throw new Error(`the table reported a problem: ${String(problems[0])}`);
  if (driver.game.phase !== 'gameOver' || !driver.finished)
    throw new Error('the table did not finish its game');
  return messages;
}

const cpuUs = (): number => {
  const u = process.cpuUsage();
  return u.user + u.system;
};

/**
 * Plays `games` random games, then times them on the engine alone and through the table core, in turn, after a
 * warm-up of both. CPU time of this process (one thread: the driver's work is all microtasks, never idle).
 */
export async function runTableBench(
  rules: Rules,
  games: number,
  rng: RandomSource,
): Promise<TableBenchResult> {
  const played = Array.from({ length: games }, () => playOut(rules, rng));
  const warm = played.slice(0, Math.min(games, 20));
  for (const g of warm) replayEngine(rules, g);
  for (const [i, g] of warm.entries()) await replayTable(rules, g, `warm-${i}`);
  const moves = played.reduce((sum, g) => sum + g.moves.length, 0);
  let t0 = cpuUs();
  for (const g of played) replayEngine(rules, g);
  const engine = cpuUs() - t0;
  let messages = 0;
  t0 = cpuUs();
  for (const [i, g] of played.entries()) messages += await replayTable(rules, g, `t${i}`);
  const table = cpuUs() - t0;
  return { games, moves, engineUs: engine / moves, tableUs: table / moves, messages: messages / moves };
}
