// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { testI18n } from '../test-support';
import { SeatBox } from './Seat';

afterEach(cleanup);

function seat(lang: 'en' | 'de', provisional: boolean, bot: string | null = null, badge?: string) {
  return render(
    <I18nextProvider i18n={testI18n(lang)}>
      <SeatBox
        seat={1}
        position="left"
        name="Anna"
        bot={bot}
        {...(badge === undefined ? {} : { badge })}
        rating={1550}
        provisional={provisional}
        total={0}
        handPoints={0}
        cards={0}
        back={null}
        turn={false}
        passed={false}
        dealer={false}
      />
    </I18nextProvider>,
  );
}

describe('a seat’s rating', () => {
  it('reads "1550?" while provisional, with the reason in its title', () => {
    const { container } = seat('en', true);
    const rating = container.querySelector('.seat-rating')!;
    expect(rating.textContent).toBe('1550?');
    expect(rating.getAttribute('title')).toBe(
      'Provisional rating: fewer than 10 rated games, so it is still uncertain; each game moves it by at most 50 points, and it is not on the leaderboard yet.',
    );
  });

  it('in German too', () => {
    const { container } = seat('de', true);
    const rating = container.querySelector('.seat-rating')!;
    expect(rating.textContent).toBe('1550?');
    expect(rating.getAttribute('title')).toMatch(/^Vorläufige Wertung: weniger als 10 gewertete Spiele/);
    expect(rating.getAttribute('title')).toContain('höchstens 50 Punkte');
  });

  it('reads the plain number once established, without a title', () => {
    const { container } = seat('en', false);
    const rating = container.querySelector('.seat-rating')!;
    expect(rating.textContent).toBe('1550');
    expect(rating.getAttribute('title')).toBeNull();
  });
});

describe('a bot’s badge', () => {
  it('reads "Bot · <level>", its first words apart so that a narrow seat can show the robot and the level only', () => {
    for (const [lang, text, level] of [
      ['en', 'Bot · Medium', 'Medium'],
      ['de', 'Bot · Mittel', 'Mittel'],
    ] as const) {
      const { container } = seat(lang, false, 'medium');
      const badge = container.querySelector('.bot-badge')!;
      expect(badge.textContent).toBe(text);
      expect(badge.querySelector('.bot-word')!.textContent).toBe('Bot · ');
      expect(badge.textContent!.slice('Bot · '.length)).toBe(level);
      expect(container.querySelector('section')!.getAttribute('aria-label')).toBe(
        `Anna, ${text}, 0 ${lang === 'en' ? 'points' : 'Punkte'}`,
      );
      cleanup();
    }
  });

  it('keeps a badge of its own (a bot that took over) whole', () => {
    const { container } = seat('en', false, 'easy', 'left · Easy bot');
    expect(container.querySelector('.bot-badge')!.textContent).toBe('left · Easy bot');
    expect(container.querySelector('.bot-word')).toBeNull();
  });
});
