// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_RULES } from '@hearts/engine';
import { testI18n } from '../test-support';
import { rulesSummary } from '../features/pad/words';
import { renderInApp } from '../test-support';
import { HelpPage } from '../features/rules/HelpPage';
import { RulesOptions, RulesSummary, ruleLines, type RulesChoice } from './RulesOptions';

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

/** `ui` under the app's i18n in language `lang`. */
const renderIn = (lang: 'en' | 'de', ui: ReactNode) =>
  render(<I18nextProvider i18n={testI18n(lang)}>{ui}</I18nextProvider>);

afterEach(cleanup);

describe('RulesOptions', () => {
  it('offers every rule option and applies presets', () => {
    renderIn('en', <Harness />);
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
    renderIn('de', <Harness />);
    const target = screen.getByRole('spinbutton', { name: 'Spiel bis (Punkte)' });
    fireEvent.change(target, { target: { value: '0' } });
    // The allowed range, and the field marked and pointing to the reason.
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('Spiel bis (Punkte): eine ganze Zahl von 1 bis 100000');
    expect(target.getAttribute('aria-invalid')).toBe('true');
    expect(target.getAttribute('aria-describedby')).toBe(alert.id);
    expect(document.querySelectorAll('[aria-invalid]')).toHaveLength(1);
    fireEvent.change(target, { target: { value: '75' } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(last).toEqual({ rules: { targetScore: 75 }, preset: 'custom' });
    fireEvent.change(target, { target: { value: '100' } });
    expect(last).toEqual({ rules: { targetScore: 100 }, preset: 'classic100' });
  });

  it('names removed cards with card symbols, not codes', () => {
    renderIn(
      'de',
      <>
        <Harness />
        <RulesSummary rules={{ players: 3, removedCards: ['2C'] }} />
      </>,
    );
    fireEvent.change(screen.getByRole('combobox', { name: 'Spieler' }), { target: { value: '3' } });
    const removed = screen.getByRole('combobox', { name: 'Entfernte Karten' }) as HTMLSelectElement;
    expect([...removed.options].map((o) => o.textContent)).toEqual(['2♦', '2♣']);
    expect(document.querySelector('[data-rule="removedCards"] dd')?.textContent).toBe('2♣');
    fireEvent.change(screen.getByRole('combobox', { name: 'Spieler' }), { target: { value: '6' } });
    expect([...removed.options].map((o) => o.textContent)).toEqual(['2♣, 3♣, 2♦, 2♠']);
  });
});

describe('the moon options say what the moon is worth under the rules chosen (the engine’s count)', () => {
  const moons = () =>
    [
      ...(screen.getByRole('combobox', { name: /Shooting the moon|Durchmarsch/ }) as HTMLSelectElement)
        .options,
    ].map((o) => o.textContent);

  it('en: 26 by the standard rules, 129 in spot hearts, 38 with a Q♠ of 25; in the summary too', () => {
    renderIn('en', <Harness />);
    expect(moons()).toEqual([
      'Everyone else +26',
      'Shooter −26',
      'Shooter chooses',
      'Others +26, unless the shooter would lose',
      'No moon',
    ]);
    fireEvent.change(screen.getByRole('combobox', { name: 'Rule set' }), { target: { value: 'spot' } });
    expect(moons()).toEqual([
      'Everyone else +129',
      'Shooter −129',
      'Shooter chooses',
      'Others +129, unless the shooter would lose',
      'No moon',
    ]);
    // Options that do not fit together still count for the moon where they can.
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Play to (points)' }), {
      target: { value: '0' },
    });
    expect(screen.getByRole('alert')).toBeTruthy();
    expect(moons()[0]).toBe('Everyone else +129');
    fireEvent.click(screen.getByRole('button', { name: 'Standard rules' }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Points of the Q♠' }), { target: { value: '25' } });
    expect(moons()[1]).toBe('Shooter −38');
    cleanup();
    renderIn('en', <RulesSummary rules={{ heartValues: 'rank', queenPoints: 25, moon: 'shooterMinus26' }} />);
    expect(document.querySelector('[data-rule="moon"] dd')?.textContent).toBe('Shooter −129');
  });

  it('de: „Alle anderen +129“ in spot hearts; the score pad’s summary and the help page count it too', () => {
    renderIn('de', <Harness />);
    fireEvent.change(screen.getByRole('combobox', { name: 'Regelwerk' }), { target: { value: 'spot' } });
    expect(moons()[0]).toBe('Alle anderen +129');
    expect(moons()[3]).toBe('Andere +129, außer der Schütze verliert dadurch');
    const t = testI18n('de').t;
    const spot = { ...DEFAULT_RULES, heartValues: 'rank', queenPoints: 25 } as const;
    expect(rulesSummary(t, spot)).toContain('Alle anderen +129');
    expect(rulesSummary(t, DEFAULT_RULES)).toContain('Alle anderen +26');
    cleanup();
    renderInApp(<HelpPage />, { lang: 'de', settings: { rules: { heartValues: 'rank', queenPoints: 25 } } });
    expect(screen.getByText(/Nimmst du alle Herzen/).textContent).toBe(
      'Nimmst du alle Herzen und die Pik-Dame, bekommst du 0 Punkte — alle anderen 129.',
    );
  });
});

describe('the rules in words', () => {
  it('tell the number of hands instead of the target score where the number of hands ends the game', () => {
    const t = testI18n('en').t;
    const names = (rules: Record<string, unknown>) => ruleLines(t, 'en', rules).map((l) => l.name);
    expect(names({ handsToPlay: 3 })).toEqual(['players', 'handsToPlay']);
    expect(names({ handsToPlay: 3, targetScore: 100 })).toEqual(['players', 'handsToPlay']);
    expect(names({})).toEqual(['players', 'targetScore']);
    expect(names({ targetScore: 100 })).toEqual(['players', 'targetScore']);
  });
});
