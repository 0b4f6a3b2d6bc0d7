import { describe, expect, test } from 'vitest';
import type { TournamentPage } from '@hearts/protocol/http';
import { standings, type TournamentGame } from '@hearts/server/tournament/scoring';
import { checkStandings } from './loadtest-tournament.js';
import type { PlayerSeen } from './loadtest-players.js';

/**
 * Four players (p0–p3) and a bot play three games; p0 wins all three (the third doubled), the second game has a tie
 * for second place. The server's page is made with the scoring rule, the clients' view from the same games.
 */
const PLACES: Record<string, { seats: (string | null)[]; places: number[] }> = {
  g1: { seats: ['p0', 'p1', 'p2', 'p3'], places: [1, 2, 3, 4] },
  g2: { seats: ['p1', 'p0', 'p2', null], places: [2, 1, 2, 4] },
  g3: { seats: ['p0', 'p3', 'p1', 'p2'], places: [1, 4, 3, 2] },
};
const games: TournamentGame[] = Object.entries(PLACES).map(([id, g], k) => ({
  id,
  startedAt: k * 100,
  finishedAt: k * 100 + 50,
  seats: g.seats.map((userId, i) => ({ userId, name: userId ?? 'bot', place: g.places[i]! })),
}));
const players = ['p0', 'p1', 'p2', 'p3'];

function page(): TournamentPage {
  const lines = standings(
    players.map((userId, joinedAt) => ({ userId, name: userId, joinedAt })),
    games,
  );
  return {
    tournament: {} as TournamentPage['tournament'],
    phase: 'finished',
    now: 0,
    running: 0,
    finished: games.length,
    you: null,
    standings: lines.map((l) => ({
      rank: l.rank,
      name: l.name,
      you: false,
      points: l.points,
      games: l.games,
      wins: l.wins,
      streak: l.streak,
      presence: 'active',
      playing: false,
      prize: 0,
      results: l.results.map((r) => ({
        gameId: r.gameId,
        place: r.place,
        points: r.units / 12,
        doubled: r.doubled,
      })),
    })),
  };
}

/** What each player's client saw: its tables' places, and its own line of the page. */
function seen(p: TournamentPage): PlayerSeen[] {
  return players.map((id) => ({
    finished: Object.entries(PLACES)
      .filter(([, g]) => g.seats.includes(id))
      .map(([tableId, g]) => ({ tableId, seat: g.seats.indexOf(id), places: g.places })),
    row: p.standings.find((r) => r.name === id) ?? null,
  }));
}

describe('checkStandings', () => {
  test('standings made by the scoring rule from the games played pass', () => {
    const p = page();
    expect(p.standings[0]).toMatchObject({ name: 'p0', points: 16, wins: 3, streak: 3 }); // 4 + 4 + 2 × 4
    expect(checkStandings(p, seen(p))).toEqual([]);
  });

  test('a game counted with the wrong place or points is found', () => {
    const p = page();
    const s = seen(p);
    const row = p.standings.find((r) => r.name === 'p3')!;
    row.results[0] = { ...row.results[0]!, place: 3, points: 1 }; // g1: p3 was fourth
    row.points += 1;
    expect(checkStandings(p, s)).toEqual([
      'game g1: counted as place 3, 1 points; played: place 4, 0 points',
    ]);
  });

  test('a streak doubled where it should not be is found', () => {
    const p = page();
    const row = p.standings.find((r) => r.name === 'p0')!;
    row.results[2] = { ...row.results[2]!, doubled: false, points: 4 };
    row.points -= 4;
    expect(checkStandings(p, seen(p))).toEqual([
      'game g3: counted as place 1, 4 points; played: place 1, 8 points (doubled)',
    ]);
  });

  test('a game counted for a player who did not play it to the end, and a line that does not add up', () => {
    const p = page();
    const s = seen(p);
    s[3] = { ...s[3]!, finished: s[3]!.finished.filter((t) => t.tableId !== 'g3') }; // p3's client lost g3
    p.standings.find((r) => r.name === 'p1')!.points += 1;
    expect(checkStandings(p, s)).toEqual(
      expect.arrayContaining([
        'p1: 5.5 points but results add up to 4.5',
        'game g3: in a line, but its player did not finish it',
        'game g3: in 4 lines, played to the end by 3',
      ]),
    );
  });

  test('a line ranked out of order is found', () => {
    const p = page();
    [p.standings[0], p.standings[1]] = [p.standings[1]!, p.standings[0]!];
    expect(checkStandings(p, seen(p)).join('\n')).toMatch(/ranked below/);
  });
});
