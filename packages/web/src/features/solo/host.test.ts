import {
  CardSet,
  SUITS,
  applyMove,
  deal,
  dealDeck,
  legalMoves,
  newGame,
  observation,
  placesOf,
  parseCard,
  parseRules,
  randomInt,
  replayRecord,
  seededRandom,
  type RandomSource,
  type Result,
  type Suit,
  toPlay,
} from '@hearts/engine';
import { composeDeck, isHex64, makeSeed, seedFromHex } from '@hearts/shuffle';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SeatUi } from '@hearts/table';
import { SoloTable, directBots, soloSelectionKeeper, type Scheduler } from './host';
import { EMPTY_STATS, loadHistory, loadSoloStats, soloStats, variantKey } from '../../kit/records';
import { seededDeal, type SeededHandRecord } from './deal';
import { HUMAN } from '../../kit/names';
import { CURRENT_KEY, fromSaved, loadSession, saveSession, type SavedSession } from './session';
import { memoryStore, readJson, type KeyValueStore } from '../../kit/storage';
import { botToAct, tableView } from '../../table/view';

const seatUis = new Map<SoloTable, SeatUi>();
/**
 * The player's side of the solo seat as its screen runs it (src/table/useSeatUi.ts): a `SeatUi` on the table's
 * scheduler and timing, keeping the pass chosen in `store` (when given) as SoloPage does.
 */
function ui(c: SoloTable, store?: KeyValueStore): SeatUi {
  let u = seatUis.get(c);
  if (!u) {
    u = new SeatUi(c, {
      scheduler: c.scheduler,
      timing: c.timing,
      ...(store ? { keeper: soloSelectionKeeper(store, c) } : {}),
    });
    u.attach();
    seatUis.set(c, u);
  }
  return u;
}

/** The solo table's view as SoloPage draws it: seat 0's LiveState, the UI's state, the hint, the bot thinking. */
function soloView(c: SoloTable, extra: { undo?: boolean; claims?: boolean } = {}) {
  const s = c.getSnapshot();
  const u = ui(c).getSnapshot();
  return tableView(s.live!, u, { hint: s.hint, thinking: botToAct(s.live!.view, u.held !== null), ...extra });
}

function unwrap<T>(r: Result<T, unknown>): T {
  if (!r.ok) throw new Error(`unexpected error: ${JSON.stringify(r.error)}`);
  return r.value;
}

/** A scheduler whose time moves only when the test says so. */
function manualScheduler() {
  let now = 0;
  let queue: { at: number; fn: () => void; id: number }[] = [];
  let nextId = 0;
  const s: Scheduler & { run(): Promise<void> } = {
    now: () => now,
    after(ms, fn) {
      const id = nextId++;
      queue.push({ at: now + ms, fn, id });
      return () => (queue = queue.filter((q) => q.id !== id));
    },
    async run() {
      for (let i = 0; i < 10_000; i++) {
        await new Promise((r) => setTimeout(r, 0)); // let bot promises settle
        if (queue.length === 0) return;
        queue.sort((a, b) => a.at - b.at);
        const q = queue.shift()!;
        now = Math.max(now, q.at);
        q.fn();
      }
    },
  };
  return s;
}

function setup(seed = 1, { cryptoSeeds = false, undo = false } = {}) {
  const store = memoryStore();
  const scheduler = manualScheduler();
  let n = 0;
  const random = (): RandomSource => seededRandom(`${seed}-${n++}`);
  const deals = seededRandom(`${seed}-deals`);
  const c = new SoloTable({
    store,
    bots: directBots(random),
    scheduler,
    timing: () => ({ move: 100, hold: 300, pace: 200 }),
    random,
    seed: cryptoSeeds
      ? undefined
      : () => makeSeed((bytes) => bytes.forEach((_, i) => (bytes[i] = randomInt(deals, 256)))),
    clock: () => 1_700_000_000_000,
    undo,
  });
  ui(c, store);
  return { store, scheduler, c };
}

/** The player's simplest legal action now: pass the first cards, play the first legal card, choose "plus". */
async function humanAct(c: SoloTable): Promise<boolean> {
  const t = ui(c).getSnapshot();
  const state = c.game!;
  const obs = observation(state, HUMAN);
  if (state.phase === 'pass' && obs.passed === null) {
    for (const card of obs.hand.slice(0, state.rules.passCards)) ui(c).tap(card);
    expect(soloView(c).canPass).toBe(true);
    expect((await ui(c).pass())?.ok).toBe(true);
    return true;
  }
  if (state.phase === 'play' && obs.turn === HUMAN && !t.held) {
    expect((await ui(c).tap(obs.legal[0]!))?.ok).toBe(true);
    return true;
  }
  if (state.phase === 'moon' && state.moonShooter === HUMAN) {
    expect((await ui(c).moon('plus'))?.ok).toBe(true);
    return true;
  }
  if (state.phase === 'deal' && !t.held) {
    c.nextHand();
    return true;
  }
  return false;
}

describe('SoloTable', () => {
  it('plays a whole game against bots, keeps stats and history, and every hand scores 26', async () => {
    const { c, scheduler, store } = setup(7);
    expect(c.start({}, 'easy').ok).toBe(true);
    const over = (): boolean => c.game!.phase === 'gameOver';
    for (let i = 0; i < 5000 && !over(); i++) {
      await scheduler.run();
      // The session kept is the driver's own game, never a second copy of the events applied again.
      expect(c.getSnapshot().session!.state).toBe(c.game);
      if (!over()) await humanAct(c);
    }
    await scheduler.run();
    const state = c.game!;
    expect(state.phase).toBe('gameOver');
    expect(c.getSnapshot().session!.state).toBe(state);
    expect(c.getSnapshot().result?.ranks).toEqual(placesOf(state.scores));
    for (const r of state.results) {
      const sum = r.points.reduce((a, b) => a + b, 0);
      expect(r.shooter === null ? sum : sum % 26).toBe(r.shooter === null ? 26 : 0);
    }
    const stats = soloStats(loadSoloStats(store));
    expect(loadSoloStats(store).map((g) => [g.variant, g.level])).toEqual([[variantKey({}), 'easy']]);
    expect(stats.games).toBe(1);
    expect(stats.hands).toBe(state.results.length);
    expect(stats.points).toBe(state.results.reduce((a, r) => a + r.points[HUMAN]!, 0));
    expect(stats.wins).toBe(state.winners.includes(HUMAN) ? 1 : 0);
    const history = loadHistory(store);
    expect(history).toHaveLength(1);
    const replay = replayRecord(history[0]!.record);
    expect(replay.ok && replay.value.finished && replay.value.scores).toEqual(state.scores);
    const view = soloView(c);
    expect(view.prompt.kind).toBe('gameOver');
    expect(view.showResult).toBe(true);
    // Seat 0's picture came through the live client's reducer, message by message: it is the engine's own.
    expect(c.state!.view).toEqual(observation(state, HUMAN));
    expect(c.getSnapshot().result?.scores).toEqual(state.scores);
    // A finished game resumed (a reload on the result) is not counted twice.
    const again = new SoloTable({
      store,
      bots: directBots(() => seededRandom(5)),
      scheduler,
      timing: () => ({ move: 0, hold: 0, pace: 0 }),
    });
    expect(again.resume()).toBe(true);
    await scheduler.run();
    expect(again.getSnapshot().result?.scores).toEqual(state.scores);
    expect(soloStats(loadSoloStats(store)).games).toBe(1);
    expect(loadHistory(store)).toHaveLength(1);
  });

  it('counts a game in the statistics once it is finished, under its rules and level, never a hand before', async () => {
    // The statistics page used to count every finished hand at once, so a game left unfinished still added its
    // hands and points; the profile and the live record count finished games only. Now both count the same.
    const { c, scheduler, store } = setup(11);
    expect(c.start({ jackOfDiamonds: -10, targetScore: 30 }, 'hard').ok).toBe(true);
    for (let i = 0; i < 5000 && c.game!.results.length === 0; i++) {
      await scheduler.run();
      if (c.game!.results.length === 0) await humanAct(c);
    }
    expect(c.game!.results.length).toBe(1);
    expect(soloStats(loadSoloStats(store))).toEqual(EMPTY_STATS);
    // Left and resumed, then finished: every hand of it counts, once, in its variant against its level.
    c.leave();
    expect(c.resume()).toBe(true);
    const over = (): boolean => c.game!.phase === 'gameOver';
    for (let i = 0; i < 5000 && !over(); i++) {
      await scheduler.run();
      // The session kept is the driver's own game, never a second copy of the events applied again.
      expect(c.getSnapshot().session!.state).toBe(c.game);
      if (!over()) await humanAct(c);
    }
    await scheduler.run();
    const state = c.game!;
    expect(state.phase).toBe('gameOver');
    expect(c.getSnapshot().session!.state).toBe(state);
    expect(c.getSnapshot().result?.ranks).toEqual(placesOf(state.scores));
    expect(loadSoloStats(store)).toEqual([
      {
        variant: variantKey({ jackOfDiamonds: -10, targetScore: 30 }),
        rules: { targetScore: 30, jackOfDiamonds: -10 },
        level: 'hard',
        games: 1,
        wins: state.winners.includes(HUMAN) ? 1 : 0,
        hands: state.results.length,
        points: state.scores[HUMAN],
        moons: state.results.filter((r) => r.shooter === HUMAN).length,
        queens: expect.any(Number),
        undoGames: 0,
      },
    ]);
  }, 60_000);

  it('resumes a game saved by the old solo controller (mid-hand, after the pass) and plays it to the end', async () => {
    // Saved by GameController (before the solo host), two tricks into the first hand.
    const text = readFileSync(
      new URL('./fixtures/session-saved-by-controller.json', import.meta.url),
      'utf8',
    );
    const store = memoryStore();
    store.set(CURRENT_KEY, text);
    const left = loadSession(store)!;
    expect(left.state.phase).toBe('play');
    const { id, seeds } = left;
    const scheduler = manualScheduler();
    // The later hands' seeds are seeded too, so every run plays the same game.
    const deals = seededRandom('resume-deals');
    const c = new SoloTable({
      store,
      bots: directBots(() => seededRandom(23)),
      scheduler,
      timing: () => ({ move: 0, hold: 0, pace: 0 }),
      random: () => seededRandom('resume'),
      seed: () => makeSeed((bytes) => bytes.forEach((_, i) => (bytes[i] = randomInt(deals, 256)))),
      clock: () => 1_700_000_000_000,
    });
    expect(c.resume()).toBe(true);
    expect(c.getSnapshot().session!.id).toBe(id);
    expect(c.state!.view).toEqual(observation(left.state, HUMAN));
    // Done when the result is recorded, not when the last card is played: the driver stores the finished game
    // after the move that ends it (the player's own last card included).
    const recorded = (): boolean => c.getSnapshot().result !== null;
    for (let i = 0; i < 5000 && !recorded(); i++) {
      await scheduler.run();
      if (!recorded()) await humanAct(c);
    }
    expect(c.game!.phase).toBe('gameOver');
    expect(recorded()).toBe(true);
    const entry = loadHistory(store)[0]!;
    expect(entry.seeds?.slice(0, seeds.length)).toEqual(seeds);
    expect(entry.seeds?.every(isHex64)).toBe(true);
    const replay = replayRecord(entry.record);
    expect(replay.ok && replay.value.scores).toEqual(c.game!.scores);
  });

  it('refuses an illegal card with the rule it breaks and keeps the position', async () => {
    const { c, scheduler } = setup(3);
    c.start({ passCards: 0 }, 'easy');
    await scheduler.run();
    // Play until it is the player's turn while following suit, with a card of another suit in hand.
    for (let i = 0; i < 200; i++) {
      const state = c.game!;
      const obs = observation(state, HUMAN);
      if (obs.turn === HUMAN && !ui(c).getSnapshot().held && obs.trick && obs.trick.cards.length > 0) {
        const illegal = obs.hand.find((card) => !obs.legal.includes(card));
        if (illegal) {
          const before = state;
          ui(c).tap(illegal);
          const refusal = ui(c).getSnapshot().refusal;
          expect(refusal?.card).toBe(illegal);
          expect(['ERR_MUST_FOLLOW_SUIT', 'ERR_HEARTS_NOT_BROKEN', 'ERR_POINTS_ON_FIRST_TRICK']).toContain(
            refusal?.code,
          );
          expect(c.game).toBe(before);
          const view = soloView(c);
          expect(view.hand.find((h) => h.card === illegal)!.disabled).toBe(true);
          return;
        }
      }
      await humanAct(c);
      await scheduler.run();
    }
    throw new Error('never held an unplayable card');
  });

  it('saves after every move and resumes exactly the same position', async () => {
    const { c, scheduler, store } = setup(11);
    c.start({}, 'medium');
    await scheduler.run();
    await humanAct(c); // pass
    await scheduler.run();
    for (let i = 0; i < 3; i++) {
      await humanAct(c);
      await scheduler.run();
    }
    const state = c.game!;
    const resumed = loadSession(store)!;
    expect(resumed.id).toBe(c.getSnapshot().session!.id);
    expect(observation(resumed.state, HUMAN)).toEqual(observation(state, HUMAN));
    for (let s = 1; s < 4; s++) expect(observation(resumed.state, s)).toEqual(observation(state, s));

    // Cards chosen for passing but not yet passed survive a reload too.
    const { c: c2, scheduler: s2, store: store2 } = setup(12);
    c2.start({}, 'easy');
    await s2.run();
    const chosen = observation(c2.game!, HUMAN).hand.slice(0, 2);
    for (const card of chosen) ui(c2).tap(card);
    const again = new SoloTable({
      store: store2,
      bots: directBots(() => seededRandom(1)),
      scheduler: manualScheduler(),
      timing: () => ({ move: 0, hold: 0, pace: 0 }),
    });
    expect(again.resume()).toBe(true);
    expect(ui(again, store2).getSnapshot().selected).toEqual(chosen);

    const other = new SoloTable({
      store,
      bots: directBots(() => seededRandom(1)),
      scheduler: manualScheduler(),
      timing: () => ({ move: 0, hold: 0, pace: 0 }),
    });
    expect(other.resume()).toBe(true);
    expect(observation(other.game!, HUMAN)).toEqual(observation(state, HUMAN));
  });

  it('resumes a hand that waits for the shooter’s choice, and asks the player', async () => {
    // Seat 0 holds every spade and leads: it takes all 13 tricks, so it shoots the moon.
    let state = unwrap(newGame({ moon: 'shooterChoice', passCards: 0, firstLead: 'dealer' }));
    state = unwrap(
      deal(
        state,
        [3, 0, 1, 2].map((suit) => CardSet.suit(suit as Suit)),
      ),
    );
    while (state.phase === 'play') {
      const seat = toPlay(state)!;
      state = unwrap(applyMove(state, seat, { kind: 'play', card: legalMoves(state, seat).first()! }));
    }
    expect(state.phase).toBe('moon');
    expect(state.moonShooter).toBe(HUMAN);
    const store = memoryStore();
    saveSession(store, { id: 'x', startedAt: 1, level: 'easy', state, seeds: [null] });
    const saved = readJson(store, CURRENT_KEY) as { pendingPlay: unknown };
    expect(typeof saved.pendingPlay).toBe('string');
    const resumed = loadSession(store)!;
    expect(resumed.state.phase).toBe('moon');
    expect(observation(resumed.state, HUMAN)).toEqual(observation(state, HUMAN));

    const scheduler = manualScheduler();
    const c = new SoloTable({
      store,
      bots: directBots(() => seededRandom(2)),
      scheduler,
      timing: () => ({ move: 0, hold: 0, pace: 0 }),
    });
    expect(c.resume()).toBe(true);
    expect(soloView(c).prompt.kind).toBe('moonChoice');
    expect((await ui(c).moon('minus'))?.ok).toBe(true);
    expect(c.game!.results[0]!.points).toEqual([-26, 0, 0, 0]);
    expect(c.game!.results[0]!.moonChoice).toBe('minus');
  });

  it('shows what was received only after the exchange, then highlights it', async () => {
    const { c, scheduler } = setup(9);
    c.start({}, 'easy');
    await scheduler.run();
    const obs = observation(c.game!, HUMAN);
    expect(obs.phase).toBe('pass');
    for (const card of obs.hand.slice(0, 3)) ui(c).tap(card);
    expect(soloView(c).hand.filter((h) => h.received)).toEqual([]);
    await ui(c).pass();
    await scheduler.run();
    const after = observation(c.game!, HUMAN);
    expect(after.received).toHaveLength(3);
    const view = soloView(c);
    expect(
      view.hand
        .filter((h) => h.received)
        .map((h) => h.card)
        .sort(),
    ).toEqual([...after.received!].sort());
    expect(after.hand.map((x) => parseCard(x))).not.toContain(undefined);
  });

  it('shows the same table as a live client given the same LiveState and UI state, apart from the host options', async () => {
    const { c, scheduler } = setup(13);
    c.start({}, 'hard');
    c.requestHint();
    await scheduler.run();
    const snap = c.getSnapshot();
    const live = snap.live!;
    const seatUi = ui(c).getSnapshot();
    // What a live table's seat UI holds (LiveTable.tsx): the same fields, nothing else of the solo host.
    const uiState = {
      selected: [...seatUi.selected],
      refusal: seatUi.refusal,
      held: seatUi.held,
      collecting: seatUi.collecting,
      lastTrick: seatUi.lastTrick,
    };
    const solo = tableView(live, seatUi, { hint: snap.hint, thinking: 2 });
    const asLive = tableView(structuredClone(live), uiState);
    expect(solo.hand.filter((h) => h.hinted)).toHaveLength(3);
    expect(solo.seats.map((s) => s.thinking)).toEqual([false, false, true, false]);
    expect(asLive.hand.some((h) => h.hinted) || asLive.seats.some((s) => s.thinking)).toBe(false);
    expect({
      ...solo,
      hand: solo.hand.map((h) => ({ ...h, hinted: false })),
      seats: solo.seats.map((s) => ({ ...s, thinking: false })),
    }).toEqual(asLive);
    // Who sits where comes from the solo host's TableInfo: the player, then bots of the chosen level.
    expect(asLive.seats.map((s) => [s.name, s.you, s.bot, s.rating, s.kickable])).toEqual(
      live.table.seats.map((x, i) => [x.name, i === 0, i === 0 ? null : 'hard', null, false]),
    );
  });

  it('gives a hint from the expert bot, for the pass and for a play, and forgets it after a move', async () => {
    const { c, scheduler } = setup(13);
    c.start({}, 'easy');
    expect(soloView(c).hintable).toBe(true);
    c.requestHint(); // asked while the bots are still choosing their passes
    await scheduler.run();
    expect(c.game!.log[0]!.passes!.filter((p) => p !== null)).toHaveLength(3);
    const passHint = c.getSnapshot().hint!;
    expect(passHint).toHaveLength(3);
    const hand = observation(c.game!, HUMAN).hand;
    passHint.forEach((card) => expect(hand).toContain(card));
    expect(soloView(c).hand.filter((h) => h.hinted)).toHaveLength(3);
    for (const card of passHint) ui(c).tap(card);
    await ui(c).pass();
    expect(c.getSnapshot().hint).toBeNull();
    for (let i = 0; i < 100; i++) {
      await scheduler.run();
      const obs = observation(c.game!, HUMAN);
      if (obs.turn === HUMAN && !ui(c).getSnapshot().held) {
        c.requestHint();
        await scheduler.run();
        const hint = c.getSnapshot().hint!;
        expect(hint).toHaveLength(1);
        expect(obs.legal).toContain(hint[0]);
        return;
      }
    }
    throw new Error('never the player’s turn');
  });

  it('deals each hand from one crypto seed kept with the game: a reload keeps the seeds, and they deal the record again', async () => {
    const { c, scheduler, store } = setup(17, { cryptoSeeds: true });
    expect(c.start({ sevenOfDie: true, handsToPlay: 3 }, 'easy').ok).toBe(true);
    const over = (): boolean => c.game!.phase === 'gameOver';
    for (let i = 0; i < 5000 && c.game!.log.length < 2 && !over(); i++) {
      await scheduler.run();
      if (c.game!.log.length < 2) await humanAct(c);
    }
    // Mid-game: the saved session keeps each hand's seed beside the record and in the record's hands.
    const seeds = c.getSnapshot().session!.seeds;
    expect(seeds).toHaveLength(c.game!.log.length);
    expect(seeds.length).toBeGreaterThanOrEqual(2);
    expect(seeds.every(isHex64)).toBe(true);
    expect(new Set(seeds).size).toBe(seeds.length);
    const saved = readJson(store, CURRENT_KEY) as SavedSession;
    const savedHands = saved.record.hands as SeededHandRecord[];
    expect(saved.seeds).toEqual(seeds);
    expect(savedHands.map((h) => h.seed)).toEqual(seeds);
    expect(loadSession(store)!.seeds).toEqual(seeds);
    const again = new SoloTable({
      store,
      bots: directBots(() => seededRandom(3)),
      scheduler: manualScheduler(),
      timing: () => ({ move: 0, hold: 0, pace: 0 }),
    });
    expect(again.resume()).toBe(true);
    expect(again.getSnapshot().session!.seeds).toEqual(seeds);
    again.leave();
    // A seed that does not deal its hand is refused; a game saved before seeds were kept still resumes.
    expect(fromSaved({ ...saved, seeds: [...seeds].reverse() }).ok).toBe(false);
    const oldRecord = { ...saved.record, hands: savedHands.map(({ seed: _s, ...h }) => h) };
    const back = fromSaved(JSON.parse(JSON.stringify({ ...saved, seeds: undefined, record: oldRecord })));
    expect(back.ok && back.value.seeds).toEqual(seeds.map(() => null));

    for (let i = 0; i < 5000 && !over(); i++) {
      await scheduler.run();
      if (!over()) await humanAct(c);
    }
    await scheduler.run(); // the finished game is stored after the move that ends it (maybe the player's own)
    expect(over()).toBe(true);
    expect(c.getSnapshot().result).not.toBeNull();
    const entry = loadHistory(store)[0]!;
    const record = entry.record;
    const hands = record.hands as SeededHandRecord[];
    const rules = unwrap(parseRules(record.rules));
    expect(hands).toHaveLength(3);
    expect(entry.seeds).toEqual(hands.map((h) => h.seed));
    for (const [h, hand] of hands.entries()) {
      const seed = seedFromHex(hand.seed!)!;
      const dealt = dealDeck(rules.players, h % rules.players, composeDeck(rules, [seed]));
      expect(hand.deal.map((cards) => CardSet.fromNames(cards.split(' '))!.names())).toEqual(
        dealt.map((cards) => cards.names()),
      );
      expect(hand.sevenSuit).toBe(SUITS[seededDeal(rules, h, seed).sevenSuit!]);
    }
    expect(replayRecord(record).ok).toBe(true); // hearts-record/1 readers pass over the seeds
  });
});

describe('undo and claims', () => {
  /** Plays until the player is to play a card; returns the observation then. */
  async function toHumanTurn(c: SoloTable, scheduler: ReturnType<typeof manualScheduler>) {
    for (let i = 0; i < 200; i++) {
      await scheduler.run();
      const g = c.game!;
      if (g.phase === 'play' && toPlay(g)! === HUMAN && !ui(c).getSnapshot().held) return;
      await humanAct(c);
    }
    throw new Error('the player never got to play');
  }

  it('takes back the last card and the bots’ after it; the game is stored so, resumes there and is marked', async () => {
    const { c, scheduler, store } = setup(21, { undo: true });
    c.start({ passCards: 0, handsToPlay: 1 }, 'easy');
    await toHumanTurn(c, scheduler);
    expect(c.undo()).toBe(false); // nothing of the player's in this hand yet
    expect(soloView(c, { undo: true }).undoable).toBe(false);
    // One card of the player's, then the bots on to the player's next turn.
    await humanAct(c);
    await toHumanTurn(c, scheduler);
    const before = c.game!;
    const beforeView = observation(before, HUMAN);
    expect(soloView(c, { undo: true }).undoable).toBe(true);
    const card = beforeView.legal[0]!;
    expect((await ui(c).tap(card))?.ok).toBe(true);
    await scheduler.run(); // the bots play on
    expect(c.game!.log[0]!.plays.length).toBeGreaterThan(before.log[0]!.plays.length);
    expect(observation(c.game!, HUMAN).hand).not.toContain(card);

    expect(c.undo()).toBe(true);
    await scheduler.run();
    expect(observation(c.game!, HUMAN)).toEqual(beforeView); // the card is back; it is the player's turn
    expect(c.getSnapshot().live!.view).toEqual(beforeView);
    expect(c.getSnapshot().session!.undos).toBe(1);
    const stored = loadSession(store)!;
    expect(stored.undos).toBe(1);
    expect(observation(stored.state, HUMAN)).toEqual(beforeView);

    // A reload resumes the position after the undo, still marked.
    const again = new SoloTable({
      store,
      bots: directBots(() => seededRandom(2)),
      scheduler,
      timing: () => ({ move: 0, hold: 0, pace: 0 }),
      undo: true,
    });
    expect(again.resume()).toBe(true);
    await scheduler.run();
    expect(observation(again.game!, HUMAN)).toEqual(beforeView);
    expect(again.getSnapshot().session!.undos).toBe(1);

    // Played to the end, the history keeps the mark in the record.
    for (let i = 0; i < 500 && again.game!.phase !== 'gameOver'; i++) {
      await scheduler.run();
      await humanAct(again);
    }
    await scheduler.run();
    expect(again.game!.phase).toBe('gameOver');
    const entry = loadHistory(store)[0]!;
    expect(entry.record.undos).toBe(1);
    expect(soloStats(loadSoloStats(store))).toMatchObject({ games: 1, undoGames: 1 });
    expect(replayRecord(entry.record).ok).toBe(true);
  });

  it('is off unless the host turns it on (live tables and the daily deal never do)', async () => {
    const { c, scheduler } = setup(21);
    c.start({ passCards: 0 }, 'easy');
    await toHumanTurn(c, scheduler);
    await humanAct(c);
    await toHumanTurn(c, scheduler);
    const plays = c.game!.log[0]!.plays.length;
    expect(c.undoAllowed).toBe(false);
    expect(c.undo()).toBe(false);
    expect(c.game!.log[0]!.plays.length).toBe(plays);
    expect(soloView(c).undoable).toBe(false);
  });

  it('offers the claim only when the engine finds it certain, and plays the hand out on it', async () => {
    const { c, scheduler } = setup(31);
    c.start({ passCards: 0, handsToPlay: 8 }, 'easy');
    let offered = false;
    for (let i = 0; i < 400 && c.game!.phase !== 'gameOver'; i++) {
      await scheduler.run();
      const g = c.game!;
      const mine = g.phase === 'play' && toPlay(g)! === HUMAN && !ui(c).getSnapshot().held;
      const claim = soloView(c, { claims: true }).claim;
      if (mine && !claim) {
        // Not certain: the table refuses it with the rule, and the position stays.
        const plays = g.log[g.handNumber]!.plays.length;
        const r = await ui(c).claim();
        expect(!r.ok && r.error.rule).toBe('ERR_CLAIM_NOT_CERTAIN');
        expect(ui(c).getSnapshot().refusal?.code).toBe('ERR_CLAIM_NOT_CERTAIN');
        expect(c.game!.log[g.handNumber]!.plays.length).toBe(plays);
      }
      if (mine && claim) {
        expect(claim.tricks).toBeGreaterThanOrEqual(2);
        const hand = g.handNumber;
        expect((await c.claim()).ok).toBe(true);
        await scheduler.run();
        const done = c.game!;
        expect(done.log[hand]!.plays.length).toBe(52);
        expect(done.results[hand]).toBeDefined();
        offered = true;
        break;
      }
      await humanAct(c);
    }
    expect(offered).toBe(true);
  });
});
