// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { renderInApp } from '../../test-support';
import { createPad, unwrapPad } from './model';
import { PadSheet } from './PadSheet';
import { memoryPadStore } from './store';

afterEach(cleanup);

const NAMES = ['Anna', 'Ben', 'Cem', 'Dora'];

async function open(lang: 'de' | 'en', rules: Record<string, unknown>) {
  const store = memoryPadStore();
  await store.put(unwrapPad(createPad({ id: 'p1', name: 'Freitag', players: NAMES, rules, now: 1 })));
  renderInApp(<PadSheet store={store} id="p1" />, { lang });
  await screen.findByTestId('pad-sum');
}

const input = (name: string, lang: 'de' | 'en') =>
  screen.getByLabelText(lang === 'de' ? `Punkte von ${name}` : `Points of ${name}`) as HTMLInputElement;

function enter(lang: 'de' | 'en', points: readonly string[]) {
  NAMES.forEach((name, p) => fireEvent.change(input(name, lang), { target: { value: points[p] } }));
}

describe('the score pad’s entry row', () => {
  test('under Omnibus, "−4" adding up to 26 is not shown as a complete hand (the pad refuses it); an entry the pad takes is', async () => {
    await open('de', { jackOfDiamonds: -10 });
    enter('de', ['-4', '13', '13', '4']);
    const sum = screen.getByTestId('pad-sum');
    expect(sum.textContent).toBe('26 von 26');
    expect(sum.classList.contains('ok')).toBe(false);
    enter('de', ['0', '13', '13', '0']);
    expect(sum.textContent).toBe('26 von 26');
    expect(sum.classList.contains('ok')).toBe(false); // who took the jack is still to be chosen
    fireEvent.click(screen.getByLabelText(/Karo-Buben.* Ben/));
    expect(sum.classList.contains('ok')).toBe(true);
  });

  test('an entry is at most a minus sign and four digits; a longer number never becomes the running sum', async () => {
    await open('en', {});
    expect(input('Anna', 'en').maxLength).toBe(5);
    enter('en', ['123456789012345678901', '13', '13', '0']);
    expect(screen.getByTestId('pad-sum').textContent).toBe('? of 26');
  });

  test('German names the jack of diamonds B♦, as the cards do', async () => {
    await open('de', { jackOfDiamonds: -10 });
    expect(screen.getByRole('rowheader', { name: 'B♦' })).toBeTruthy();
    expect(document.body.textContent).not.toContain('J♦');
  });
});
