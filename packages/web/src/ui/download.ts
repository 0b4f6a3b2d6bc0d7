import type { GameRecord } from '@hearts/engine';
import { recordFileName } from '../game/replay';

/** Saves a record as a hearts-record/1 file through the browser's download. */
export function downloadRecord(record: GameRecord, date: Date): void {
  const blob = new Blob([`${JSON.stringify(record, null, 2)}\n`], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = recordFileName(date);
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
