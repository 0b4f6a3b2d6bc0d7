// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n } from '../i18n';
import { RulesOptions, RulesSummary, type RulesChoice } from './RulesOptions';

let last: RulesChoice = { rules: {}, preset: 'standard' };

function Harness() {
  const [value, setValue] = useState<RulesChoice>({ rules: {}, preset: 'standard' });
  return (
    <RulesOptions
      value={value}
      onChange={(c) => {
        last = c;
        setValue(c);
      }}
    />
  );
}

afterEach(cleanup);

describe('RulesOptions', () => {
  it('offers every rule option and applies presets', () => {
    render(
      <I18nextProvider i18n={createI18n('en')}>
        <Harness />
      </I18nextProvider>,
    );
    fireEvent.change(screen.getByRole('combobox', { name: 'Rule set' }), { target: { value: 'blackMaria' } });
    expect(last.preset).toBe('blackMaria');
    expect(last.rules).toMatchObject({ players: 3, passCycle: 'right', blackMariaSpades: true });
    expect((screen.getByRole('combobox', { name: 'Players' }) as HTMLSelectElement).value).toBe('3');
    expect((screen.getByRole('checkbox', { name: 'K♠ scores 10, A♠ 7' }) as HTMLInputElement).checked).toBe(
      true,
    );

    fireEvent.change(screen.getByRole('combobox', { name: 'Players' }), { target: { value: '6' } });
    expect(last.rules.players).toBe(6);
    expect(last.preset).toBe('custom');
    expect((screen.getByRole('combobox', { name: 'Cards taken out' }) as HTMLSelectElement).value).toBe(
      '2C 3C 2D 2S',
    );

    fireEvent.click(screen.getByRole('checkbox', { name: 'J♦ scores −10 (Omnibus)' }));
    expect(last.rules.jackOfDiamonds).toBe(-10);

    fireEvent.click(screen.getByRole('button', { name: 'Standard rules' }));
    expect(last).toEqual({ rules: {}, preset: 'standard' });
  });

  it('says when options do not fit together', () => {
    render(
      <I18nextProvider i18n={createI18n('de')}>
        <Harness />
      </I18nextProvider>,
    );
    const target = screen.getByRole('spinbutton', { name: 'Spiel bis (Punkte)' });
    fireEvent.change(target, { target: { value: '0' } });
    expect(screen.getByRole('alert').textContent).toBe(
      'Diese Optionen passen nicht zusammen: Spiel bis (Punkte)',
    );
    fireEvent.change(target, { target: { value: '75' } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(last).toEqual({ rules: { targetScore: 75 }, preset: 'custom' });
    fireEvent.change(target, { target: { value: '100' } });
    expect(last).toEqual({ rules: { targetScore: 100 }, preset: 'classic100' });
  });

  it('names removed cards with card symbols, not codes', () => {
    render(
      <I18nextProvider i18n={createI18n('de')}>
        <Harness />
        <RulesSummary rules={{ players: 3, removedCards: ['2C'] }} />
      </I18nextProvider>,
    );
    fireEvent.change(screen.getByRole('combobox', { name: 'Spieler' }), { target: { value: '3' } });
    const removed = screen.getByRole('combobox', { name: 'Entfernte Karten' }) as HTMLSelectElement;
    expect([...removed.options].map((o) => o.textContent)).toEqual(['2♦', '2♣']);
    expect(document.querySelector('[data-rule="removedCards"] dd')?.textContent).toBe('2♣');
    fireEvent.change(screen.getByRole('combobox', { name: 'Spieler' }), { target: { value: '6' } });
    expect([...removed.options].map((o) => o.textContent)).toEqual(['2♣, 3♣, 2♦, 2♠']);
  });
});
