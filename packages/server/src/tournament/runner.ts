/**
 * Runs the tournaments: one process runs each (it holds the lease `tournament:<id>` in {@link TablePresence}, as a
 * process holds a table); every tick it reads the tournament's entrants and games from the store (of one that has
 * not started, only its record), derives the state (`stateFromRows`, pure), pairs the free players (`pairNow`) who
 * are connected (the others are marked away: a table never opens for nobody; docs/tournaments.md, "Presence") and
 * opens their tables through `openTable` with the kind `tournament`. The games are finished by their tables'
 * finishing transaction (rating/finish.ts), which marks the tournament game finished with its places, once. Nothing
 * but the lease lives in memory, so when the process dies another one claims the lease once it runs out and carries
 * on from the store (its tables are restored by failover.ts like any other).
 *
 * ```ts
 * const runner = new TournamentRunner({ store, presence, log, openTable, seatsFor, draining: () => false });
 * runner.start(1000); // ticks every second
 * ```
 */
import type { Logger } from 'pino';
import type { StoredSeat } from '@hearts/table';
import { tableId } from '../ids.js';
import type { TablePresence } from '../presence.js';
import type { TournamentEntrantRow, TournamentGameRow, TournamentRecord } from '../store/tournaments.js';
import type { GameStore, TableRecord } from '../store/types.js';
import { tournamentRated } from '../fairness/policy.js';
import { payPodium } from './prizes.js';
import { dueScheduled } from './schedule.js';
import { freeEntrants, phase, pairNow, standingsOf, type Entrant, type TournamentState } from './state.js';

/** The lease of a tournament in the table presence (never a table id: those have no colon). */
export const leaseOf = (id: string): string => `tournament:${id}`;

/** A running game whose table does not exist after this long is given up (its opening failed half-way). */
export const OPEN_TIMEOUT_MS = 60_000;

/**
 * How often the runner asks whether a tournament's free entrants are connected (besides right before it opens
 * tables for them): an active entrant found not connected is marked away.
 */
export const PRESENCE_CHECK_MS = 10_000;

/**
 * A private tournament where nobody was active (connected and seated or waiting for a table) for this long stops
 * seating for good: it ends then (its games still running count) and pays as any that ended. Counted from the
 * latest of its start, an entrant's last change of presence (joining, coming back, going away) and its last game's
 * end. Public arenas seat nobody who is away either, but stay open to newcomers until their end.
 */
export const ABSENT_CLOSE_MS = 5 * 60_000;

/** Since when a tournament has had nobody active and no game running (null: someone is, or a game runs). */
export function idleSince(
  t: TournamentRecord,
  entrants: readonly TournamentEntrantRow[],
  games: readonly TournamentGameRow[],
): number | null {
  if (entrants.some((e) => e.presence === 'active') || games.some((g) => g.status === 'running')) return null;
  let since = t.startsAt;
  for (const e of entrants) since = Math.max(since, e.presenceAt);
  for (const g of games) since = Math.max(since, g.finishedAt ?? g.startedAt);
  return since;
}

/**
 * The tournament's state from its stored rows. A player's wait starts when they (re)joined or their last counted
 * game finished, whichever is later; they last met the humans of that game.
 */
export function stateFromRows(
  t: TournamentRecord,
  entrants: readonly TournamentEntrantRow[],
  games: readonly TournamentGameRow[],
): TournamentState {
  const running = games.filter((g) => g.status === 'running');
  const finished = games
    .filter((g) => g.status === 'finished' && g.result !== null)
    .sort((a, b) => a.finishedAt! - b.finishedAt! || (a.gameId < b.gameId ? -1 : 1));
  const seatedIn = new Map<string, string>();
  for (const g of running) for (const u of g.seats) if (u !== null) seatedIn.set(u, g.gameId);
  const last = new Map<string, TournamentGameRow>();
  for (const g of finished) for (const u of g.seats) if (u !== null) last.set(u, g);
  const list: Entrant[] = entrants.map((e) => {
    const g = last.get(e.userId);
    return {
      userId: e.userId,
      name: e.name,
      joinedAt: e.joinedAt,
      presence: e.presence,
      table: seatedIn.get(e.userId) ?? null,
      freeSince: Math.max(e.presenceAt, g?.finishedAt ?? -Infinity),
      lastMet: g ? g.seats.filter((u): u is string => u !== null && u !== e.userId) : [],
    };
  });
  return {
    startsAt: t.startsAt,
    endsAt: t.endsAt,
    maxPlayers: t.maxPlayers,
    pairing: t.pairing,
    entrants: list,
    running: running.map((g) => ({ id: g.gameId, startedAt: g.startedAt, seats: g.seats })),
    games: finished.map((g) => ({
      id: g.gameId,
      startedAt: g.startedAt,
      finishedAt: g.finishedAt!,
      seats: g.result!,
    })),
  };
}

export interface RunnerDeps {
  readonly store: GameStore;
  readonly presence: TablePresence;
  readonly log: Logger;
  /** Stores the table and opens its room (rooms/table-room.ts `openTable`). */
  readonly openTable: (record: TableRecord) => Promise<string>;
  /** The seats of a new table: the humans (in random seats) and bots of the tournament's level. */
  readonly seatsFor: (
    t: TournamentRecord,
    humans: readonly { userId: string; name: string }[],
  ) => Promise<StoredSeat[]>;
  readonly draining: () => boolean;
  /**
   * Which of these users are connected now (an app of theirs is open, they asked for the tournament's page lately,
   * or they sit at a table: `Whereabouts`). Left out: everyone is (tests of the pairing alone).
   */
  readonly connected?: (userIds: readonly string[]) => Promise<ReadonlySet<string>>;
  readonly now?: () => number;
  /** Announce the scheduled arenas (config SCHEDULED_TOURNAMENTS; default true). Stored ones still run. */
  readonly scheduled?: boolean;
}

export class TournamentRunner {
  private timer: ReturnType<typeof setInterval> | null = null;
  private readonly announced = new Set<string>(); // schedule keys created or found stored
  private ticking: Promise<void> | null = null;
  private readonly checkedAt = new Map<string, number>(); // tournament → when its free entrants were last checked
  tablesOpened = 0; // by this process (metrics, tests)

  constructor(private readonly deps: RunnerDeps) {}

  start(everyMs: number): void {
    this.timer = setInterval(() => void this.tick(), everyMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** One round over every unfinished tournament (one round at a time). */
  tick(): Promise<void> {
    return (this.ticking ??= this.tickOnce()
      .catch((e: unknown) => this.deps.log.error({ err: e }, 'the tournament tick failed'))
      .finally(() => (this.ticking = null)));
  }

  private async tickOnce(): Promise<void> {
    const { store, presence, log } = this.deps;
    if (this.deps.draining()) return;
    // The scheduled tournaments: any process may announce them; the schedule key keeps one per slot.
    const due = this.deps.scheduled === false ? [] : dueScheduled((this.deps.now ?? Date.now)());
    for (const t of due) {
      if (this.announced.has(t.scheduleKey!)) continue;
      if (await store.tournaments.create(t)) log.info({ tournament: t.id }, 'scheduled tournament announced');
      this.announced.add(t.scheduleKey!);
    }
    for (const id of await store.tournaments.unfinished()) {
      const lease = leaseOf(id);
      if (!presence.holds(lease)) {
        if (!(await presence.claim(lease))) continue;
        log.info({ tournament: id }, 'running the tournament here');
      }
      await this.step(id).catch((e: unknown) =>
        log.error({ err: e, tournament: id }, 'a tournament step failed'),
      );
    }
  }

  private async step(id: string): Promise<void> {
    const { store, presence } = this.deps;
    const now = (this.deps.now ?? Date.now)();
    const t = await store.tournaments.get(id);
    if (!t) return;
    if (t.status === 'upcoming' && now < t.startsAt) return; // nothing to do before the start: no more reads
    const [entrants, games] = await Promise.all([
      store.tournaments.entrants(id),
      store.tournaments.games(id),
    ]);
    // A game whose table never came to be (the process died between the two writes) will never finish.
    for (const g of games) {
      if (g.status !== 'running' || now - g.startedAt < OPEN_TIMEOUT_MS) continue;
      if ((await store.tableStatus(g.gameId)) === null) await store.tournaments.abandonGame(g.gameId);
    }
    const state = stateFromRows(t, entrants, games);
    const ph = phase(state, now);
    if (t.status === 'upcoming' && ph !== 'upcoming') await store.tournaments.setStatus(id, 'running', now);
    if (ph === 'finished') {
      await payPodium(store.progress, t, standingsOf(state), state.games, now);
      await store.tournaments.setStatus(id, 'finished', now);
      await presence.release(leaseOf(id));
      this.checkedAt.delete(id);
      this.deps.log.info({ tournament: id, games: state.games.length }, 'tournament finished');
      return;
    }
    if (ph !== 'running') {
      this.checkedAt.delete(id);
      return;
    }
    const idle = t.kind === 'private' ? idleSince(t, entrants, games) : null;
    if (idle !== null && now - idle >= ABSENT_CLOSE_MS) {
      if (await store.tournaments.closeEarly(id, now))
        this.deps.log.info({ tournament: id }, 'nobody was active for a while: the tournament ends now');
      return;
    }
    let { tables } = pairNow(state, now, () => tableId());
    // Nobody is seated who is not connected (a table is never started for nobody): the absent are marked away,
    // and the others paired again without them. Checked before a table opens, and now and then while they wait.
    const due = now - (this.checkedAt.get(id) ?? -Infinity) >= PRESENCE_CHECK_MS;
    if (this.deps.connected && (tables.length > 0 || due)) {
      this.checkedAt.set(id, now);
      const free = freeEntrants(state, now).map((e) => e.userId);
      const here = free.length > 0 ? await this.deps.connected(free) : new Set<string>();
      const gone = free.filter((u) => !here.has(u));
      if (gone.length > 0) {
        await store.tournaments.markAway(id, gone, now);
        const without = new Set(gone);
        const rest: TournamentState = {
          ...state,
          entrants: state.entrants.map((e) => (without.has(e.userId) ? { ...e, presence: 'away' } : e)),
        };
        tables = pairNow(rest, now, () => tableId()).tables;
      }
    }
    if (tables.length === 0 || !presence.holds(leaseOf(id)) || this.deps.draining()) return;
    const names = new Map(entrants.map((e) => [e.userId, e.name]));
    const records: TableRecord[] = [];
    for (const tb of tables) {
      const humans = tb.seats.flatMap((u) => (u === null ? [] : [{ userId: u, name: names.get(u) ?? u }]));
      records.push({
        id: tb.id,
        kind: 'tournament',
        rated: tournamentRated(t), // a private tournament's never are
        rules: t.rules,
        seats: await this.deps.seatsFor(t, humans),
        botLevel: t.botLevel,
        status: 'playing',
        createdAt: now,
        // A private tournament's tables are not listed nor watched: its players chose one another (docs/tournaments.md).
        ...(t.kind === 'private' && { watchersOpen: false }),
      });
    }
    await store.tournaments.startGames(
      id,
      records.map((r) => ({
        gameId: r.id,
        seats: r.seats.map((s) => (s.kind === 'human' ? s.userId : null)),
        startedAt: now,
      })),
    );
    await Promise.all(
      records.map(async (r) => {
        try {
          await this.deps.openTable(r);
          this.tablesOpened++;
        } catch (e) {
          this.deps.log.error({ err: e, tournament: id, table: r.id }, 'a tournament table could not open');
          if ((await store.tableStatus(r.id)) === null) await store.tournaments.abandonGame(r.id);
        }
      }),
    );
  }
}
