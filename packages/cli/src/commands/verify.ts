import { readFile } from 'node:fs/promises';
import type { CardSet } from '@hearts/engine';
import {
  DAILY_FORMAT,
  parseDailyReveal,
  verifyDailyReveal,
  ShuffleRound,
  ShuffleSession,
  parseTranscript,
  parseTranscripts,
  recordDeal,
  seedFromHex,
  shortHash,
  verifyTranscript,
  type Transcript,
  type VerifyOptions,
  type VerifyResult,
} from '@hearts/shuffle';
import { intOption, parse, printJson, UsageError, type Command } from '../args.js';

const USAGE = `Usage: hearts verify TRANSCRIPTS [--record RECORD] [--seat N [--seed HEX]] [--json]
       hearts verify DAILY_REVEAL [--record RECORD] [--commitment HEX] [--json]
       hearts verify --bench [--hands N] [--json]

Checks hearts-shuffle/1 transcripts: one transcript, or a game's transcripts as the app downloads them
("Shuffle transcripts": {"transcripts": [...]}, at most 1000). For each hand: the commitments hash, every
seat's commitment (timed-out seats: the fallback seed), and that the hands are the deal the seeds give (and the
die, where the rules roll one, the die the seeds roll). With --record, also that the game record's deal of that
hand gives every seat the same cards (in any order) and shows the same die. With --seat, verifies as that seat: a seat whose
seed was replaced by a fallback is not verified; --seed also checks that the seat's seed is the one given.
Exit 0: everything matches. Exit 1: something does not (each failure is printed). Exit 2: not a transcript
(or not a record), or bad usage.

A daily game's reveal (hearts-daily/1, GET /api/daily/days/DATE/reveal, docs/daily.md): that the day's seed opens
its commitment (and, with --commitment, that it is the commitment published when the day started), that every
hand listed is the deal the seed gives, and with --record that the game record's deals are too.

--bench runs the protocol for N hands (default 1000) in this process: four seeds and commitments, the commitment
list, the reveals, the four composed shuffles and the deal, then one seat's full verification of the transcript
after a JSON round trip. It prints the milliseconds per hand (mean, median, 99th percentile).`;

export const verify: Command = {
  summary: 'verify a fair-shuffle transcript (hearts-shuffle/1), or benchmark the protocol',
  usage: USAGE,
  async run(argv) {
    const { values, positionals } = parse(argv, {
      json: { type: 'boolean' },
      record: { type: 'string' },
      seat: { type: 'string' },
      seed: { type: 'string' },
      bench: { type: 'boolean' },
      hands: { type: 'string' },
      commitment: { type: 'string' },
    });
    const json = values.json === true;
    if (values.bench) {
      if (positionals.length > 0 || values.record || values.seat || values.seed)
        throw new UsageError('--bench takes no transcript, --record, --seat or --seed');
      report(json, runShuffleBench(intOption(values.hands, 'hands', 1000, 1)));
      return 0;
    }
    if (values.hands !== undefined) throw new UsageError('--hands goes with --bench');
    if (positionals.length !== 1) throw new UsageError('give exactly one transcript file');
    const options: { -readonly [K in keyof VerifyOptions]: VerifyOptions[K] } = {};
    if (values.seat !== undefined) options.ownSeat = intOption(values.seat, 'seat', 0);
    if (values.seed !== undefined) {
      if (options.ownSeat === undefined) throw new UsageError('--seed needs --seat');
      const seed = seedFromHex(values.seed.toLowerCase());
      if (!seed) throw new UsageError('--seed must be 64 hex digits');
      options.ownSeed = seed;
    }

    const file = positionals[0]!;
    const data = await readJson(file);
    if (!data.ok) return invalid(json, 'transcript', data.message);
    if (isDailyReveal(data.value)) {
      if (values.seat !== undefined || values.seed !== undefined)
        throw new UsageError('--seat and --seed go with fair-shuffle transcripts, not a daily reveal');
      return verifyDaily(file, data.value, values.record, values.commitment, json);
    }
    if (values.commitment !== undefined) throw new UsageError('--commitment goes with a daily reveal');
    const parsed = parseTranscripts(data.value);
    if (!parsed.ok) return invalid(json, 'transcript', `${file}: ${parsed.error.message}`);
    const list = parsed.value;
    const fewest = Math.min(...list.map((t) => t.players));
    if (options.ownSeat !== undefined && options.ownSeat >= fewest)
      throw new UsageError(`--seat must be 0..${fewest - 1} for this transcript`);
    let record: unknown;
    if (values.record !== undefined) {
      const rec = await readJson(values.record);
      if (!rec.ok) return invalid(json, 'record', rec.message);
      record = rec.value;
    }

    const results: { t: Transcript; r: VerifyResult }[] = [];
    for (const t of list) {
      const handOptions = { ...options };
      if (record !== undefined) {
        const deal = recordDeal(record, t.handNumber);
        if (!deal.ok) return invalid(json, 'record', `${values.record}: ${deal.error.message}`);
        handOptions.record = deal.value;
      }
      results.push({ t, r: verifyTranscript(t, handOptions) });
    }
    const allOk = results.every(({ r }) => r.ok);
    const verdict = ({ t, r }: (typeof results)[number]) => ({
      ok: r.ok,
      tableId: t.tableId,
      handNumber: t.handNumber,
      commitmentsHash: t.commitmentsHash,
      failures: r.failures,
      warnings: r.warnings,
    });
    if (json) {
      // One transcript: its verdict, as always. A game's transcripts: every hand's verdict, and whether all hold.
      printJson(
        results.length === 1 && !Array.isArray(data.value) && !isBundle(data.value)
          ? verdict(results[0]!)
          : { ok: allOk, hands: results.map(verdict) },
      );
    } else {
      const lines: string[] = [];
      for (const { t, r } of results) {
        const what = `table ${t.tableId}, hand ${t.handNumber}, commitments ${shortHash(t.commitmentsHash)}`;
        lines.push(
          ...(r.ok
            ? [`deal verified ✓ (${what})`]
            : [`deal NOT verified (${what}):`, ...r.failures.map((f) => `  ${f.message} (${f.code})`)]),
          ...r.warnings.map((w) => `note: ${w}`),
        );
      }
      if (results.length > 1) {
        const bad = results.filter(({ r }) => !r.ok).length;
        lines.push(
          bad === 0
            ? `all ${results.length} deals verified ✓`
            : `${bad} of ${results.length} deals NOT verified`,
        );
      }
      process.stdout.write(lines.join('\n') + '\n');
    }
    return allOk ? 0 : 1;
  },
};

const isDailyReveal = (x: unknown): boolean =>
  typeof x === 'object' && x !== null && (x as { format?: unknown }).format === DAILY_FORMAT;

/** `hearts verify` of a daily game's reveal (hearts-daily/1). */
async function verifyDaily(
  file: string,
  value: unknown,
  recordFile: string | undefined,
  commitment: string | undefined,
  json: boolean,
): Promise<number> {
  const parsed = parseDailyReveal(value);
  if (!parsed.ok) return invalid(json, 'reveal', `${file}: ${parsed.error.message}`);
  const reveal = parsed.value;
  if (commitment !== undefined && !/^[0-9a-fA-F]{64}$/.test(commitment))
    throw new UsageError('--commitment must be 64 hex digits');
  const records = new Map<number, readonly CardSet[]>();
  if (recordFile !== undefined) {
    const rec = await readJson(recordFile);
    if (!rec.ok) return invalid(json, 'record', rec.message);
    for (let hand = 0; ; hand++) {
      const deal = recordDeal(rec.value, hand);
      if (!deal.ok) return invalid(json, 'record', `${recordFile}: ${deal.error.message}`);
      if (deal.value.deal === null) break;
      records.set(hand, deal.value.deal);
    }
    if (records.size === 0) return invalid(json, 'record', `${recordFile}: the record has no hands`);
  }
  const r = verifyDailyReveal(reveal, {
    ...(commitment === undefined ? {} : { expectCommitment: commitment.toLowerCase() }),
    records,
  });
  if (json)
    printJson({
      ok: r.ok,
      date: reveal.date,
      commitment: reveal.commitment,
      hands: r.hands,
      failures: r.failures,
    });
  else {
    const what = `daily game of ${reveal.date}, commitment ${shortHash(reveal.commitment)}`;
    const checked = `${reveal.deals.length} hands${records.size > 0 ? ` and ${records.size} hands of the record` : ''}`;
    process.stdout.write(
      (r.ok
        ? [`daily deal verified ✓ (${what}: ${checked})`]
        : [`daily deal NOT verified (${what}):`, ...r.failures.map((f) => `  ${f.message} (${f.code})`)]
      ).join('\n') + '\n',
    );
  }
  return r.ok ? 0 : 1;
}

/** A game's transcripts as the app downloads them: `{ "transcripts": [...] }`. */
const isBundle = (x: unknown): boolean =>
  typeof x === 'object' && x !== null && !Array.isArray(x) && 'transcripts' in x;

async function readJson(
  file: string,
): Promise<{ ok: true; value: unknown } | { ok: false; message: string }> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    return { ok: false, message: `cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? String(e)}` };
  }
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (e) {
    return { ok: false, message: `${file} is not JSON: ${e instanceof Error ? e.message : String(e)}` };
  }
}

function invalid(json: boolean, what: 'transcript' | 'record' | 'reveal', message: string): number {
  if (json) printJson({ ok: false, invalid: true, message });
  else process.stderr.write(`invalid ${what}: ${message}\n`);
  return 2;
}

export interface ShuffleBenchResult {
  hands: number;
  meanMs: number; // per hand
  medianMs: number;
  p99Ms: number;
}

/**
 * Times the whole protocol of one hand at a four-seat table with three humans and a bot, in one process: what
 * the three clients and the server compute, plus one client's verification after the hand.
 */
export function runShuffleBench(hands: number): ShuffleBenchResult {
  const times: number[] = [];
  const warmup = Math.min(200, hands);
  for (let h = 0; h < hands + warmup; h++) {
    const t0 = performance.now();
    const info = { tableId: 'bench', handNumber: h, players: 4, removedCards: [] };
    const round = new ShuffleRound(info);
    const clients = [0, 1, 2].map((seat) => new ShuffleSession({ ...info, seat }));
    for (const c of clients) round.commit(c.info.seat, c.commitment);
    round.commitBot(3);
    const list = round.published()!;
    for (const c of clients) {
      if (!c.receiveCommitments(list.commitments, list.commitmentsHash).ok)
        throw new Error('bench: list refused');
      const seed = c.reveal();
      if (!seed.ok || !round.reveal(c.info.seat, seed.value).ok) throw new Error('bench: reveal refused');
    }
    const done = round.finish();
    if (!done.ok) throw new Error(`bench: ${done.error.message}`);
    const received = parseTranscript(JSON.parse(JSON.stringify(done.value.transcript)));
    if (!received.ok) throw new Error(`bench: ${received.error.message}`);
    const verdict = clients[0]!.verify(received.value, done.value.hands[0]!);
    if (!verdict.ok) throw new Error('bench: an honest hand did not verify');
    if (h >= warmup) times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const round3 = (x: number): number => Math.round(x * 1000) / 1000;
  return {
    hands,
    meanMs: round3(times.reduce((a, b) => a + b, 0) / times.length),
    medianMs: round3(times[Math.floor(times.length / 2)]!),
    p99Ms: round3(times[Math.min(times.length - 1, Math.floor(times.length * 0.99))]!),
  };
}

function report(json: boolean, r: ShuffleBenchResult): void {
  if (json) printJson(r);
  else
    process.stdout.write(
      `fair shuffle, 4 seats: ${r.meanMs} ms per hand (median ${r.medianMs}, 99th percentile ${r.p99Ms}) ` +
        `over ${r.hands} hands: commit, compose four shuffles, deal, verify\n`,
    );
}
