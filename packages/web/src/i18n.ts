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
  return i18n;
}
