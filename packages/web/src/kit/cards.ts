/**
 * Cards as the table shows and speaks them: hand order, suit colours and spoken names.
 *
 * ```ts
 * sortHand(['QS', '2C', 'AH']); // ['2C', 'QS', 'AH']
 * cardLabel('QS', 'de'); // 'Pik-Dame'
 * ```
 */
import { parseCard, type CardName, type RankName, type SuitName } from '@hearts/engine';

export type Lang = 'de' | 'en';
export const LANGS: readonly Lang[] = ['de', 'en'];

/** Suits left to right in the player's hand: black and red alternate (clubs, diamonds, spades, hearts). */
const SUIT_ORDER: Readonly<Record<SuitName, number>> = { C: 0, D: 1, S: 2, H: 3 };

export const suitOfName = (card: CardName): SuitName => card[1] as SuitName;
export const rankOfName = (card: CardName): RankName => card[0] as RankName;

/** The hand in display order: by suit, then by rank from low to high. */
export function sortHand(cards: readonly CardName[]): CardName[] {
  return [...cards].sort(
    (a, b) => SUIT_ORDER[suitOfName(a)] - SUIT_ORDER[suitOfName(b)] || parseCard(a)! - parseCard(b)!,
  );
}

const SUIT_WORDS: Readonly<Record<Lang, Record<SuitName, string>>> = {
  de: { C: 'Kreuz', D: 'Karo', S: 'Pik', H: 'Herz' },
  en: { C: 'clubs', D: 'diamonds', S: 'spades', H: 'hearts' },
};
const RANK_WORDS: Readonly<Record<Lang, Record<RankName, string>>> = {
  de: {
    '2': 'Zwei',
    '3': 'Drei',
    '4': 'Vier',
    '5': 'Fünf',
    '6': 'Sechs',
    '7': 'Sieben',
    '8': 'Acht',
    '9': 'Neun',
    T: 'Zehn',
    J: 'Bube',
    Q: 'Dame',
    K: 'König',
    A: 'Ass',
  },
  en: {
    '2': 'Two',
    '3': 'Three',
    '4': 'Four',
    '5': 'Five',
    '6': 'Six',
    '7': 'Seven',
    '8': 'Eight',
    '9': 'Nine',
    T: 'Ten',
    J: 'Jack',
    Q: 'Queen',
    K: 'King',
    A: 'Ace',
  },
};

/** The spoken name of a card: "Pik-Dame", "Queen of spades". */
export function cardLabel(card: CardName, lang: Lang): string {
  const rank = RANK_WORDS[lang][rankOfName(card)];
  const suit = SUIT_WORDS[lang][suitOfName(card)];
  return lang === 'de' ? `${suit}-${rank}` : `${rank} of ${suit}`;
}

export const suitWord = (suit: SuitName, lang: Lang): string => SUIT_WORDS[lang][suit];

/** The index printed in a card's corner. German cards print B, D, K for Bube, Dame, König. */
export function rankIndex(rank: RankName, lang: Lang): string {
  if (rank === 'T') return '10';
  if (lang === 'de') return rank === 'J' ? 'B' : rank === 'Q' ? 'D' : rank;
  return rank;
}

const SUIT_SYMBOLS: Readonly<Record<SuitName, string>> = { C: '♣', D: '♦', S: '♠', H: '♥' };

/** A card in short, as its corner shows it: "2♦", "10♣", "D♠" in German and "Q♠" in English. */
export const cardShort = (card: CardName, lang: Lang): string =>
  rankIndex(rankOfName(card), lang) + SUIT_SYMBOLS[suitOfName(card)];

/** Cards in short, in hand order: "2♣, 2♦". */
export const cardsShort = (cards: readonly CardName[], lang: Lang): string =>
  sortHand(cards)
    .map((c) => cardShort(c, lang))
    .join(', ');

/** A suit's colour class: two colours (red, black) or four (♣ green, ♦ blue). */
export function suitColor(suit: SuitName, fourColor: boolean): 'red' | 'black' | 'green' | 'blue' {
  if (suit === 'H') return 'red';
  if (suit === 'S') return 'black';
  if (fourColor) return suit === 'C' ? 'green' : 'blue';
  return suit === 'C' ? 'black' : 'red';
}
