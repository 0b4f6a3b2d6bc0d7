#!/usr/bin/env node
/**
 * Looks for tactics positions where the expert goes wrong (run outside the test suite, on the built packages):
 *
 *   node packages/cli/scripts/tactics-hunt.js hunt --hands 2000 --seed 1 > /tmp/hunt.jsonl
 *   node packages/cli/scripts/tactics-hunt.js check /tmp/hunt.jsonl --deals 300 > /tmp/checked.jsonl
 *
 * `hunt` plays standard hands without passing (hand 4 of a game, scores 0, so every position is a tactics position
 * as it is written: see setup.ts) with the medium bot in every seat, and stops at the decisions of three kinds:
 *
 * - `queen`: the seat holds the Q♠ and at most `--cards` (default 6) cards, and cannot follow the suit led (not
 *   spades): it may throw the queen;
 * - `stop`: another seat has taken every moon card taken so far, at least `--moon` (default 16) points of them;
 * - `shoot`: the seat itself has, and nobody else has taken a moon card.
 *
 * There it rates every legal card by rollouts with the medium bot in every seat, as the tactics test does
 * (`--rollouts` deals, default 60, the same deals for every card, so the differences are paired), and where a card
 * rolls out worse than the best by more than `--margin` points (default 1) and 3 standard errors of the paired
 * difference (a queen position: where the Q♠ rolls out best) it asks the expert (on a counting clock, `--step` ms a
 * read, default 0.4: a quarter of the deals the tactics test gives it). A position is printed (one JSON line) when
 * the expert's card is such a bad one (with `--all`, every position the expert was asked at, its card's loss beside;
 * `--kinds queen,stop,shoot` chooses the kinds).
 *
 * `check` takes such lines and asks the expert again as the tactics test does (counting clock 0.1 ms, the default
 * budget, seeds 1 and 2) and rolls out every card over `--deals` deals; it prints the lines where the expert still
 * errs at a seed and the best card stays ahead (3 SE).
 */
import { readFileSync } from 'node:fs';
import { BOT_TIME_MS, buildPosition, handAt, mediumBot } from '@hearts/bots';
import {
  applyMove,
  dealRandom,
  observation,
  parseCard,
  parseNamedMove,
  parseRules,
  seededRandom,
  toPlay,
} from '@hearts/engine';
import { EXPERT, SearchBot, countingClock } from '../../bots/dist/search/index.js';

const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
};
const num = (name, fallback) => Number(opt(name, fallback));
const log = (...xs) => process.stderr.write(xs.join(' ') + '\n');
const [command, file] = args;

const rules = parseRules({});
if (!rules.ok) throw new Error(rules.error.message);
const SUIT = (c) => c[c.length - 1];
const isMoonCard = (c) => SUIT(c) === 'H' || c === 'QS';

/** The position of `obs` as a tactics spec (hand 4 of its game, no passing, scores 0). */
function specOf(obs) {
  const line = (t) => `${t.leader}: ${t.cards.join(' ')}`.trimEnd();
  return {
    hand: obs.hand.join(' '),
    tricks: obs.tricks.map(line),
    trick: obs.trick ? line(obs.trick) : `${obs.turn}:`,
  };
}

/** Moon cards each seat took in the complete tricks. */
function moonTaken(obs) {
  const taken = new Array(obs.players).fill(0);
  const points = new Array(obs.players).fill(0);
  for (const t of obs.tricks)
    for (const c of t.cards)
      if (isMoonCard(c)) {
        taken[t.winner]++;
        points[t.winner] += c === 'QS' ? 13 : 1;
      }
  return { taken, points };
}

/** Which kind of position this is for the hunt, or null. */
function kindOf(obs, o) {
  if (obs.legal.length < 2) return null;
  const me = obs.seat;
  const led = obs.trick?.cards[0];
  if (
    obs.hand.includes('QS') &&
    obs.hand.length <= o.cards &&
    led &&
    SUIT(led) !== 'S' &&
    !obs.hand.some((c) => SUIT(c) === SUIT(led))
  )
    return 'queen';
  const { points } = moonTaken(obs);
  const holders = points.map((p, s) => (p > 0 ? s : -1)).filter((s) => s >= 0);
  if (holders.length !== 1 || points[holders[0]] < o.moon) return null;
  return holders[0] === me ? 'shoot' : 'stop';
}

/** Every card's points for the seat over `deals` rollouts by the medium bot, per deal (paired across cards). */
function rollouts(spec, cards, deals) {
  const { obs } = buildPosition(spec, 0);
  const me = obs.seat;
  const out = new Map(cards.map((c) => [c, []]));
  for (let d = 0; d < deals; d++) {
    const { state } = buildPosition(spec, 1000 + d);
    const hands = state.results.length;
    for (const card of cards) {
      const first = applyMove(state, me, { kind: 'play', card: parseCard(card) });
      if (!first.ok) throw new Error(`${card}: ${first.error.message}`);
      let s = first.value;
      let step = 0;
      while (s.results.length === hands) {
        const seat = s.phase === 'moon' ? s.moonShooter : toPlay(s);
        const random = seededRandom(`${d}:${step++}`);
        const move = parseNamedMove(mediumBot.decide(observation(s, seat), { timeMs: 20, random }));
        const r = move.ok ? applyMove(s, seat, move.value) : null;
        if (!r?.ok) throw new Error(`the medium bot's move was refused in a rollout of ${card}`);
        s = r.value;
      }
      out.get(card).push(s.results[hands].points[me]);
    }
  }
  return out;
}

/** Means, and the paired difference of `card` against the best card (mean, standard error). */
function rate(values, card) {
  const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const means = [...values].map(([c, xs]) => ({ card: c, mean: +mean(xs).toFixed(3) }));
  means.sort((a, b) => a.mean - b.mean);
  const best = means[0].card;
  const diffs = values.get(card).map((x, i) => x - values.get(best)[i]);
  const m = mean(diffs);
  const sd = Math.sqrt(diffs.reduce((a, x) => a + (x - m) ** 2, 0) / Math.max(1, diffs.length - 1));
  return { means, best, loss: +m.toFixed(3), se: +(sd / Math.sqrt(diffs.length)).toFixed(3) };
}

const expertCard = (obs, step, seed, id) =>
  new SearchBot(EXPERT, countingClock(step)).decide(obs, {
    timeMs: BOT_TIME_MS,
    random: seededRandom(`${seed}:${id}`),
  }).card;

if (command === 'hunt') {
  const o = {
    hands: num('hands', 1000),
    seed: opt('seed', '1'),
    cards: num('cards', 6),
    moon: num('moon', 16),
    step: num('step', 0.4),
    rollouts: num('rollouts', 60),
    margin: num('margin', 1),
    kinds: opt('kinds', 'queen,stop,shoot').split(','),
    all: args.includes('--all'),
  };
  const counts = { queen: 0, stop: 0, shoot: 0, asked: 0, found: 0 };
  for (let h = 0; h < o.hands; h++) {
    let state = dealRandom(handAt(rules.value, 3, [0, 0, 0, 0]), seededRandom(`${o.seed}:hunt:${h}`));
    const hands = state.results.length;
    let step = 0;
    while (state.results.length === hands) {
      const seat = state.phase === 'moon' ? state.moonShooter : toPlay(state);
      const obs = observation(state, seat);
      const kind = obs.phase === 'play' ? kindOf(obs, o) : null;
      if (kind && o.kinds.includes(kind)) {
        const spec = specOf(obs);
        const id = `${o.seed}:${h}:${step}`;
        try {
          const built = buildPosition(spec, 0).obs;
          counts[kind]++;
          // The rollouts first (cheaper than the expert): only a position with a clearly bad card is asked; a
          // queen position only where throwing the queen comes out best.
          const values = rollouts(spec, built.legal, o.rollouts);
          const bad = (r) => r.loss > o.margin && r.loss > 3 * r.se;
          const worth =
            kind === 'queen'
              ? rate(values, 'QS').best === 'QS'
              : built.legal.some((c) => bad(rate(values, c)));
          if (worth) {
            counts.asked++;
            const card = expertCard(built, o.step, 1, id);
            const r = rate(values, card);
            if (bad(r)) counts.found++;
            if (bad(r) || o.all) console.log(JSON.stringify({ id, kind, expert: card, ...r, spec }));
          }
        } catch (e) {
          log('skipped', id, e.message); // hidden hands the voids leave no room for
        }
      }
      const random = seededRandom(`${o.seed}:${h}:${step++}`);
      const move = parseNamedMove(mediumBot.decide(obs, { timeMs: 20, random }));
      const r = move.ok ? applyMove(state, seat, move.value) : null;
      if (!r?.ok) throw new Error('the medium bot was refused');
      state = r.value;
    }
    if ((h + 1) % 50 === 0) log(`${h + 1} hands`, JSON.stringify(counts));
  }
  log('done', JSON.stringify(counts));
} else if (command === 'check') {
  const deals = num('deals', 300);
  const lines = readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));
  for (const x of lines) {
    const { obs } = buildPosition(x.spec, 0);
    const cards = [1, 2].map((seed) => expertCard(obs, 0.1, seed, x.id));
    const values = rollouts(x.spec, obs.legal, deals);
    const rated = cards.map((c) => rate(values, c));
    const errs = rated.some((r) => r.loss > 3 * r.se && r.loss > 0.5);
    const top = rated[0].means
      .slice(0, 3)
      .map((m) => `${m.card} ${m.mean}`)
      .join(', ');
    log(
      x.id,
      x.kind,
      'expert',
      cards.join(','),
      'loss',
      rated.map((r) => `${r.loss}±${r.se}`).join(','),
      `(${top}, …)`,
    );
    if (errs)
      console.log(
        JSON.stringify({
          ...x,
          expertAtSeeds: cards,
          checked: rated[0].means,
          deals,
          losses: rated.map((r) => [r.loss, r.se]),
        }),
      );
  }
} else {
  log('usage: tactics-hunt.js hunt [--hands N --seed S ...] | check FILE [--deals N]');
  process.exit(2);
}
