import type { CardName } from '@hearts/engine';
import { useEffect, useRef, useState, type CSSProperties, type KeyboardEvent, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { cardLabel, type Lang } from '../kit/cards';
import type { HandCardView } from './view';
import { CardFace } from '../kit/CardSvg';

export interface HandProps {
  readonly cards: readonly HandCardView[];
  readonly passing: boolean;
  readonly lang: Lang;
  readonly fourColor: boolean;
  readonly coarsePointer: boolean; // tap once to raise, again to play
  readonly onTap: (card: CardName) => void;
  readonly onRaise?: (card: CardName | null) => void; // a card was raised by a first tap (null: lowered again)
}

/**
 * The player's hand: every card a button with a spoken name. Arrow keys move between cards, Enter or Space
 * plays (or chooses for passing). Cards that may not be played are dimmed and marked aria-disabled; tapping one
 * still asks the game why.
 */
export function Hand({ cards, passing, lang, fourColor, coarsePointer, onTap, onRaise }: HandProps) {
  const { t } = useTranslation();
  const [focus, setFocus] = useState(0);
  const [raised, setRaised] = useState<CardName | null>(null);
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const count = cards.length;
  const index = Math.min(focus, Math.max(0, count - 1));

  useEffect(() => {
    if (raised && !cards.some((c) => c.card === raised && !c.disabled)) setRaised(null);
  }, [cards, raised]);
  useEffect(() => {
    onRaise?.(raised);
  }, [raised, onRaise]);
  // When the focused card (or the pass button) goes away, the focus comes back to the hand, so a keyboard or
  // screen-reader player never loses their place: to the nearest card that may be played. When the player's turn
  // comes while the focus rests on a card that may not be played (after passing, every card waited), it moves to
  // the nearest one that may. Not on a touch screen: there it would only draw a focus ring around a card nobody
  // chose.
  const playableBefore = useRef(false);
  useEffect(() => {
    const playable = cards.some((c) => !c.disabled);
    const turnComes = playable && !playableBefore.current;
    playableBefore.current = playable;
    if (coarsePointer) return;
    const active = document.activeElement;
    const lost = active === null || active === document.body;
    const waiting = turnComes && refs.current.includes(active as HTMLButtonElement) && cards[index]?.disabled;
    if (!lost && !waiting) return;
    const to = nearestPlayable(cards, index);
    setFocus(to);
    refs.current[to]?.focus();
  }, [cards, index, coarsePointer]);

  const move = (to: number) => {
    const i = (to + count) % count;
    setFocus(i);
    refs.current[i]?.focus();
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (count === 0) return;
    if (e.key === 'ArrowRight' || e.key === 'ArrowDown') move(index + 1);
    else if (e.key === 'ArrowLeft' || e.key === 'ArrowUp') move(index - 1);
    else if (e.key === 'Home') move(0);
    else if (e.key === 'End') move(count - 1);
    else return;
    e.preventDefault();
  };

  const click = (c: HandCardView, i: number, e: MouseEvent) => {
    setFocus(i);
    const byKeyboard = e.detail === 0;
    if (!passing && coarsePointer && !byKeyboard && !c.disabled && raised !== c.card) {
      setRaised(c.card);
      return;
    }
    setRaised(null);
    onTap(c.card);
  };

  return (
    <div
      className={`hand${passing ? ' passing' : ''}`}
      role="group"
      aria-label={t('hand.label')}
      onKeyDown={onKeyDown}
      style={{ '--n': count } as CSSProperties}
    >
      {cards.map((c, i) => {
        const extra = [c.received && t('hand.received'), c.hinted && t('hand.hint')].filter(Boolean);
        const label = [cardLabel(c.card, lang), ...extra].join(', ');
        return (
          <button
            key={c.card}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            className={[
              'card',
              'in-hand',
              c.dimmed && 'dimmed',
              (c.selected || raised === c.card) && 'raised',
              c.received && 'received',
              c.hinted && 'hinted',
            ]
              .filter(Boolean)
              .join(' ')}
            data-card={c.card}
            aria-label={label}
            aria-disabled={c.disabled ? 'true' : undefined}
            aria-pressed={passing ? c.selected : undefined}
            tabIndex={i === index ? 0 : -1}
            onClick={(e) => click(c, i, e)}
            onFocus={() => setFocus(i)}
          >
            <CardFace card={c.card} lang={lang} fourColor={fourColor} />
          </button>
        );
      })}
    </div>
  );
}

/** The card nearest to `index` that may be played (`index` itself when none may). */
function nearestPlayable(cards: readonly HandCardView[], index: number): number {
  for (let d = 0; d < cards.length; d++)
    for (const i of [index - d, index + d]) if (i >= 0 && i < cards.length && !cards[i]!.disabled) return i;
  return index;
}
