/**
 * Replaying a finished (or unfinished) game from its `hearts-record/1` record, trick by trick, with every
 * hand open. The engine replays the record; this module only picks positions out of it.
 *
 * ```ts
 * const r = openReplay(JSON.parse(text));
 * if (r.ok) r.value.at(0, 3).holdings; // every seat's cards after the third trick of the first hand
 * ```
 */
import {
  CardSet,
  handSummary,
  handTricks,
  heldAfterPassing,
  observation,
  passOffset,
  replayRecord,
  type CardName,
  type GameRecord,
  type GameState,
  type HandResult,
  type HandSummary,
  type RecordError,
  type Result,
  type TrickView,
  err,
  ok,
} from '@hearts/engine';
import { sortHand } from './cards';

/** One position of a replay: after `step` tricks of hand `hand`. */
export interface ReplayPosition {
  readonly hand: number;
  readonly step: number; // tricks played so far in this hand (0 = just dealt and passed)
  readonly steps: number; // tricks recorded in this hand
  readonly holdings: readonly (readonly CardName[])[]; // every seat's cards, sorted
  readonly passes: readonly (readonly CardName[])[] | null; // what each seat passed, on hands with passing
  readonly passOffset: number;
  readonly trick: TrickView | null; // the trick just played (winner set when complete)
  readonly taken: readonly number[]; // points taken in this hand so far, before the moon rule
  readonly result: HandResult | null; // once the hand is over
  readonly summary: HandSummary | null; // once the hand is over: who took what (the engine's summary)
  readonly totals: readonly number[]; // game scores after this hand, once it is over; before it otherwise
}

export interface Replay {
  readonly record: GameRecord;
  readonly players: readonly string[];
  readonly hands: number; // hands in the record
  readonly finished: boolean;
  readonly scores: readonly number[];
  readonly winners: readonly number[];
  at(hand: number, step: number): ReplayPosition;
}

/** Reads a record (already parsed JSON) and checks every step with the engine. */
export function openReplay(input: unknown): Result<Replay, RecordError> {
  const r = replayRecord(input);
  if (!r.ok) return err(r.error);
  const record = input as GameRecord;
  const final = r.value.state;
  const n = r.value.rules.players;
  const cache = new Map<string, ReplayPosition>();

  const position = (hand: number, step: number): ReplayPosition => {
    const log = final.log[hand]!;
    const tricks = handTricks(final, hand);
    const offset = passOffset(final.rules, hand);
    const passes = log.passes && log.passes.every((p) => p !== null) ? log.passes.map((p) => p!) : null;
    const after = heldAfterPassing(final, hand);
    const played = after.map(() => CardSet.EMPTY);
    for (const t of tricks.slice(0, step))
      t.cards.forEach((c, i) => {
        const s = (t.leader + i) % n;
        played[s] = played[s]!.union(CardSet.fromNames([c])!);
      });
    const result = final.results[hand] ?? null;
    const over = result !== null && step === tricks.length;
    const scoresBefore = final.results
      .slice(0, hand)
      .reduce<number[]>((acc, res) => acc.map((v, s) => v + res.points[s]!), new Array<number>(n).fill(0));
    return {
      hand,
      step,
      steps: tricks.length,
      holdings: after.map((cards, s) => sortHand(cards.diff(played[s]!).names())),
      passes: passes ? passes.map((p) => p.names()) : null,
      passOffset: offset,
      trick: step > 0 ? tricks[step - 1]! : null,
      taken: over ? result.taken : takenAfter(record, hand, step, final, n),
      result: over ? result : null,
      summary: over ? handSummary(final, hand) : null,
      totals: over ? scoresBefore.map((v, s) => v + result.points[s]!) : scoresBefore,
    };
  };

  return ok({
    record,
    players: r.value.players,
    hands: final.log.length,
    finished: r.value.finished,
    scores: r.value.scores,
    winners: r.value.winners,
    at(hand, step) {
      const h = Math.max(0, Math.min(final.log.length - 1, hand));
      const max = handTricks(final, h).length;
      const s = Math.max(0, Math.min(max, step));
      const key = `${h}/${s}`;
      let p = cache.get(key);
      if (!p) cache.set(key, (p = position(h, s)));
      return p;
    },
  });
}

/** Points taken in hand `hand` after `step` tricks: the engine replays the record cut there. */
function takenAfter(record: GameRecord, hand: number, step: number, final: GameState, n: number): number[] {
  if (step === 0) return new Array<number>(n).fill(0);
  const h = record.hands[hand]!;
  const cut: GameRecord = {
    ...record,
    hands: [
      ...record.hands.slice(0, hand),
      {
        deal: h.deal,
        ...(h.passes ? { passes: h.passes } : {}),
        ...(h.sevenSuit ? { sevenSuit: h.sevenSuit } : {}),
        tricks: h.tricks.slice(0, step),
      },
    ],
  };
  const r = replayRecord(cut);
  if (!r.ok) return new Array<number>(n).fill(0);
  const state = r.value.state;
  return state.phase === 'play'
    ? [...observation(state, 0).handPoints]
    : [...(final.results[hand]?.taken ?? [])];
}

/** The file name a downloaded record gets: hearts-2026-11-30-1542.json. */
export function recordFileName(date: Date): string {
  const p = (x: number) => String(x).padStart(2, '0');
  return `hearts-${date.getFullYear()}-${p(date.getMonth() + 1)}-${p(date.getDate())}-${p(date.getHours())}${p(date.getMinutes())}.json`;
}

/**
 * A replay opened from a file (or fetched: a live or daily game) lives here until another one is opened; `seat` is
 * the reader's own seat in it when known (the one its analysis is for), null when the reader picks one; `game` is
 * the id of the reader's own game (a live game of theirs: its mistakes become training positions), else null.
 */
export const openedFile: {
  readonly replay: Replay | null;
  readonly name: string;
  readonly seat: number | null;
  readonly game: string | null;
  readonly from: OpenedFrom | null; // the page it was opened from, where "back" returns (null: the history)
} = { replay: null, name: '', seat: null, game: null, from: null };

/** The page a replay was opened from: its route and the key of its title, for the replay's way back. */
export interface OpenedFrom {
  readonly route: string; // e.g. "/daily/2026-12-05"
  readonly title: string; // a text key, e.g. "daily.title"
}

/**
 * Opens a replay as the opened file. `player`: the seat to analyse when known, and the game's id when it is the
 * reader's own game (null: another's); without it the reader picks the seat.
 */
export function setOpenedFile(
  replay: Replay,
  name: string,
  player: { readonly seat: number; readonly game: string | null } | null = null,
  from: OpenedFrom | null = null,
): void {
  Object.assign(openedFile, { replay, name, seat: player?.seat ?? null, game: player?.game ?? null, from });
}

/**
 * The address of a replay of a game the server kept:
 * `#/replay/game/ID` (a finished game the server shows: GET /api/replays/:id) or `#/replay/live/ID` (the reader's own
 * live game: GET /api/games/:id/record), `/analysis` after it to analyse at once, and the query `seat` (the seat
 * analysed), `mine=1` (the reader's own game: its mistakes become training positions) and `from` (the page it was
 * opened from, where "back" returns). A reload reopens it from the address alone.
 */
export interface ServerReplayAddress {
  readonly kind: 'game' | 'live';
  readonly id: string;
  readonly seat: number | null;
  readonly mine: boolean;
  readonly from: string | null; // a route, e.g. "/tournaments/t1"
  readonly analyse: boolean;
}

/** The route of a server's replay: `/replay/game/t1?seat=2&from=%2Ftournaments%2Fa1`. */
export function serverReplayRoute(a: ServerReplayAddress): string {
  const query = new URLSearchParams();
  if (a.seat !== null) query.set('seat', String(a.seat));
  if (a.mine) query.set('mine', '1');
  if (a.from) query.set('from', a.from);
  const q = query.toString();
  return `/replay/${a.kind}/${encodeURIComponent(a.id)}${a.analyse ? '/analysis' : ''}${q ? `?${q}` : ''}`;
}

/** Reads what follows `/replay/` back (null: not a server's replay, e.g. a game of the history or `file`). */
export function parseServerReplay(rest: string): ServerReplayAddress | null {
  const [path = '', q = ''] = rest.split('?', 2);
  const [kind, rawId, extra, ...more] = path.split('/');
  if ((kind !== 'game' && kind !== 'live') || !rawId || more.length > 0) return null;
  if (extra !== undefined && extra !== 'analysis') return null;
  let id: string;
  try {
    id = decodeURIComponent(rawId);
  } catch {
    return null;
  }
  const query = new URLSearchParams(q);
  const seatText = query.get('seat');
  const seat = seatText !== null && /^[0-9]$/.test(seatText) ? Number(seatText) : null;
  const from = query.get('from');
  return {
    kind,
    id,
    seat,
    mine: kind === 'live' || query.get('mine') === '1',
    from: from && from.startsWith('/') && !from.startsWith('/replay') ? from : null,
    analyse: extra === 'analysis',
  };
}

/** The way back to the page a replay was opened from: its route and the key of its title. */
export function openedFromRoute(route: string): OpenedFrom {
  const section = route.split('/')[1] ?? '';
  const titles: Readonly<Record<string, string>> = {
    daily: 'daily.title',
    tournaments: 'tournament.title',
    profile: 'progress.title',
    history: 'history.title',
  };
  if (route === '/live/history') return { route, title: 'live.history.title' };
  if (route === '/live/admin') return { route, title: 'live.manners.modTitle' }; // a reported game: the reports
  if (section === 'tournaments' && route.split('/')[2]) return { route, title: 'tournament.standings' }; // an arena's
  return { route, title: titles[section] ?? 'nav.back' };
}
