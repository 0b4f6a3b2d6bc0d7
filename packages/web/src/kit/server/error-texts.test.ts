import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_ERRORS } from '@hearts/protocol/http/route';
import { ERROR_CODES } from '@hearts/protocol/socket';
import i18next from 'i18next';
import { describe, expect, test } from 'vitest';
import { de } from '../../app/locales/de';
import { en } from '../../app/locales/en';
import { featuresDe, featuresEn } from '../../app/locales/features';
import { serverErrorsDe, serverErrorsEn, serverErrorText } from './error-texts';

const SERVER_SRC = fileURLToPath(new URL('../../../../server/src/', import.meta.url));

/** Every `'ERR_…'` the server's source names (its tests left out). */
function codesInServerSource(dir = SERVER_SRC): Set<string> {
  const out = new Set<string>();
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) for (const c of codesInServerSource(path)) out.add(c);
    else if (name.endsWith('.ts') && !name.endsWith('.test.ts'))
      for (const m of readFileSync(path, 'utf8').matchAll(/'(ERR_[A-Z_]+)'/g)) out.add(m[1]!);
  }
  return out;
}

async function translator(lang: 'de' | 'en') {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: lang,
    resources: {
      en: { translation: { ...en, ...featuresEn } },
      de: { translation: { ...de, ...featuresDe } },
    },
  });
  return i18n.t;
}

describe('every code the server can answer has a German and an English text', () => {
  const contract = new Set<string>([...API_ERRORS, ...ERROR_CODES]);

  test('the contract lists every code in the server’s source', () => {
    const source = codesInServerSource();
    expect(source.size).toBeGreaterThan(30);
    expect([...source].filter((c) => !contract.has(c))).toEqual([]);
  });

  test.each([...contract])('%s', async (code) => {
    const [tde, ten] = [await translator('de'), await translator('en')];
    const textDe = serverErrorText(tde, { code });
    const textEn = serverErrorText(ten, { code });
    expect(textDe).toBe(serverErrorsDe[code as keyof typeof serverErrorsDe]);
    expect(textEn).toBe(serverErrorsEn[code as keyof typeof serverErrorsEn]);
    expect(textDe).not.toBe(textEn);
    for (const text of [textDe, textEn]) expect(text).not.toMatch(/ERR_/);
  });

  test('a code this app does not know yet is named, never the server’s English message in a German sentence', async () => {
    expect(serverErrorText(await translator('de'), { code: 'ERR_FROM_A_NEWER_SERVER' })).toBe(
      'Der Spielserver hat das abgelehnt (ERR_FROM_A_NEWER_SERVER).',
    );
  });

  test('a page’s own words come first: the daily page of a day without a game', async () => {
    const t = await translator('de');
    const e = { code: 'ERR_NOT_FOUND', message: 'no daily game on 1999-01-01' };
    expect(t(`daily.errors.${e.code}`, { defaultValue: serverErrorText(t, e) })).toBe(
      'Für diesen Tag gibt es kein Tagesspiel.',
    );
  });
});
