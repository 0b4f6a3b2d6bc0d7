/** The app's texts (src/app/locales: the shell's, with every block of the floors below), registered on load. */
import { addTexts } from '../kit/i18n';
import { de } from './locales/de';
import { en } from './locales/en';

addTexts({ en, de });
