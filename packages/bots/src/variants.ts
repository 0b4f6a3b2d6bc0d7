import { EXPERT, SearchBot, type Clock, type SearchParams } from './search/index.js';
import type { Bot } from './types.js';
import { shippedValueNet } from './value/shipped.js';

/**
 * Bots that are no level of their own: variants of a level for measuring (the arena's `--bots`), not offered in
 * the app. `expert+value` is the expert whose playouts stop after the current trick and `k` more (`expert+valueK`,
 * default 1) for the shipped value network to rate the rest (docs/performance.md, "The learned evaluation").
 * `expert+moonP` is the expert with `moonWatch` P / 100: the one seat that has taken every moon card so far runs
 * for the moon in a share of its playouts from its first moon card on, in all of them from P % of the moon.
 * `expert+run` is the expert whose suspected shooter runs in the playouts as a strong runner does (`strongRunner`:
 * every hand of the deal seen, sure winners first, no random plays); `expert+runall` plays its own moon plan so
 * too; `expert+blindrun` and `expert+blindrunall` are those whose strong runner sees only its own hand and the
 * cards played (`runnerSees: 'own'`); `expert+runmoonP` is `expert+run` with `moonWatch` P / 100.
 * `expert+moonpass` is `expert+runall` that also weighs passes for the moon with a hand of many high cards
 * (`moonPass`); `expert+passmoon` is today's expert that weighs them, played out under its own moon plan;
 * `expert+passmoonrun` and `expert+passmoonblindrun` play those passes out with a strong runner that sees every
 * hand or only its own (`moonPassRunner`), its play decisions unchanged. `expert+believeP` is `expert+run` whose
 * sampled deals count P / 100 where the suspected shooter, running strongly, would not make its moon
 * (`runBelief`). `expert+readrunP` is the expert whose play reader takes P % of the seats for runners for the moon
 * (`readRun`); `expert+suspectrunP` also lets the seat whose plays a deal explains as a runner's run in that
 * deal's playouts (`readRunSuspect`). `expert+passturn` is the expert whose playouts of passes let it turn to the
 * moon as the others do (`passTurn`); `expert+passturnmoon` also weighs passes for the moon (`moonPass`).
 */
export const VARIANT_HELP =
  'expert+value (expert+valueK: the value network after K more tricks), expert+moonP (another seat runs for the moon in the playouts from its first moon card, in every deal from P % of the moon), expert+run (a suspected shooter runs strongly in the playouts), expert+runall (its own moon plan too), expert+blindrun and expert+blindrunall (a runner that sees only its own hand), expert+runmoonP (expert+run and expert+moonP), expert+moonpass (expert+runall that also passes for the moon), expert+passmoon (the expert that also passes for the moon; expert+passmoonrun and expert+passmoonblindrun: those passes played out by a strong runner), expert+believeP (expert+run that counts a deal in which the suspect could not run P % as much), expert+readrunP (the play reader takes P % of the seats for runners for the moon), expert+suspectrunP (expert+readrunP whose playouts let a seat that plays as a runner run), expert+passturn (the playouts of passes let the bot turn to the moon; expert+passturnmoon: and weigh passes for the moon)';

const VALUE = /^expert\+value([0-9]+)?$/;
const MOON = /^expert\+(run)?moon([1-9][0-9]?)$/;
const RUN = /^expert\+(blind)?run(all)?$/;
const MOON_PASS = 'expert+moonpass';
const PASS_TURN = /^expert\+passturn(moon)?$/;
const PASS_MOON = /^expert\+passmoon(run|blindrun)?$/;
const BELIEVE = /^expert\+believe([1-9][0-9]?)$/;
const READ_RUN = /^expert\+(readrun|suspectrun)([1-9][0-9]?)$/;

/** Whether `name` is a variant. */
export const isVariant = (name: string): boolean =>
  VALUE.test(name) ||
  MOON.test(name) ||
  RUN.test(name) ||
  BELIEVE.test(name) ||
  READ_RUN.test(name) ||
  name === MOON_PASS ||
  PASS_TURN.test(name) ||
  PASS_MOON.test(name);

/** The variant of that name, or null when there is none. */
export function createVariant(name: string, clock?: Clock): Bot | null {
  if (name === MOON_PASS) return new SearchBot({ ...EXPERT, strongRunner: 'all', moonPass: true }, clock);
  const passTurn = PASS_TURN.exec(name);
  if (passTurn)
    return new SearchBot({ ...EXPERT, passTurn: true, ...(passTurn[1] ? { moonPass: true } : {}) }, clock);
  const passMoon = PASS_MOON.exec(name);
  if (passMoon) {
    const moonPassRunner: SearchParams['moonPassRunner'] =
      passMoon[1] === undefined ? undefined : passMoon[1] === 'run' ? 'all' : 'own';
    return new SearchBot({ ...EXPERT, moonPass: true, ...(moonPassRunner ? { moonPassRunner } : {}) }, clock);
  }
  const believe = BELIEVE.exec(name);
  if (believe)
    return new SearchBot({ ...EXPERT, strongRunner: 'suspect', runBelief: Number(believe[1]) / 100 }, clock);
  const readRun = READ_RUN.exec(name);
  if (readRun) {
    const params = { ...EXPERT, readRun: Number(readRun[2]) / 100 };
    return new SearchBot(readRun[1] === 'suspectrun' ? { ...params, readRunSuspect: true } : params, clock);
  }
  const run = RUN.exec(name);
  if (run) {
    const params = { ...EXPERT, strongRunner: run[2] ? ('all' as const) : ('suspect' as const) };
    return new SearchBot(run[1] ? { ...params, runnerSees: 'own' } : params, clock);
  }
  const moon = MOON.exec(name);
  if (moon) {
    const watch = { ...EXPERT, moonWatch: Number(moon[2]) / 100 };
    return new SearchBot(moon[1] ? { ...watch, strongRunner: 'suspect' } : watch, clock);
  }
  const m = VALUE.exec(name);
  if (!m) return null;
  const valueCut = m[1] === undefined ? 1 : Number(m[1]);
  return new SearchBot({ ...EXPERT, value: shippedValueNet(), valueCut }, clock);
}
