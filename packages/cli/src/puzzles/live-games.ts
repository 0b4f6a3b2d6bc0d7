/**
 * Finished live games of a server's database, for `hearts puzzles build --database`: each game's decisions, every
 * seat's observation at each (the engine's cut, nothing else), of the games played under the rules puzzles are set
 * in. Who played is never read: a puzzle from a live game names no player and no game.
 */
import { gameDecisions } from '@hearts/bots';
import { newGame, replayRecord, type Observation, type Rules } from '@hearts/engine';
import type { OutsideGame } from './build.js';
import { puzzleRules } from './mine.js';

const PAGE = 200;

function observations(record: unknown): Observation[] {
  const points = gameDecisions(record);
  return points.ok ? points.value.map((p) => p.observation) : [];
}

/** The finished games of the database at `url` (a SQLite file, or a postgres:// URL), in the order of their ids. */
export async function liveGames(url: string): Promise<OutsideGame[]> {
  const server = await import('@hearts/server');
  const store = server.isPostgresUrl(url)
    ? await server.openPostgresStore(url)
    : await server.openSqliteStore(url);
  const standard = (newGame({ players: 4 }) as { ok: true; value: { rules: Rules } }).value.rules;
  const out: OutsideGame[] = [];
  try {
    let after: string | null = null;
    for (;;) {
      const page = await store.finishedRecords(after, PAGE);
      for (const { tableId, record } of page) {
        const replay = replayRecord(record);
        if (!replay.ok || !puzzleRules(replay.value.rules, standard)) continue;
        // The decisions are cut when the game is mined: a database's records are held, not their observations.
        out.push({ key: tableId, decisions: () => observations(record) });
      }
      if (page.length < PAGE) break;
      after = page[page.length - 1]!.tableId;
    }
  } finally {
    await store.close();
  }
  return out;
}
