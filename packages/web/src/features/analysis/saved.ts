/**
 * A finished analysis as the device keeps it: the decisions of the analysed seat without the candidates' list
 * (only what the replay shows: the move made, the better move and its equivalent cards, the cost, the mark and the
 * expected points), kept in the device store beside the history and found again by the record it belongs to — a
 * solo game of the history, a live game or a file opened again all show their analysis without recomputing it.
 *
 * ```ts
 * const key = recordKey(record);
 * const had = loadAnalysis(store, key, 0) ?? saveAnalysis(store, finished);
 * ```
 */
import {
  MARK_THRESHOLDS,
  type AnalysedMove,
  type DecisionAnalysis,
  type Mark,
  type SeatSummary,
} from '@hearts/bots';
import type { CardName } from '@hearts/engine';
import { isObject, readJson, writeJson, type KeyValueStore } from '../../kit/storage';

/** One decision of a kept analysis. */
export interface SavedDecision {
  readonly hand: number;
  readonly kind: 'pass' | 'play' | 'moon';
  readonly trick: number | null; // tricks played in the hand before it (plays only)
  readonly step: number | null; // cards played in the hand before it (plays only)
  readonly seat: number;
  readonly played: AnalysedMove;
  readonly best: AnalysedMove;
  readonly bestCards: readonly CardName[]; // plays: every card as good as `best`; passes: the better pass; else []
  readonly cost: number;
  readonly mark: Mark | null;
  readonly forced: boolean;
  readonly playedPoints: number | null; // expected points for the hand after the move made (null when forced)
  readonly bestPoints: number | null;
}

/** A finished analysis of one seat of one record. */
export interface SavedAnalysis {
  readonly version: 1;
  readonly key: string; // recordKey of the record analysed
  readonly seat: number;
  readonly deals: number | null; // the reduced budget (deals per decision) it ran with; null: the full one
  readonly decisions: readonly SavedDecision[];
  readonly summary: SeatSummary;
  readonly at: number; // when it finished (ms since 1970)
}

export const ANALYSES_KEY = 'hearts.analyses';
/** Analyses kept on the device (about 25 KB each for a game to 100: 150 decisions); the oldest go first. */
export const ANALYSES_MAX = 20;

/** A decision of the library's analysis in the shape the device keeps. */
export function savedDecision(d: DecisionAnalysis): SavedDecision {
  let bestCards: readonly CardName[] = [];
  if (d.kind === 'play') {
    const option = d.options.find((o) => o.move === d.best);
    bestCards = option && option.cards.length > 0 ? option.cards : [d.best as CardName];
  } else if (d.kind === 'pass') bestCards = d.best as readonly CardName[];
  return {
    hand: d.hand,
    kind: d.kind,
    trick: d.trick,
    step: d.step,
    seat: d.seat,
    played: d.played,
    best: d.best,
    bestCards,
    cost: d.cost,
    mark: d.mark,
    forced: d.forced,
    playedPoints: d.playedPoints,
    bestPoints: d.bestPoints,
  };
}

/**
 * A short, stable name of a record's content (FNV-1a over its JSON, 52 bits, in base 36): the same game gives the
 * same key whether it comes from the history, the server or a file.
 */
export function recordKey(record: unknown): string {
  const text = JSON.stringify(record);
  // Two 32-bit FNV-1a halves with different offsets: 52 bits are plenty for the few analyses a device keeps.
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193) >>> 0;
    b = Math.imul(b ^ c, 0x01000193 + 2) >>> 0;
  }
  return `r${(a * 2 ** 20 + (b >>> 12)).toString(36)}`;
}

const isDecision = (d: unknown): d is SavedDecision =>
  isObject(d) &&
  typeof d['hand'] === 'number' &&
  (d['kind'] === 'pass' || d['kind'] === 'play' || d['kind'] === 'moon') &&
  typeof d['seat'] === 'number' &&
  typeof d['cost'] === 'number' &&
  (d['mark'] === null || (typeof d['mark'] === 'string' && d['mark'] in MARK_THRESHOLDS)) &&
  Array.isArray(d['bestCards']) &&
  typeof d['forced'] === 'boolean';

function isAnalysis(a: unknown): a is SavedAnalysis {
  return (
    isObject(a) &&
    a['version'] === 1 &&
    typeof a['key'] === 'string' &&
    typeof a['seat'] === 'number' &&
    typeof a['at'] === 'number' &&
    isObject(a['summary']) &&
    Array.isArray(a['decisions']) &&
    a['decisions'].every(isDecision)
  );
}

/** Every kept analysis, newest first; entries that are not well formed are left out. */
export function loadAnalyses(store: KeyValueStore): SavedAnalysis[] {
  const all = readJson(store, ANALYSES_KEY);
  return Array.isArray(all) ? all.filter(isAnalysis) : [];
}

/** The kept analysis of a record's seat, if there is one. */
export function loadAnalysis(store: KeyValueStore, key: string, seat: number): SavedAnalysis | null {
  return loadAnalyses(store).find((a) => a.key === key && a.seat === seat) ?? null;
}

/** Keeps an analysis (replacing the one of the same record and seat); the oldest beyond ANALYSES_MAX go. */
export function saveAnalysis(store: KeyValueStore, analysis: SavedAnalysis): SavedAnalysis {
  const rest = loadAnalyses(store).filter((a) => a.key !== analysis.key || a.seat !== analysis.seat);
  writeJson(store, ANALYSES_KEY, [analysis, ...rest].slice(0, ANALYSES_MAX));
  return analysis;
}

/** The marked decisions (inaccuracies and worse), in the order of the game. */
export const markedDecisions = (a: SavedAnalysis): SavedDecision[] =>
  a.decisions.filter((d) => d.mark !== null);
