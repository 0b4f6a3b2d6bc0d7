/**
 * What the scripts that play hands against a field share (moon-timeline.js, moon-shots.js, moon-stops.js): their
 * options, the field's player, playing a hand out, replaying its passes, and its shooter.
 */
import { BOT_TIME_MS, parseBotSpec, playDecision } from '@hearts/bots';
import { applyMove, seatsToAct } from '@hearts/engine';
import { makePlayers, specProblem } from '../dist/players.js';

/** A script called wrongly (its options, a bot's name): said in one line by {@link runScript}, exit code 2. */
export class UsageError extends Error {}

/**
 * Runs a script's `main`: a {@link UsageError} is written as `name: message`, one line, and the exit code is 2;
 * any other error is a bug and keeps its stack.
 */
export async function runScript(name, main) {
  try {
    await main();
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    process.stderr.write(`${name}: ${e.message}\n`);
    process.exitCode = 2;
  }
}

/**
 * `--field BOT --hands N [--seed S] [--bot B]` (the bot defaults to the expert), and a script's own string options
 * with their defaults (`extra`, e.g. `{ from: 'passes' }` for `--from`); anything else throws `usage` as a
 * {@link UsageError}.
 */
export function parseHandArgs(argv, usage, extra = {}) {
  const o = { field: null, hands: 0, seed: 1, bot: 'expert', ...extra };
  for (let i = 0; i < argv.length; i += 2) {
    const [k, v] = [argv[i], argv[i + 1]];
    if (v === undefined) throw new UsageError(usage);
    if (k === '--field') o.field = v;
    else if (k === '--hands') o.hands = Number(v);
    else if (k === '--seed') o.seed = Number(v);
    else if (k === '--bot') o.bot = v;
    else if (k.startsWith('--') && Object.hasOwn(extra, k.slice(2))) o[k.slice(2)] = v;
    else throw new UsageError(usage);
  }
  if (!o.field || !(o.hands > 0)) throw new UsageError(usage);
  return o;
}

/**
 * A script's player from its bot spec, checked and made as the arena's players are (`specProblem`, `makePlayers`):
 * a level, a variant, or `cmd:…`, an external program over hearts-bot/1 (one process for all its seats; `close`
 * ends it). No `@ms`: the scripts play every seat at the default budget. A wrong spec is a {@link UsageError} that
 * names `option`.
 */
export function scriptPlayer(spec, option, clock = 'wall') {
  const budget = !specProblem(spec) && parseBotSpec(spec).timeMs !== null;
  const problem = budget
    ? `"${spec}": every seat plays at the default budget here (no @ms)`
    : specProblem(spec);
  if (problem) throw new UsageError(`${option}: ${problem}`);
  const { players, close } = makePlayers([spec], [spec], { graceMs: 120_000 }, clock);
  const player = players[0];
  return { name: player.name, decide: (obs, options) => player.decide(obs, options), close };
}

/** The field's player (`--field`): see {@link scriptPlayer}. */
export const fieldPlayer = (spec) => scriptPlayer(spec, '--field');

/**
 * Plays the hand of `state` to its end, seat s by `players[s]` with `rngs[s]`, as the arena plays them: a failed
 * decision (a program stuck, say) is reported (`report(seat, message)`) and gets a random move. `before(state)` is
 * called before each decision.
 */
export async function playHand(state, players, rngs, report, before = () => undefined) {
  while (state.phase === 'pass' || state.phase === 'play' || state.phase === 'moon') {
    for (const s of seatsToAct(state)) {
      before(state);
      const options = { timeMs: BOT_TIME_MS, random: rngs[s] };
      state = await playDecision(state, s, players[s], options, (message) => report(s, message));
    }
  }
  return state;
}

/**
 * The deal with the passes of `played` (that deal's hand played out) made again: the same cards after the passes.
 * `what` names the hand in the error if they do not replay.
 */
export function afterPasses(deal, played, what) {
  const passes = played.log[played.log.length - 1].passes;
  let state = deal;
  for (let s = 0; s < passes.length; s++) {
    const next = applyMove(state, s, { kind: 'pass', cards: passes[s].toArray() });
    if (!next.ok) throw new Error(`${what}: the passes do not replay: ${next.error.message}`);
    state = next.value;
  }
  return state;
}

/** The seat that shot the moon in the hand just finished (the engine's ruling), or -1. */
export const shooterOf = (state) => state.results[state.results.length - 1].shooter ?? -1;
