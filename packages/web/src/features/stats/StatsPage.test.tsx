// @vitest-environment happy-dom
import { preset } from '@hearts/engine';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  EARLIER,
  EMPTY_STATS,
  addToGroups,
  saveSoloStats,
  variantKey,
  type Stats,
  type StatsGroup,
} from '../../kit/records';
import { memoryStore, type KeyValueStore } from '../../kit/storage';
import { pages } from '../../app/pages';
import { openApp, screenLoaded } from '../../test-support';

async function renderApp(hash: string, lang: 'de' | 'en', store: KeyValueStore) {
  const opened = openApp(hash, { lang, store, pages });
  await screenLoaded();
  return opened;
}

const game = (over: Partial<Stats>): Stats => ({ ...EMPTY_STATS, games: 1, ...over });

function stored(): KeyValueStore {
  const store = memoryStore();
  let g: StatsGroup[] = [];
  g = addToGroups(g, {}, 'easy', game({ wins: 1, hands: 5, points: 20 }));
  g = addToGroups(g, {}, 'easy', game({ hands: 5, points: 40, moons: 1 }));
  g = addToGroups(g, { jackOfDiamonds: -10 }, 'hard', game({ hands: 4, points: 8, queens: 2 }));
  g = addToGroups(g, preset('blackMaria'), 'medium', game({ wins: 1, hands: 6, points: 30 }));
  g.push({
    variant: EARLIER,
    rules: {},
    level: null,
    ...game({ games: 3, wins: 1, hands: 20, points: 100 }),
  });
  saveSoloStats(store, g);
  return store;
}

/** The solo statistics table's rows as "key value". */
const rows = (root: HTMLElement): string[] =>
  [...root.querySelectorAll('.solo-stats tr')].map(
    (tr) => `${tr.getAttribute('data-stat')} ${tr.querySelector('td')!.textContent}`,
  );

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.location.hash = '';
});

describe('statistics page', () => {
  it('adds up every solo game, and filters by rules, bot level and player count', async () => {
    const { container } = await renderApp('#/stats', 'en', stored());
    expect(rows(container)).toEqual([
      'games 7',
      'wins 3',
      'winRate 42.9\u00a0%',
      'hands 40',
      'average 5',
      'moons 1',
      'queens 2',
    ]);
    // By rules: each variant with its games; choosing Omnibus shows its games only.
    const byRules = screen.getByRole('heading', { name: 'By rules' }).parentElement!;
    const variants = [...byRules.querySelectorAll('tbody tr')].map((r) => r.getAttribute('data-group'));
    expect(variants).toEqual([
      'standard',
      variantKey({ jackOfDiamonds: -10 }),
      variantKey(preset('blackMaria')),
      EARLIER,
    ]);
    fireEvent.click(within(byRules).getByRole('button', { name: 'Omnibus' }));
    expect(rows(container)).toContain('games 1');
    expect(rows(container)).toContain('queens 2');
    expect((screen.getByLabelText('Rules') as HTMLSelectElement).value).toBe(
      variantKey({ jackOfDiamonds: -10 }),
    );
    // Back to all rules, then one bot level.
    fireEvent.change(screen.getByLabelText('Rules'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Bot level'), { target: { value: 'easy' } });
    expect(rows(container)).toEqual([
      'games 2',
      'wins 1',
      'winRate 50\u00a0%',
      'hands 10',
      'average 6',
      'moons 1',
      'queens 0',
    ]);
    fireEvent.change(screen.getByLabelText('Bot level'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Players'), { target: { value: '3' } });
    expect(rows(container)).toContain('games 1');
    expect(rows(container)).toContain('hands 6');
  });

  it('names variants and levels in German, the earlier counters as such', async () => {
    await renderApp('#/stats', 'de', stored());
    const byRules = screen.getByRole('heading', { name: 'Nach Regeln' }).parentElement!;
    expect(
      within(byRules).getByRole('button', { name: 'Frühere Spiele (Regeln nicht erfasst)' }),
    ).toBeTruthy();
    expect(within(byRules).getByRole('button', { name: 'Black Maria' })).toBeTruthy();
    const byLevel = screen.getByRole('heading', { name: 'Nach Bot-Stufe' }).parentElement!;
    expect([...byLevel.querySelectorAll('tbody th')].map((th) => th.textContent)).toEqual([
      'Leicht',
      'Schwer',
      'Mittel',
      'nicht erfasst',
    ]);
  });
});

describe('the profile', () => {
  it('counts solo games as the statistics page does', async () => {
    // Offline: the server's part of the page fails, the device's solo games show all the same.
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('offline')));
    const store = stored();
    const stats = await renderApp('#/stats', 'en', store);
    const expected = rows(stats.container);
    cleanup();
    const profile = await renderApp('#/profile', 'en', store);
    await screen.findByRole('heading', { name: 'Solo games on this device' });
    expect(rows(profile.container)).toEqual(expected);
  });
});
