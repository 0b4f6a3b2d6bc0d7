/**
 * Files the app hands to the browser's download: any text (the score pad's CSV and JSON), a game record.
 *
 * ```ts
 * download('pad.csv', 'text/csv', text);
 * downloadRecord(record, new Date()); // hearts-2026-11-30-1542.json
 * ```
 */
import type { GameRecord } from '@hearts/engine';
import { recordFileName } from './replay';

/** Saves text as a file through the browser's download. */
export function download(name: string, type: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Saves a record as a hearts-record/1 file through the browser's download. */
export function downloadRecord(record: GameRecord, date: Date): void {
  download(recordFileName(date), 'application/json', `${JSON.stringify(record, null, 2)}\n`);
}
