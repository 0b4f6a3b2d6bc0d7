import { readFile } from 'node:fs/promises';
import { replayRecord, rulesDiff, type RecordError, type ReplayOutcome } from '@hearts/engine';
import { parse, printJson, UsageError, type Command } from '../args.js';

const USAGE = `Usage: hearts check FILE [--json]

Replays a hearts-record/1 game record and checks every step against the rules.
Exit 0: legal (prints each hand's points, the totals, and whether the game is over and who won).
Exit 1: an illegal step (which hand, trick, seat and card, and the rule it breaks).
Exit 2: not a valid record (bad JSON, unknown card, a card twice, wrong hand sizes, unknown option …).`;

export const check: Command = {
  summary: 'check a game record (hearts-record/1) against the rules',
  usage: USAGE,
  async run(argv) {
    const { values, positionals } = parse(argv, { json: { type: 'boolean' } });
    if (positionals.length !== 1) throw new UsageError('give exactly one record file');
    const file = positionals[0]!;
    const json = values.json === true;
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (e) {
      return invalid(json, `cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
    }
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch (e) {
      return invalid(json, `${file} is not JSON: ${e instanceof Error ? e.message : String(e)}`);
    }
    const r = replayRecord(data);
    if (!r.ok)
      return r.error.kind === 'format'
        ? invalid(json, `${file}: ${r.error.message}`)
        : illegal(json, r.error);
    report(json, r.value);
    return 0;
  },
};

function invalid(json: boolean, text: string): number {
  const message = text.replace(/\s+/g, ' ').trim(); // one line: JSON.parse may quote the file's line breaks
  if (json) printJson({ ok: false, invalid: true, message });
  else process.stderr.write(`invalid record: ${message}\n`);
  return 2;
}

function illegal(json: boolean, e: Exclude<RecordError, { kind: 'format' }>): number {
  if (json) {
    printJson({
      ok: false,
      error: { hand: e.hand, trick: e.trick, seat: e.seat, card: e.card, reason: e.reason, code: e.code },
    });
  } else {
    const where = [`hand ${e.hand}`, e.trick === null ? 'passing' : `trick ${e.trick}`, `seat ${e.seat}`];
    if (e.card) where.push(`card ${e.card}`);
    process.stdout.write(`illegal: ${where.join(', ')}: ${e.reason} (${e.code})\n`);
  }
  return 1;
}

function report(json: boolean, r: ReplayOutcome): void {
  if (json) {
    printJson({
      ok: true,
      hands: r.hands.map((h) => ({ points: h.points })),
      scores: r.scores,
      finished: r.finished,
      winners: r.winners,
    });
    return;
  }
  const diff = rulesDiff(r.rules);
  const names = r.players.map((p, s) => p || `seat ${s}`);
  const w = Math.max(6, ...names.map((n) => n.length));
  const row = (label: string, xs: readonly (string | number)[]): string =>
    label.padEnd(7) + xs.map((x) => String(x).padStart(w + 2)).join('');
  const out = [
    `rules: ${Object.keys(diff).length === 0 ? 'standard' : JSON.stringify(diff)}`,
    row('hand', names),
  ];
  let totals = new Array<number>(r.players.length).fill(0);
  r.hands.forEach((h, k) => {
    totals = totals.map((t, s) => t + h.points[s]!);
    const moon = h.shooter !== null ? `  (${names[h.shooter]} shot the moon)` : '';
    out.push(row(String(k), h.points) + moon);
  });
  out.push(row('total', r.scores));
  out.push(
    r.finished
      ? `game over: ${r.winners.map((s) => names[s]).join(' and ')} ${r.winners.length > 1 ? 'share the win' : 'wins'}`
      : 'game not finished',
  );
  process.stdout.write(out.join('\n') + '\n');
}
