import type { CardName } from '@hearts/engine';
import { useEffect, useRef, useState, type CSSProperties, type KeyboardEvent, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { cardLabel, type Lang } from '../game/cards';
import type { HandCardView } from '../game/view';
import { CardFace } from './CardSvg';

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
  // screen-reader player never loses their place. Not on a touch screen: there it would only draw a focus ring
  // around a card nobody chose.
  useEffect(() => {
    if (coarsePointer) return;
    if (document.activeElement === null || document.activeElement === document.body)
      refs.current[index]?.focus();
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
