/**
 * German and English through i18next. The language comes from the settings (first from the browser). The texts
 * come in blocks, each beside the code that shows it and registered when that code loads (`addTexts`), so a page
 * loaded on demand brings its own texts; every i18n instance has every block registered, before or after it was
 * made.
 *
 * ```ts
 * addTexts({ en: { start: { play: 'Play' } }, de: { start: { play: 'Spielen' } } });
 * const i18n = createI18n('de');
 * i18n.t('start.play'); // 'Spielen'
 * ```
 */
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGS, type Lang } from './cards';

/** A block of texts: the same keys in every language (a block's German is checked against its English). */
export type TextBlock = Readonly<Record<Lang, object>>;

const blocks: TextBlock[] = [];
const instances = new Set<I18n>();

const register = (i18n: I18n, block: TextBlock): void => {
  for (const lng of LANGS) i18n.addResourceBundle(lng, 'translation', block[lng], true, true);
};

/** Adds a block of texts to every i18n instance, those made later too (a block added twice counts once). */
export function addTexts(block: TextBlock): void {
  if (blocks.includes(block)) return;
  blocks.push(block);
  for (const i18n of instances) register(i18n, block);
}

const EN_ORDINAL: Readonly<Record<string, string>> = { one: 'st', two: 'nd', few: 'rd', other: 'th' };
const enOrdinals = new Intl.PluralRules('en', { type: 'ordinal' });

/** `{{place, ordinal}}` in a text: "1st", "2nd", "23rd" in English, "1.", "2." in German. */
export function ordinal(n: unknown, lng: string | undefined): string {
  const x = Number(n);
  if (!Number.isInteger(x)) return String(n);
  return lng === 'de' ? `${x}.` : `${x}${EN_ORDINAL[enOrdinals.select(x)] ?? 'th'}`;
}

/** An i18n instance in `lang` with every block of texts (see `addTexts`). */
export function createI18n(lang: Lang): I18n {
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({
    lng: lang,
    fallbackLng: 'en',
    resources: {},
    interpolation: { escapeValue: false }, // React escapes
    initAsync: false,
    returnNull: false,
  });
  i18n.services.formatter?.add('ordinal', (value, lng) => ordinal(value, lng));
  for (const block of blocks) register(i18n, block);
  instances.add(i18n);
  return i18n;
}
