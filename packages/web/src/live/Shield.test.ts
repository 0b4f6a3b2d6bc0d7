// @vitest-environment happy-dom
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseTranscripts } from '@hearts/shuffle';
import { afterEach, expect, test, vi } from 'vitest';
import { downloadTranscripts } from './Shield';

const vectors = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../../shuffle/test-vectors.json'), 'utf8'),
) as { vectors: { transcript: unknown }[] };

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

test('the "Shuffle transcripts" download is a file `hearts verify` reads: every hand of the game', async () => {
  const transcripts = vectors.vectors.map((v) => v.transcript);
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    asked.push(url);
    return new Response(JSON.stringify({ transcripts }), { headers: { 'content-type': 'application/json' } });
  });
  let blob: Blob | undefined;
  vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
    blob = b as Blob;
    return 'blob:transcripts';
  });
  let name = '';
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    name = this.download;
  });

  await downloadTranscripts('token', 'g1');
  expect(asked).toEqual([expect.stringMatching(/\/api\/games\/g1\/shuffle$/)]);
  expect(name).toBe('hearts-g1.shuffle.json');
  // What `hearts verify` parses (packages/cli verify.ts): every transcript, in hand order.
  const file = parseTranscripts(JSON.parse(await blob!.text()));
  expect(file.ok && file.value.map((t) => t.handNumber)).toEqual(
    transcripts.map((t) => (t as { handNumber: number }).handNumber),
  );
});
