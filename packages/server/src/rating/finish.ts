/**
 * The end of a live game, applied exactly once: in one transaction the result is claimed in `game_results` (its
 * primary key is the game id), the ratings move and their history grows, every seat's record is written, the
 * winners' chips are paid, and the table is marked finished with its record. A crash anywhere before the commit
 * leaves nothing behind, and the table (still unfinished) is restored and finished again; after the commit the
 * table is finished and never finishes again, and a second attempt only reads the stored result. Whether the game
 * is rated, how its seats are placed and what it pays is the fairness policy's verdict (`fairness/policy.ts`).
 *
 * ```ts
 * const result = await finishLiveGame(store, table); // what to tell the players
 * ```
 */
import { makeRecord } from '@hearts/engine';
import { DELETED_PLAYER } from '@hearts/protocol/http/privacy';
import { DELETED_SUBJECT } from '../store/kysely-accounts.js';
import { makeRecordName, type BotLevel, type ResultMessage } from '@hearts/protocol/socket';
import { payUnderCap } from '../economy/chips.js';
import { gameVerdict, tournamentGameKind, type GameKind } from '../fairness/policy.js';
import type { PlayerGameRow } from '../store/progress.js';
import type { FinishedGame, GameStore, PlayerResult } from '../store/types.js';
import type { Table } from '../table.js';
import { boundedStep, displayRating, isProvisional, mergeSeats, rateGame, type Skill } from './model.js';
import { botSubject, levelOfSubject, standingOf, storedSkills, userSubject } from './standings.js';
import { gameSeatStats } from './stats.js';

/** A rating row changed under us (another table finished at the same time): the table retries. */
export class RatingConflict extends Error {}

/** The record's name for a seat: bots are marked with their level. */
export function recordName(s: Table['seats'][number]): string {
  if (s.kind === 'human') return s.name;
  return makeRecordName({ name: s.name, bot: s.level, tookOver: s.replaced });
}

/** The subject a seat's result belongs to: the human dealt in (also after a takeover), or the bot seated. */
function seatSubject(s: Table['seats'][number]): string | null {
  if (s.userId !== null) return userSubject(s.userId);
  if (s.level !== null && !s.replaced) return botSubject(s.level);
  return null;
}

/**
 * The policy's kind of a table's game. A tournament's table is a private tournament's (the players chose their
 * opponents) or a public arena's; a table whose tournament cannot be found counts as private (the stricter).
 */
export async function gameKindOf(store: GameStore, record: Table['record']): Promise<GameKind> {
  if (record.kind !== 'tournament') return record.kind;
  const id = await store.tournaments.gameTournament(record.id);
  const t = id === null ? null : await store.tournaments.get(id);
  return tournamentGameKind(t?.kind ?? 'private');
}

/** Finishes the table's game once and returns what the players are told. */
export async function finishLiveGame(
  store: GameStore,
  table: Table,
  now = Date.now(),
): Promise<ResultMessage> {
  const kind = await gameKindOf(store, table.record);
  return store.progress.transaction(async (tx) => {
    const done = await tx.gameResult(table.id);
    if (done !== null) return JSON.parse(done) as ResultMessage;

    // A player deleted during the game (a bot took the seat over) finishes under the neutral name, and no rating of
    // theirs is kept; the others are rated as with any leaver.
    const deleted = await tx.deletedUsers(table.seats.flatMap((x) => (x.userId === null ? [] : [x.userId])));
    const gone = (i: number): boolean => {
      const u = table.seats[i]!.userId;
      return u !== null && deleted.has(u);
    };
    const seats = table.seats.map((x, i) => (gone(i) ? { ...x, name: DELETED_PLAYER } : x));
    const scores = table.game.scores;
    const verdict = gameVerdict({
      kind,
      askedRated: table.record.rated,
      seats: table.record.seats.map((s, i) => ({ human: s.kind === 'human', left: seats[i]!.replaced })),
      scores,
      hands: table.game.results.length,
    });
    const rated = verdict.rated;
    const ranks = [...verdict.places];
    const subjects = seats.map(seatSubject);

    // Ratings: every rated seat against every other, leavers last.
    const before: (number | null)[] = seats.map(() => null);
    const after: (number | null)[] = seats.map(() => null);
    const provisionalAfter = seats.map(() => false);
    const newSkills = new Map<string, Skill>();
    if (rated) {
      const ratedSeats = subjects.flatMap((s, i) => (s === null ? [] : [i]));
      const stored = await storedSkills(
        tx,
        ratedSeats.map((i) => subjects[i]!),
      );
      const priors = new Map([...stored].map(([k, v]) => [k, standingOf(v, now)]));
      if (ratedSeats.length >= 2) {
        const rated2 = rateGame(
          ratedSeats.map((i) => ({ skill: priors.get(subjects[i]!)!.skill, place: ranks[i]! })),
        );
        const bySubject = new Map<string, Skill[]>();
        ratedSeats.forEach((i, k) => {
          const list = bySubject.get(subjects[i]!) ?? [];
          list.push(rated2[k]!);
          bySubject.set(subjects[i]!, list);
        });
        for (const [subject, afters] of bySubject) {
          const prior = priors.get(subject)!.skill;
          const merged = mergeSeats(prior, afters);
          // A provisional player's game moves the displayed rating by at most PROVISIONAL.maxMove.
          const provisional = isProvisional(stored.get(subject)!.games, levelOfSubject(subject) !== null);
          newSkills.set(subject, provisional ? boundedStep(prior, merged) : merged);
        }
      }
      for (const i of ratedSeats) {
        const subject = subjects[i]!;
        const games = stored.get(subject)!.games + (newSkills.has(subject) ? 1 : 0);
        provisionalAfter[i] = isProvisional(games, levelOfSubject(subject) !== null);
        before[i] = priors.get(subject)!.rating;
        const skill = newSkills.get(subject);
        after[i] = skill ? displayRating(skill) : before[i];
      }
      for (const [subject, skill] of newSkills) {
        const old = stored.get(subject)!;
        const seat = subjects.indexOf(subject);
        const s = seats[seat]!;
        if (gone(seat)) continue;
        if (old.games === 0) {
          // A first rated game: a second insert of the same subject at the same time fails on the primary key.
          await tx.insertRating({
            subject,
            userId: s.userId,
            botLevel: s.userId === null ? s.level : null,
            mu: skill.mu,
            sigma: skill.sigma,
            games: 1,
            lastPlayedAt: now,
          });
        } else {
          const next = { subject, mu: skill.mu, sigma: skill.sigma, games: old.games + 1, lastPlayedAt: now };
          if (!(await tx.updateRating(next, old.games)))
            throw new RatingConflict(`${subject} was rated meanwhile`);
        }
        const bestPlace = Math.min(...subjects.flatMap((x, i) => (x === subject ? [ranks[i]!] : [])));
        await tx.addRatingHistory({
          subject,
          gameId: table.id,
          at: now,
          mu: skill.mu,
          sigma: skill.sigma,
          ratingBefore: priors.get(subject)!.rating,
          ratingAfter: displayRating(skill),
          place: bestPlace,
        });
      }
    }

    // Each seat's record of the game: its totals from the game's own state (the record is not replayed for them).
    const record = makeRecord(
      table.game,
      seats.map((x, i) => (gone(i) ? DELETED_PLAYER : recordName(x))),
    );
    const perSeat = gameSeatStats(table.game);
    const rows = seats.flatMap((s, i): PlayerGameRow[] => {
      const subject = gone(i) ? DELETED_SUBJECT : (subjects[i] ?? (s.level ? botSubject(s.level) : null));
      if (subject === null) return [];
      const st = perSeat[i]!;
      return [
        {
          gameId: table.id,
          seat: i,
          subject,
          name: s.name,
          kind: table.record.kind,
          rated,
          left: s.replaced,
          score: scores[i]!,
          place: ranks[i]!,
          hands: st.hands,
          points: st.points,
          moons: st.moons,
          queens: st.queens,
          finishedAt: now,
        },
      ];
    });
    await tx.addPlayerGames(rows);

    // The daily game pays no chips; its attempt gets the points per hand of the player's seat (written once).
    if (table.record.kind === 'daily') {
      const seat = table.record.seats.findIndex((x) => x.kind === 'human');
      await tx.finishDailyAttempt(table.id, {
        points: table.game.results.map((r) => r.points[seat]!),
        left: seats[seat]!.replaced,
        at: now,
      });
    }
    // A tournament game counts for its tournament once, in this transaction (its places; bots as null; a seat a
    // bot took over is placed last and marked).
    if (table.record.kind === 'tournament') {
      await tx.finishTournamentGame(
        table.id,
        seats.map((s, i) => ({
          userId: s.userId,
          name: s.name,
          place: ranks[i]!,
          ...(s.replaced && { left: true }),
        })),
        now,
      );
    }
    // Chips: what the verdict pays each winner who stayed to the end, under the winner's daily cap. Winners are
    // paid in user order, so two tables paying the same two players at once take their rows in the same order (no
    // deadlock on PostgreSQL).
    const chips = seats.map(() => 0);
    const winners = seats
      .flatMap((s, i) => (verdict.paid[i] && s.userId !== null && !gone(i) ? [{ i, userId: s.userId }] : []))
      .sort((a, b) => (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : a.i - b.i));
    const paid = new Set<string>();
    for (const { i, userId } of verdict.prize ? winners : []) {
      if (paid.has(userId)) continue;
      paid.add(userId);
      const entry = { id: `win:${table.id}:${userId}`, userId, ref: table.id, at: now };
      chips[i] = await payUnderCap(tx, entry, verdict.prize!);
    }

    const result: ResultMessage = {
      scores: [...scores],
      ranks,
      ratings: seats.map((_, i) =>
        before[i] === null || after[i] === null
          ? null
          : {
              before: Math.round(before[i]!),
              after: Math.round(after[i]!),
              provisional: provisionalAfter[i]!,
            },
      ),
      recordId: table.id,
      chips,
    };
    await tx.addGameResult({
      gameId: table.id,
      kind: table.record.kind,
      rated,
      userId: null,
      finishedAt: now,
      result: JSON.stringify(result),
    });

    // The table itself: finished, with its record, players and the ratings shown in the old columns.
    const players: PlayerResult[] = seats.map((s, i) => ({
      seat: i,
      userId: gone(i) ? null : s.userId,
      name: s.name,
      botLevel: s.level,
      replaced: s.replaced,
      score: scores[i]!,
      rank: ranks[i]!,
      ratingBefore: before[i]!,
      ratingAfter: after[i]!,
    }));
    const botRatings: { level: BotLevel; rating: number }[] = [];
    for (const [subject, skill] of newSkills) {
      const seat = seats[subjects.indexOf(subject)]!;
      if (seat.userId === null && seat.level !== null)
        botRatings.push({ level: seat.level, rating: displayRating(skill) });
    }
    const game: FinishedGame = {
      tableId: table.id,
      finishedAt: now,
      players,
      record,
      userRatings: players.flatMap((p) =>
        p.userId !== null && p.ratingAfter !== null ? [{ userId: p.userId, rating: p.ratingAfter }] : [],
      ),
      botRatings,
    };
    await tx.finishGame(game);
    return result;
  });
}
