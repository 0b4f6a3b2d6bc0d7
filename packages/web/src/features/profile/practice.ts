/**
 * Solo wins pay a token amount of chips: when this device has a live player (a guest token), every solo game won
 * here and kept in the history is reported to the server once, which replays it before paying (docs/rating.md: the
 * deck is dealt and the bots play on the device, so the server cannot tell a played game from a made-up one; it pays
 * a token 500 a game, for games of at least 3 hands, at most 20 a day). Reported games are remembered in the device
 * store; the server refuses a game twice anyway. A game in which the player took cards back (undo) pays nothing.
 *
 * ```ts
 * watchPracticeWins(solo, store); // after every finished solo game
 * await claimPracticeWins(store); // e.g. when the shop opens
 * ```
 */
import { undosOf } from '@hearts/engine';
import { loadHistory, type HistoryEntry } from '../../kit/records';
import { HUMAN } from '../../kit/names';
import { readJson, writeJson, type KeyValueStore } from '../../kit/storage';
import { TOKEN_KEY } from '../../kit/server/token';
import { ApiError } from '../../kit/server/api-error';

export const CLAIMED_KEY = 'hearts.practice.reported';

/** Ids of the history's games already reported. */
export function reported(store: KeyValueStore): string[] {
  const v = readJson(store, CLAIMED_KEY);
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
}

/**
 * Won games of the history not reported yet, oldest first. A game with cards taken back (its record's `undos`) was
 * practice only: it is never reported (the server would refuse it).
 */
export function unreportedWins(history: readonly HistoryEntry[], done: readonly string[]): HistoryEntry[] {
  const seen = new Set(done);
  return history
    .filter((e) => e.winners.includes(HUMAN) && !seen.has(e.id) && undosOf(e.record) === 0)
    .reverse();
}

export interface ClaimOutcome {
  readonly paid: number; // games paid now
  readonly chips: number; // chips they paid
  readonly stopped: 'cap' | 'offline' | null; // why reporting stopped early
}

let running: Promise<ClaimOutcome> | null = null;

/** Reports the unreported won games (one sweep at a time). Without a live player nothing happens. */
export function claimPracticeWins(store: KeyValueStore): Promise<ClaimOutcome> {
  running ??= sweep(store).finally(() => (running = null));
  return running;
}

async function sweep(store: KeyValueStore): Promise<ClaimOutcome> {
  const token = store.get(TOKEN_KEY);
  if (!token) return { paid: 0, chips: 0, stopped: null };
  const history = loadHistory(store);
  const done = reported(store);
  let paid = 0;
  let chips = 0;
  let stopped: ClaimOutcome['stopped'] = null;
  for (const entry of unreportedWins(history, done)) {
    try {
      // The server's API (and zod, which checks its answers) is loaded only when there is a game to report;
      // failing to load it (offline) stops this sweep like a failed call.
      const { claimPractice } = await import('./api');
      const r = await claimPractice(token, entry.record, HUMAN);
      paid++;
      chips += r.amount;
    } catch (e) {
      if (e instanceof ApiError && e.code === 'ERR_DAILY_CAP') {
        stopped = 'cap';
        break;
      }
      // Offline or the server failing: try again another time. Any other refusal is final for this game.
      if (!(e instanceof ApiError) || e.status === 0 || e.status >= 500 || e.status === 401) {
        stopped = 'offline';
        break;
      }
    }
    done.push(entry.id);
  }
  // Keep only ids still in the history (it keeps the newest games only).
  const ids = new Set(history.map((e) => e.id));
  writeJson(
    store,
    CLAIMED_KEY,
    done.filter((id) => ids.has(id)),
  );
  return { paid, chips, stopped };
}

/** What `watchPracticeWins` watches: the solo table (src/features/solo/host.ts), whose snapshot has a result once a game ends. */
export interface SoloGames {
  getSnapshot(): { readonly result: unknown };
  subscribe(listener: () => void): () => void;
}

/**
 * Reports each solo game as soon as it is won: once the table has its result (the game is then in the history; a
 * finished game resumed shows its result again, and the sweep passes over what was reported).
 */
export function watchPracticeWins(solo: SoloGames, store: KeyValueStore): () => void {
  let over = solo.getSnapshot().result !== null;
  return solo.subscribe(() => {
    const now = solo.getSnapshot().result !== null;
    if (now && !over) void claimPracticeWins(store);
    over = now;
  });
}
