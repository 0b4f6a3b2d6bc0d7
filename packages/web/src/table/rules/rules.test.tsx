// @vitest-environment happy-dom
import {
  DEFAULT_REMOVED,
  compiledRules,
  lowestClub,
  makeCard,
  parseCard,
  preset,
  type Rules,
} from '@hearts/engine';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cardShort } from '../../kit/cards';
import { testI18n } from '../../test-support';
import { renderInApp } from '../../test-support';
import { OFFERED_OPTIONS, RulesOptions } from '../../kit/RulesOptions';
import RulesPage from '../../features/rules/RulesPage';
import { SECTION_IDS, SECTION_OF, fullRules, pointsOf, presetRules, signed } from './sections';
import TableRulesPanel from './TableRules';

function withApp(lang: 'de' | 'en', node: React.ReactNode) {
  return renderInApp(node, { lang });
}

/** The options the options screen shows, read from its fields (ids end in "-<option>"). */
function offeredOnScreen(): string[] {
  const { container } = render(
    <I18nextProvider i18n={testI18n('en')}>
      <RulesOptions value={{ rules: {}, preset: 'standard' }} onChange={() => {}} />
    </I18nextProvider>,
  );
  const names = [...container.querySelectorAll('input[id], select[id]')].map((e) => e.id.split('-').pop()!);
  cleanup();
  return names;
}

afterEach(cleanup);

describe('the rules page', () => {
  it('explains every option the options screen offers, in English and German', () => {
    const offered = offeredOnScreen();
    expect(offered.length).toBeGreaterThanOrEqual(17);
    expect(new Set(offered)).toEqual(new Set(OFFERED_OPTIONS));
    for (const lang of ['en', 'de'] as const) {
      const { container } = withApp(lang, <RulesPage at="" />);
      for (const name of offered) {
        const section = SECTION_OF[name as keyof Rules];
        expect(section, name).toBeDefined();
        const entry = container.querySelector(`[data-section="${section}"] [data-option="${name}"]`);
        expect(entry, `${lang}: ${name}`).not.toBeNull();
        const text = entry!.querySelector('p')!.textContent!;
        expect(text.length, `${lang}: ${name}`).toBeGreaterThan(10);
        expect(text).not.toContain('rulesPage.');
      }
      for (const id of SECTION_IDS) {
        const h = container.querySelector(`[data-section="${id}"] h2`)!;
        expect(h.textContent).not.toContain('rulesPage.');
      }
      expect(container.textContent).not.toMatch(/rulesPage\.|rules\.\w/);
      cleanup();
    }
  });

  it('shows the engine’s numbers: the J♦, spot hearts, the moon, the removed cards, the die’s seven', () => {
    const { container } = withApp('en', <RulesPage at="" />);
    const omnibus = container.querySelector<HTMLElement>('[data-section="omnibus"]')!;
    const jack = signed(compiledRules(fullRules(preset('omnibus'))).cardPoints[parseCard('JD')!]!);
    expect(jack).toBe('−10');
    expect(omnibus.querySelector('[data-card="JD"] .rule-badge')!.textContent).toBe(jack);
    expect(omnibus.textContent).toContain(`the J♦ counts ${jack}`);
    // The example trick: the J♦ takes it, with a heart: −10 + 1.
    const example = omnibus.querySelector('[data-example-winner]')!;
    expect(example.getAttribute('data-example-winner')).toBe('Ben');
    expect(example.getAttribute('data-example-points')).toBe(
      String(pointsOf(fullRules(preset('omnibus')), 'JD') + pointsOf(fullRules(preset('omnibus')), '5H')),
    );

    const spot = presetRules('spot');
    const spotSection = container.querySelector<HTMLElement>('[data-section="spot"]')!;
    for (const c of ['2H', 'TH', 'AH', 'QS'] as const)
      expect(spotSection.querySelector(`[data-card="${c}"] .rule-badge`)!.textContent).toBe(
        signed(pointsOf(spot, c)),
      );
    expect(spotSection.textContent).toContain(String(compiledRules(spot).moonValue));
    expect(spotSection.textContent).toContain(String(spot.targetScore));

    const moon = container.querySelector<HTMLElement>('[data-section="moon"]')!;
    expect(moon.querySelectorAll('[data-card]')).toHaveLength(14);
    expect(moon.textContent).toContain(`${compiledRules(fullRules({})).moonValue} points together`);

    for (const n of [3, 5, 6]) {
      const row = container.querySelector(`[data-players="${n}"]`)!;
      expect([...row.querySelectorAll('[data-card]')].map((e) => e.getAttribute('data-card'))).toEqual(
        DEFAULT_REMOVED[n],
      );
      expect(row.textContent).toContain(cardShort(makeCard(lowestClub(fullRules({ players: n }))!), 'en'));
    }

    const seven = container.querySelector<HTMLElement>('[data-section="sevenOfDie"]')!;
    expect(
      [...seven.querySelectorAll('.rule-card')].map(
        (e) =>
          `${e.querySelector('.rule-caption')!.textContent} ${e.querySelector('.rule-badge')!.textContent}`,
      ),
    ).toEqual([' 1–2 +40', ' 3–4 +40', ' 5–6 +40']);
    // The die is drawn (no emoji font needed) and named for a screen reader.
    expect(
      [...seven.querySelectorAll('.rule-caption [role="img"]')].map((e) => e.getAttribute('aria-label')),
    ).toEqual(['die', 'die', 'die']);
    expect([...seven.querySelectorAll('[data-card]')].map((e) => e.getAttribute('data-card'))).toEqual([
      '7S',
      '7D',
      '7C',
    ]);
  });

  it('speaks German with the source texts’ words', () => {
    const { container } = withApp('de', <RulesPage at="" />);
    expect(container.querySelector('[data-section="omnibus"]')!.textContent).toContain(
      'Der Karo-Bube zählt −10',
    );
    expect(container.querySelector('[data-section="hearts"] h2')!.textContent).toBe('Herz brechen');
    expect(container.querySelector('[data-section="basics"]')!.textContent).toContain(
      'Dan hat kein Karo und wirft Pik-Dame ab',
    );
  });
});

describe('a table’s rules', () => {
  it('lists the options in force, each opening its explanation for this table, and closes on Escape', () => {
    const onClose = vi.fn();
    const rules = fullRules({ players: 3, jackOfDiamonds: -10, targetScore: 100 });
    const { container } = withApp('en', <TableRulesPanel rules={rules} onClose={onClose} />);
    const panel = screen.getByRole('complementary', { name: 'Rules at this table' });
    expect([...panel.querySelectorAll('[data-rule]')].map((e) => e.getAttribute('data-rule'))).toEqual([
      'players',
      'targetScore',
      'jackOfDiamonds',
    ]);
    expect(panel.querySelector('[data-rule="players"]')!.textContent).toBe('Players3');
    fireEvent.click(within(panel).getByRole('button', { name: /J♦ scores −10/ }));
    expect(panel.getAttribute('data-shown')).toBe('omnibus');
    const option = container.querySelector('[data-option="jackOfDiamonds"]')!;
    expect(option.textContent).toContain('Standard: no');
    expect(option.textContent).toContain('At this table: yes');
    fireEvent.click(within(panel).getByRole('button', { name: /Back to this table’s rules/ }));
    // The players' section is drawn for this table: three players, the 2♦ out.
    fireEvent.click(panel.querySelector<HTMLButtonElement>('[data-rule="players"] button')!);
    expect(panel.getAttribute('data-shown')).toBe('players');
    expect(container.querySelector('[data-option="players"]')!.textContent).toContain('At this table: 3');
    act(() => {
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    });
    expect(onClose).toHaveBeenCalled();
  });
});
