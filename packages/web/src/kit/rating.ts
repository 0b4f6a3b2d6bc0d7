/**
 * A rating as the app shows it: the number, with a question mark while it is provisional (the player has too few
 * rated games; docs/rating.md). The explanation goes into the element's title.
 *
 * ```ts
 * ratingText(1550, true); // '1550?'
 * ratingText(1812, false); // '1812'
 * ```
 */
import type { TFunction } from 'i18next';
import { PROVISIONAL } from '@hearts/protocol/socket';

/** The rating's text: "1550?" while provisional, "1550" once established. */
export function ratingText(rating: number, provisional: boolean | undefined): string {
  return provisional ? `${rating}?` : String(rating);
}

/** The explanation of a provisional rating (a title), or undefined for an established one. */
export function provisionalTitle(t: TFunction, provisional: boolean | undefined): string | undefined {
  return provisional ? t('seat.provisional', { n: PROVISIONAL.games, max: PROVISIONAL.maxMove }) : undefined;
}
