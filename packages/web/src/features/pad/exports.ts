/**
 * A pad as files: CSV for spreadsheets (RFC 4180, CRLF, one row per hand and a total row) and JSON
 * (`hearts-pad/1`, which the pad reads back). Pure; the download itself is in `download.ts`.
 *
 * ```ts
 * padToCsv(pad, words); // 'Hand,Dealer,Passing,Ann,Ben,Cem,Dora,Moon\r\n1,Ann,left,5,13,8,0,\r\n…'
 * fileName(pad, 'csv'); // 'score-pad-friday.csv'
 * ```
 */
import { padToJson, standing, hasJack, type Pad } from './model';

/** The words of the CSV's header and total row, in the reader's language. */
export interface CsvWords {
  readonly hand: string;
  readonly dealer: string;
  readonly passing: string;
  readonly moon: string;
  readonly jack: string;
  readonly total: string;
  readonly direction: (passOffset: number) => string;
}

/** The field separator: a comma, or a semicolon where spreadsheets write decimals with a comma (German). */
export type CsvSeparator = ',' | ';';

/** The separator a spreadsheet in this language expects: ";" for German, "," otherwise. */
export const csvSeparator = (lang: string): CsvSeparator => (/^de\b/.test(lang) ? ';' : ',');

/**
 * One CSV field: quoted when it holds the separator, a quote or a line break; text that a spreadsheet would run as
 * a formula (starting with = + - @) is kept as text with a leading apostrophe.
 */
export function csvField(value: string | number, separator: CsvSeparator = ','): string {
  if (typeof value === 'number') return String(value);
  let s = value;
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /["\r\n]/.test(s) || s.includes(separator) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** The pad as CSV, fields separated by `separator` (see {@link csvSeparator}). */
export function padToCsv(pad: Pad, words: CsvWords, separator: CsvSeparator = ','): string {
  const st = standing(pad);
  const jack = hasJack(pad.rules);
  const rows: (string | number)[][] = [
    [words.hand, words.dealer, words.passing, ...pad.players, words.moon, ...(jack ? [words.jack] : [])],
  ];
  for (const line of st.lines) {
    const shooter = line.entry.shooter;
    rows.push([
      line.index + 1,
      pad.players[line.dealer]!,
      words.direction(line.passOffset),
      ...line.points,
      shooter === null ? '' : pad.players[shooter]!,
      ...(jack ? [line.entry.jack === null ? '' : pad.players[line.entry.jack]!] : []),
    ]);
  }
  rows.push([words.total, '', '', ...st.totals, '', ...(jack ? [''] : [])]);
  return rows.map((r) => r.map((f) => csvField(f, separator)).join(separator)).join('\r\n') + '\r\n';
}

export const padToJsonText = (pad: Pad): string => JSON.stringify(padToJson(pad), null, 2) + '\n';

/** A file name from the pad's name: letters and digits kept (umlauts too), the rest joined by dashes. */
export function fileName(pad: Pad, ext: 'csv' | 'json'): string {
  const slug = pad.name
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `score-pad${slug ? `-${slug}` : ''}.${ext}`;
}
