// @vitest-environment happy-dom
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TableClient } from '@hearts/live';
import { parseTranscripts } from '@hearts/shuffle';
import type { LiveState } from '@hearts/table';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { renderInApp } from '../../test-support';
import { Shield, downloadTranscripts } from './Shield';

const vectors = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../../../shuffle/test-vectors.json'), 'utf8'),
) as { vectors: { transcript: unknown }[] };

afterEach(() => {
  cleanup();
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

/** A client whose fair shuffle has shown `hash` for the hand and verified hand `verified` (null: none yet). */
function clientWith(hash: string | null, verified: number | null): TableClient {
  const fair = {
    shownHash: () => hash,
    tookPart: () => true,
    latest: verified === null ? null : { handNumber: verified, ok: true, absent: false, failures: [] },
  };
  return { fair, subscribe: () => () => undefined } as unknown as TableClient;
}

const at = (handNumber: number, phase: 'deal' | 'play'): LiveState =>
  ({ view: { handNumber, phase } }) as unknown as LiveState;

test('the shield: the hand’s commitments, and the last hand’s verdict named by its hand while the next is shuffled', () => {
  // Hand 2 (number 1) is being shuffled; hand 1 was verified: the verdict says which hand it is about.
  renderInApp(<Shield client={clientWith(null, 0)} state={at(1, 'deal')} />, { lang: 'de' });
  const shield = screen.getByTestId('fair-shield');
  expect(shield.textContent).toContain('Faires Mischen: warte auf die Zusagen');
  expect(shield.textContent).toContain('Runde 1:');
  expect(shield.querySelector('.fair-ok')?.textContent).toBe('Geben geprüft ✓');
  cleanup();
  // Hand 1 played out and verified: its own verdict needs no name; the hash is shown as code.
  renderInApp(<Shield client={clientWith('37d9db4e', 0)} state={at(0, 'play')} />, { lang: 'en' });
  const own = screen.getByTestId('fair-shield');
  expect(own.querySelector('.fair-hash')?.textContent).toContain('Fair shuffle: commitments 37d9db4e');
  expect(own.querySelector('.fair-hash code')?.textContent).toBe('37d9db4e');
  expect(own.querySelector('.fair-of')).toBeNull();
  expect(own.querySelector('.fair-ok')?.textContent).toBe('Deal verified ✓');
});
