// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testI18n } from '../test-support';
import { I18nextProvider } from 'react-i18next';
import type { HandCardView } from './view';
import { Hand } from './Hand';

const card = (c: string, over: Partial<HandCardView> = {}): HandCardView => ({
  card: c as HandCardView['card'],
  disabled: false,
  dimmed: false,
  selected: false,
  received: false,
  hinted: false,
  ...over,
});

function renderHand(
  props: Partial<Parameters<typeof Hand>[0]> & { cards: HandCardView[] },
  lang: 'de' | 'en' = 'de',
) {
  const onTap = vi.fn();
  render(
    <I18nextProvider i18n={testI18n(lang)}>
      <Hand passing={false} lang={lang} fourColor={false} coarsePointer={false} onTap={onTap} {...props} />
    </I18nextProvider>,
  );
  return onTap;
}

afterEach(cleanup);

describe('Hand', () => {
  it('makes every card a button with its spoken name and engine name', () => {
    renderHand({ cards: [card('QS'), card('TH', { disabled: true, dimmed: true })] });
    const queen = screen.getByRole('button', { name: 'Pik-Dame' });
    expect(queen.getAttribute('data-card')).toBe('QS');
    expect(queen.getAttribute('aria-disabled')).toBeNull();
    const ten = screen.getByRole('button', { name: 'Herz-Zehn' });
    expect(ten.getAttribute('aria-disabled')).toBe('true');
    expect(ten.className).toContain('dimmed');
  });

  it('speaks English names in English', () => {
    renderHand({ cards: [card('QS'), card('2C')] }, 'en');
    expect(screen.getByRole('button', { name: 'Queen of spades' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Two of clubs' })).toBeTruthy();
  });

  it('marks chosen cards with aria-pressed while passing', () => {
    const onTap = renderHand({ passing: true, cards: [card('2C', { selected: true }), card('3C')] });
    expect(screen.getByRole('button', { name: 'Kreuz-Zwei' }).getAttribute('aria-pressed')).toBe('true');
    const three = screen.getByRole('button', { name: 'Kreuz-Drei' });
    expect(three.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(three);
    expect(onTap).toHaveBeenCalledWith('3C');
  });

  it('moves focus with the arrow keys and plays with Enter (a keyboard click)', () => {
    const onTap = renderHand({ cards: [card('2C'), card('3C'), card('4C')] });
    const first = screen.getByRole('button', { name: 'Kreuz-Zwei' });
    expect(first.tabIndex).toBe(0);
    first.focus();
    fireEvent.keyDown(first, { key: 'ArrowRight' });
    const second = screen.getByRole('button', { name: 'Kreuz-Drei' });
    expect(document.activeElement).toBe(second);
    expect(second.tabIndex).toBe(0);
    expect(first.tabIndex).toBe(-1);
    fireEvent.keyDown(second, { key: 'End' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Kreuz-Vier' }));
    fireEvent.click(document.activeElement!, { detail: 0 });
    expect(onTap).toHaveBeenCalledWith('4C');
  });

  it('on a touch screen raises a card on the first tap and plays it on the second', () => {
    const onTap = renderHand({ coarsePointer: true, cards: [card('2C'), card('3C')] });
    const two = screen.getByRole('button', { name: 'Kreuz-Zwei' });
    fireEvent.click(two, { detail: 1 });
    expect(onTap).not.toHaveBeenCalled();
    expect(two.className).toContain('raised');
    fireEvent.click(two, { detail: 1 });
    expect(onTap).toHaveBeenCalledWith('2C');
  });

  it('asks why for a dimmed card at once', () => {
    const onTap = renderHand({ coarsePointer: true, cards: [card('2H', { disabled: true, dimmed: true })] });
    fireEvent.click(screen.getByRole('button', { name: 'Herz-Zwei' }), { detail: 1 });
    expect(onTap).toHaveBeenCalledWith('2H');
  });

  it('takes the focus for a keyboard player, but draws no focus ring on a touch screen', () => {
    renderHand({ cards: [card('2C'), card('3C')] });
    expect(document.activeElement?.getAttribute('data-card')).toBe('2C');
    cleanup();
    (document.activeElement as HTMLElement | null)?.blur();
    renderHand({ coarsePointer: true, cards: [card('2C'), card('3C')] });
    expect(document.activeElement).toBe(document.body);
  });

  it('when the turn comes with the focus on a card that may not be played, moves it to the nearest one that may', () => {
    const i18n = testI18n('de');
    const hand = (cards: HandCardView[]) => (
      <I18nextProvider i18n={i18n}>
        <Hand
          passing={false}
          lang="de"
          fourColor={false}
          coarsePointer={false}
          onTap={vi.fn()}
          cards={cards}
        />
      </I18nextProvider>
    );
    // After passing every card waits; the focus rests on the ace of diamonds.
    const waiting = ['2C', '9D', 'AD', 'KC'].map((c) => card(c, { disabled: true, dimmed: true }));
    const { rerender } = render(hand(waiting));
    expect(document.activeElement?.getAttribute('data-card')).toBe('2C'); // the focus came to the hand
    fireEvent.keyDown(screen.getByRole('group'), { key: 'ArrowRight' });
    fireEvent.keyDown(screen.getByRole('group'), { key: 'ArrowRight' });
    expect(document.activeElement?.getAttribute('data-card')).toBe('AD');
    // The player's turn: only the clubs may be played; the nearest to the ace is the king.
    rerender(hand(waiting.map((c) => (c.card.endsWith('C') ? card(c.card) : c))));
    expect(document.activeElement?.getAttribute('data-card')).toBe('KC');
    // Later cards change while the player looks at a card of their choice: the focus stays.
    screen.getByRole('button', { name: 'Kreuz-Zwei' }).focus();
    rerender(hand(waiting.map((c) => (c.card === 'KC' ? card(c.card) : c))));
    expect(document.activeElement?.getAttribute('data-card')).toBe('2C');
  });
});
