import { parseCard, type Move } from '@hearts/engine';
import type { Decision } from './types.js';

/** The engine move a decision stands for, or null when it names something that is not a card. */
export function decisionToMove(d: Decision): Move | null {
  switch (d?.kind) {
    case 'pass': {
      const cards = Array.isArray(d.cards) ? d.cards.map((c) => parseCard(c)) : [];
      return cards.some((c) => c === undefined) ? null : { kind: 'pass', cards: cards as number[] };
    }
    case 'play': {
      const card = parseCard(d.card);
      return card === undefined ? null : { kind: 'play', card };
    }
    case 'moon':
      return { kind: 'moon', choice: d.choice };
    default:
      return null;
  }
}
