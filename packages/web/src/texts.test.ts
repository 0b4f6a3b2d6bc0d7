import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { de as shellDe } from './app/locales/de';
import { en as shellEn } from './app/locales/en';
import { featuresDe, featuresEn } from './app/locales/features';

const SRC = fileURLToPath(new URL('.', import.meta.url));

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) return files(p);
    return /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) ? [p] : [];
  });
}

/** The texts as i18next holds them once the features' texts are loaded: the shell's and the features' blocks merged. */
function merge(a: object, b: object): Record<string, unknown> {
  const out: Record<string, unknown> = { ...a };
  for (const [k, v] of Object.entries(b)) {
    const was = out[k];
    out[k] = was && typeof was === 'object' && typeof v === 'object' ? merge(was, v as object) : v;
  }
  return out;
}
const en = merge(shellEn, featuresEn) as typeof shellEn & typeof featuresEn;
const de = merge(shellDe, featuresDe) as typeof shellDe & typeof featuresDe;

const lookup = (texts: unknown, key: string): unknown =>
  key
    .split('.')
    .reduce<unknown>(
      (o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined),
      texts,
    );

function leaves(o: unknown, prefix = ''): string[] {
  if (typeof o === 'string') return [prefix];
  return Object.entries(o as Record<string, unknown>).flatMap(([k, v]) =>
    leaves(v, prefix ? `${prefix}.${k}` : k),
  );
}

describe('texts', () => {
  it('every key the code asks for exists in English and German', () => {
    const used = new Set<string>();
    // The app, its kit, the table and the solo game's screens; the score pad and live tables check their own blocks.
    for (const f of [
      ...['app', 'kit', 'table'].flatMap((floor) => files(join(SRC, floor))),
      ...['solo', 'history', 'stats', 'settings', 'rules', 'analysis'].flatMap((f) =>
        files(join(SRC, 'features', f)),
      ),
    ]) {
      for (const m of readFileSync(f, 'utf8').matchAll(/\bt\(\s*'([a-zA-Z0-9_.]+)'/g)) used.add(m[1]!);
    }
    expect(used.size).toBeGreaterThan(50);
    // A text with plural forms (`key_one`, `key_other`) is asked for by its plain key with a count.
    const has = (texts: unknown, k: string) =>
      typeof lookup(texts, k) === 'string' || typeof lookup(texts, `${k}_other`) === 'string';
    const missing = [...used].filter((k) => !has(en, k) || !has(de, k));
    expect(missing).toEqual([]);
  });

  it('German and English have the same keys, and German is really German', () => {
    expect(leaves(de).sort()).toEqual(leaves(en).sort());
    const same = leaves(en).filter(
      (k) => lookup(en, k) === lookup(de, k) && String(lookup(en, k)).length > 12,
    );
    // Only names (presets) and texts made of names may be the same in both languages.
    const names = ['seat.botBadge', 'history.game'];
    expect(
      same.filter(
        (k) =>
          !k.startsWith('rules.presets.') &&
          !names.includes(k) &&
          /^[a-z]+\./.test(k) &&
          !/^(pad|live)\./.test(k),
      ),
    ).toEqual([]);
  });

  it('German texts have the same placeholders as the English ones', () => {
    const holes = (texts: unknown, k: string) =>
      [...new Set([...String(lookup(texts, k)).matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]))].sort().join();
    expect(leaves(en).filter((k) => holes(de, k) !== holes(en, k))).toEqual([]);
  });

  it('uses the German words of the design', () => {
    expect(de.action.pass).toBe('Weitergeben');
    expect(en.action.pass).toBe('Pass cards');
    expect(de.start.play).toBe('Spielen');
    expect(en.start.play).toBe('Play');
    expect(de.refusal.ERR_MUST_FOLLOW_SUIT).toBe('Du musst bedienen');
    expect(de.direction).toMatchObject({
      left: 'nach links',
      right: 'nach rechts',
      across: 'nach gegenüber',
      none: 'keine Weitergabe',
    });
    expect(de.score.title).toBe('Punktestand');
    expect(de.start.options).toBe('Spieloptionen');
  });
});

describe('places', () => {
  it('are ordinals in both languages', async () => {
    const { testI18n } = await import('./test-support');
    const english = testI18n('en');
    expect([1, 2, 3, 4, 11, 22].map((rank) => english.t('live.table.place', { rank }))).toEqual([
      '1st place',
      '2nd place',
      '3rd place',
      '4th place',
      '11th place',
      '22nd place',
    ]);
    expect(testI18n('de').t('live.table.place', { rank: 4 })).toBe('4. Platz');
    expect(testI18n('de').t('progress.place', { place: 2 })).toBe('2. Platz');
  });
});
