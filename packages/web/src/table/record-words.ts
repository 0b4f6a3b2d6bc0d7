/** A game record that cannot be replayed, in words (history, live history, player pages). */
import type { RecordError } from '@hearts/engine';
import type { TFunction } from 'i18next';
import { cardShort, type Lang } from '../kit/cards';
import { refusalText } from './TableParts';

/**
 * Why a record cannot be replayed, in the reader's language: not a record at all, or the step that breaks a rule
 * (the engine's `ERR_…` code in words, as the table says it).
 */
export function recordErrorText(t: TFunction, lang: Lang, e: RecordError): string {
  if (e.kind === 'format') return t('record.notRecord');
  const reason = refusalText(t, e.code);
  const common = { hand: e.hand + 1, seat: e.seat + 1, reason };
  return e.trick !== null && e.card !== null
    ? t('record.illegalPlay', { ...common, trick: e.trick + 1, card: cardShort(e.card, lang) })
    : t('record.illegalStep', common);
}
