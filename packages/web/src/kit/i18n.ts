/**
 * German and English through i18next. The language comes from the settings (first from the browser).
 *
 * ```ts
 * const i18n = createI18n('de');
 * i18n.t('start.play'); // 'Spielen'
 * ```
 */
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Lang } from './game/cards';
import { de } from './locales/de';
import { en } from './locales/en';

const EN_ORDINAL: Readonly<Record<string, string>> = { one: 'st', two: 'nd', few: 'rd', other: 'th' };
const enOrdinals = new Intl.PluralRules('en', { type: 'ordinal' });

/** `{{place, ordinal}}` in a text: "1st", "2nd", "23rd" in English, "1.", "2." in German. */
export function ordinal(n: unknown, lng: string | undefined): string {
  const x = Number(n);
  if (!Number.isInteger(x)) return String(n);
  return lng === 'de' ? `${x}.` : `${x}${EN_ORDINAL[enOrdinals.select(x)] ?? 'th'}`;
}

export function createI18n(lang: Lang): I18n {
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({
    lng: lang,
    fallbackLng: 'en',
    resources: { en: { translation: en }, de: { translation: de } },
    interpolation: { escapeValue: false }, // React escapes
    initAsync: false,
    returnNull: false,
  });
  i18n.services.formatter?.add('ordinal', (value, lng) => ordinal(value, lng));
  return i18n;
}
