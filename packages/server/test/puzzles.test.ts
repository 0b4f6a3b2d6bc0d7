/**
 * Puzzles over HTTP (`ROUTES.puzzles…`) on a real server, on SQLite and on PostgreSQL: offered near the player's
 * rating, answered once, ratings moved by rated answers only; the day's puzzle; a streak ends at a wrong answer; a
 * storm's time runs out; the player page's history; a guest's puzzles merge into a kept name. Bad input moves no
 * rating: a forged result, a replayed answer, a flood of answers, an answer to a puzzle not offered (or another's
 * offer, or a move the puzzle does not have).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Puzzle } from '@hearts/practice/puzzles';
import type {
  PuzzleAnswerView,
  PuzzleDailyView,
  PuzzleOfferView,
  PuzzlePlayerView,
  PuzzleRunView,
} from '@hearts/protocol/http/puzzles';
import type { ServerConfig } from '../src/config.js';
import { api, guest, startTestServer, type TestServer } from './helpers.js';
import { samplePuzzles, writeLibrary } from './puzzle-fixtures.js';
import { scaledServices } from './services.js';

const PUZZLES = samplePuzzles(40);
const byId = new Map(PUZZLES.map((p) => [p.id, p]));
const file = writeLibrary(PUZZLES);
const scaled = await scaledServices('puzzles on PostgreSQL');

type Refusal = { error: string; message: string };

/** The right move of an offered puzzle (the test knows the library), or a wrong one. */
const moveOf = (o: PuzzleOfferView, right: boolean): string[] => {
  const p: Puzzle = byId.get(o.puzzle.id)!;
  if (right) return p.kind === 'play' ? [p.solution[0]!] : [...p.solution];
  return [...p.options[1]!.move];
};

const databases: [string, () => Partial<ServerConfig> | null][] = [
  ['SQLite', () => ({})],
  [
    'PostgreSQL',
    () => (scaled ? { databaseUrl: scaled.databaseUrl, databaseSchema: scaled.schema() } : null),
  ],
];

describe.each(databases)('puzzles on %s', (name, db) => {
  const over = db();
  let t: TestServer;
  let limited: TestServer;
  beforeAll(async () => {
    if (over === null) return;
    t = await startTestServer({ ...over, puzzlesFile: file });
    // A second server with the default rate of puzzle requests, for the flood (its own schema on PostgreSQL).
    const second =
      name === 'PostgreSQL' && scaled
        ? { databaseUrl: scaled.databaseUrl, databaseSchema: scaled.schema() }
        : {};
    limited = await startTestServer({
      ...second,
      puzzlesFile: file,
      puzzleLimit: { count: 12, seconds: 60 },
    });
  });
  afterAll(async () => {
    if (over === null) return;
    await t.stop();
    await limited.stop();
    if (scaled) await scaled.cleanup();
  });
  const it = over === null ? test.skip : test;

  const next = (token: string, body: Record<string, unknown> = { mode: 'rated' }, url = t.url) =>
    api<PuzzleOfferView>(url, '/api/puzzles/next', { token, body });
  const answer = (token: string, offer: string, move: unknown, url = t.url) =>
    api<PuzzleAnswerView>(url, `/api/puzzles/answers/${offer}`, { token, body: { move } });
  const me = (token: string, url = t.url) => api<PuzzlePlayerView>(url, '/api/puzzles/players/me', { token });

  it('a rated puzzle: offered near the rating, the same until answered, answered once; both ratings move', async () => {
    const a = await guest(t.url);
    const first = await next(a.token);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ mode: 'rated', rated: true, run: null });
    // The question tells nothing of the answer.
    expect(Object.keys(first.body.puzzle).sort()).toEqual(['choices', 'id', 'kind', 'observation', 'rating']);
    expect(Math.abs(first.body.puzzle.rating - 1500)).toBeLessThanOrEqual(150);
    // Asked again (a reload): the same offer.
    expect((await next(a.token)).body.offer).toBe(first.body.offer);
    const r = await answer(a.token, first.body.offer, moveOf(first.body, true));
    expect(r.status).toBe(200);
    expect(r.body.right).toBe(true);
    expect(r.body.rating!.before).toBe(1500);
    expect(r.body.rating!.after).toBeGreaterThan(1500);
    expect(r.body.puzzleRating!.after).toBeLessThan(r.body.puzzleRating!.before);
    // The answer explained: every option with its points, best first, and a line for each.
    const p = byId.get(first.body.puzzle.id)!;
    expect(r.body.options.map((o) => o.points)).toEqual(p.options.map((o) => o.points));
    expect(r.body.lines).toHaveLength(p.options.length);
    expect(r.body.solution).toEqual(p.solution);
    // A replayed answer is refused and moves nothing.
    const again = await answer(a.token, first.body.offer, moveOf(first.body, true));
    expect(again).toMatchObject({ status: 409, body: { error: 'ERR_PUZZLE_ANSWERED' } });
    const mine = await me(a.token);
    expect(mine.body.rating).toMatchObject({ rating: r.body.rating!.after, attempts: 1, solved: 1 });
    expect(mine.body.history).toEqual([
      expect.objectContaining({ rating: r.body.rating!.after, right: true }),
    ]);
    // The next offer is another puzzle (a rated puzzle is offered once).
    const second = await next(a.token);
    expect(second.body.puzzle.id).not.toBe(first.body.puzzle.id);
    const wrong = await answer(a.token, second.body.offer, moveOf(second.body, false));
    expect(wrong.body.right).toBe(false);
    expect(wrong.body.rating!.after).toBeLessThan(wrong.body.rating!.before);
    expect(wrong.body.option).toBe(1);
  });

  it('bad input moves no rating: a forged result, a puzzle not offered, another’s offer, a move the puzzle has not', async () => {
    const a = await guest(t.url);
    const b = await guest(t.url);
    const o = (await next(a.token)).body;
    const refused = async (r: Promise<{ status: number; body: unknown }>, status: number, error: string) => {
      const x = await r;
      expect(x.status).toBe(status);
      expect((x.body as Refusal).error).toBe(error);
    };
    // A result instead of a move: the body takes a move only.
    await refused(
      api(t.url, `/api/puzzles/answers/${o.offer}`, { token: a.token, body: { right: true } }),
      400,
      'ERR_MALFORMED',
    );
    await refused(
      api(t.url, `/api/puzzles/answers/${o.offer}`, {
        token: a.token,
        body: { move: moveOf(o, true), right: true, rating: 3000 },
      }),
      400,
      'ERR_MALFORMED',
    );
    // A puzzle never offered: its id as an offer, a made-up offer; another player's offer.
    await refused(answer(a.token, o.puzzle.id, moveOf(o, true)), 404, 'ERR_NOT_FOUND');
    await refused(answer(a.token, 'po000000000000000000000000', moveOf(o, true)), 404, 'ERR_NOT_FOUND');
    await refused(answer(b.token, o.offer, moveOf(o, true)), 404, 'ERR_NOT_FOUND');
    // A card the position has not (or not legal there).
    const p = byId.get(o.puzzle.id)!;
    const notLegal = ['2C', '3D', 'QS', 'AH', 'TD', '7S'].find(
      (c) => !p.observation.legal.includes(c as never),
    )!;
    await refused(
      answer(a.token, o.offer, p.kind === 'play' ? [notLegal] : [notLegal, notLegal, notLegal]),
      400,
      'ERR_PUZZLE_MOVE',
    );
    await refused(answer(a.token, o.offer, ['XX']), 400, 'ERR_MALFORMED');
    // Without a token: signed in only.
    await refused(answer('', o.offer, moveOf(o, true)), 401, 'ERR_SIGN_IN');
    // Nothing moved: no rating for either; the offer is still open and answers once.
    expect((await me(a.token)).body.rating).toBeNull();
    expect((await me(b.token)).body.rating).toBeNull();
    expect((await next(a.token)).body.offer).toBe(o.offer);
    expect((await answer(a.token, o.offer, moveOf(o, true))).status).toBe(200);
  });

  it('a flood of requests is refused past LIMIT_PUZZLES, and what is refused moves nothing', async () => {
    const a = await guest(limited.url);
    const statuses: number[] = [];
    let answered = 0;
    for (let i = 0; i < 20; i++) {
      const o = await next(a.token, { mode: 'rated' }, limited.url);
      statuses.push(o.status);
      if (o.status !== 200) continue;
      const r = await answer(a.token, o.body.offer, moveOf(o.body, true), limited.url);
      statuses.push(r.status);
      if (r.status === 200) answered++;
    }
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    expect(statuses.slice(0, 12).every((s) => s === 200)).toBe(true);
    // The player's rating counts exactly the answers that were taken.
    expect(answered).toBe(6);
    const player = await limited.server.services.store.puzzles.player(a.id);
    expect(player).toMatchObject({ attempts: 6 });
    expect(await limited.server.services.store.puzzles.history(a.id, 100)).toHaveLength(6);
  });

  it('the day’s puzzle is the same for everyone; answered, it says so; offered again it is unrated', async () => {
    const a = await guest(t.url);
    const b = await guest(t.url);
    const day = await api<PuzzleDailyView>(t.url, '/api/puzzles/daily');
    expect(day.status).toBe(200);
    expect(day.body.you).toBeNull();
    expect(day.body.themes).toEqual([]);
    expect((await api<PuzzleDailyView>(t.url, '/api/puzzles/daily', { token: b.token })).body.puzzle.id).toBe(
      day.body.puzzle.id,
    );
    const o = await next(a.token, { mode: 'daily' });
    expect(o.body).toMatchObject({ mode: 'daily', rated: true });
    expect(o.body.puzzle.id).toBe(day.body.puzzle.id);
    const r = await answer(a.token, o.body.offer, moveOf(o.body, true));
    expect(r.body.right).toBe(true);
    const after = await api<PuzzleDailyView>(t.url, '/api/puzzles/daily', { token: a.token });
    expect(after.body.you).toEqual({ right: true });
    expect(after.body.themes).toEqual(byId.get(day.body.puzzle.id)!.themes);
    const again = await next(a.token, { mode: 'daily' });
    expect(again.body.rated).toBe(false);
    const unrated = await answer(a.token, again.body.offer, moveOf(again.body, false));
    expect(unrated.body).toMatchObject({ right: false, rating: null, puzzleRating: null });
    expect((await api<PuzzleDailyView>(t.url, '/api/puzzles/daily', { token: a.token })).body.you).toEqual({
      right: true,
    });
  });

  it('a theme: every puzzle offered has it', async () => {
    const a = await guest(t.url);
    for (let i = 0; i < 4; i++) {
      const o = await next(a.token, { mode: 'rated', theme: 'duck' });
      expect(byId.get(o.body.puzzle.id)!.themes).toContain('duck');
      await answer(a.token, o.body.offer, moveOf(o.body, i % 2 === 0));
    }
  });

  it('a streak goes on while right and ends at the first wrong answer; the best is kept', async () => {
    const a = await guest(t.url);
    const run = (
      await api<PuzzleRunView>(t.url, '/api/puzzles/runs', { token: a.token, body: { mode: 'streak' } })
    ).body;
    expect(run).toMatchObject({ mode: 'streak', score: 0, over: false, endsAt: null });
    let last: PuzzleAnswerView | null = null;
    for (let i = 0; i < 3; i++) {
      const o = await next(a.token, { mode: 'streak', run: run.id });
      expect(o.body.run).toMatchObject({ id: run.id, score: i });
      last = (await answer(a.token, o.body.offer, moveOf(o.body, true))).body;
      expect(last.rating).not.toBeNull(); // a streak's answers are rated
    }
    expect(last!.run).toMatchObject({ score: 3, over: false });
    const o = await next(a.token, { mode: 'streak', run: run.id });
    const end = await answer(a.token, o.body.offer, moveOf(o.body, false));
    expect(end.body.run).toMatchObject({ score: 3, over: true });
    expect((await next(a.token, { mode: 'streak', run: run.id })).body).toMatchObject({
      error: 'ERR_PUZZLE_RUN',
    });
    expect((await me(a.token)).body.rating).toMatchObject({ streakBest: 3 });
    // Someone else's run is not yours.
    const b = await guest(t.url);
    expect((await next(b.token, { mode: 'streak', run: run.id })).body).toMatchObject({
      error: 'ERR_PUZZLE_RUN',
    });
  });

  it('a storm: unrated, a wrong answer takes ten seconds off', async () => {
    const a = await guest(t.url);
    const run = (
      await api<PuzzleRunView>(t.url, '/api/puzzles/runs', { token: a.token, body: { mode: 'storm' } })
    ).body;
    expect(run.endsAt! - run.now).toBe(180_000);
    const o1 = await next(a.token, { mode: 'storm', run: run.id });
    expect(o1.body.rated).toBe(false);
    const r1 = await answer(a.token, o1.body.offer, moveOf(o1.body, true));
    expect(r1.body).toMatchObject({ right: true, rating: null, run: { score: 1, over: false } });
    const o2 = await next(a.token, { mode: 'storm', run: run.id });
    const r2 = await answer(a.token, o2.body.offer, moveOf(o2.body, false));
    expect(r2.body.run!.endsAt).toBe(run.endsAt! - 10_000);
    expect((await me(a.token)).body.rating).toBeNull(); // no rated answer yet
  });

  it('a guest’s puzzles come along when the device signs in to a kept name', async () => {
    const g = await guest(t.url);
    const o = await next(g.token);
    const r = await answer(g.token, o.body.offer, moveOf(o.body, true));
    const kept = await guest(t.url);
    const claimed = await api<{ token: string }>(t.url, '/api/claim', {
      token: kept.token,
      body: { password: 'correct horse battery' },
    });
    expect(claimed.status).toBe(200);
    const merged = await api<PuzzlePlayerView>(t.url, '/api/puzzles/merge', {
      token: claimed.body.token,
      body: { token: g.token },
    });
    expect(merged.status).toBe(200);
    expect(merged.body.rating).toMatchObject({ rating: r.body.rating!.after, attempts: 1 });
    expect((await me(g.token)).body.rating).toBeNull();
    // Only a guest merges in: a kept name's token does not.
    const other = await guest(t.url);
    const refused = await api<Refusal>(t.url, '/api/puzzles/merge', {
      token: other.token,
      body: { token: claimed.body.token },
    });
    expect(refused).toMatchObject({ status: 409, body: { error: 'ERR_NOT_GUEST' } });
    const forged = await api<Refusal>(t.url, '/api/puzzles/merge', {
      token: other.token,
      body: { token: 'h2.forged.0.0.x' },
    });
    expect(forged.status).toBe(401);
  });
});

test('a server without a library says so', async () => {
  const t = await startTestServer({ puzzlesFile: null });
  try {
    const a = await guest(t.url);
    expect(await api(t.url, '/api/puzzles/next', { token: a.token, body: { mode: 'rated' } })).toMatchObject({
      status: 404,
      body: { error: 'ERR_NO_PUZZLE' },
    });
  } finally {
    await t.stop();
  }
});

test('a library that does not read stops the start with its reason', async () => {
  const bad = writeLibrary(PUZZLES.slice(0, 2)).replace(/puzzles\.jsonl\.gz$/, 'missing.gz');
  await expect(startTestServer({ puzzlesFile: bad })).rejects.toThrow(/ENOENT|puzzle library/);
});
