/** The features' texts (locales/features.ts), registered when this loads: with the first screen besides the start. */
import { addTexts } from '../kit/i18n';
import { featuresDe, featuresEn } from './locales/features';

addTexts({ en: featuresEn, de: featuresDe });
