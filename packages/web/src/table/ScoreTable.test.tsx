// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, expect, test } from 'vitest';
import { inApp } from '../test-support';
import { ScoreTable } from './ScoreTable';

afterEach(cleanup);

test('six seats: a bot’s head keeps its number in view (robot mark and "3"), the word "Bot" only spoken', () => {
  const names = ['Du', 'Bot\u00a01', 'Bot\u00a02', 'Bot\u00a03', 'Bot\u00a04', 'Bot\u00a05'];
  const { container } = render(
    inApp(
      <ScoreTable rows={[]} totals={[0, 0, 0, 0, 0, 0]} names={names} bots={names.map((_, s) => s > 0)} />,
      { lang: 'de' },
    ),
  );
  expect(container.querySelector('table')!.classList.contains('many')).toBe(true);
  const heads = [...container.querySelectorAll('thead .col-name')];
  expect(heads[0]!.textContent).toBe('Du');
  expect(heads[3]!.querySelector('.bot-word')!.textContent).toBe('Bot\u00a0');
  expect(heads[3]!.textContent).toContain('Bot\u00a03'); // spoken whole
  expect(heads[3]!.lastChild!.textContent).toBe('3'); // what shows beside the robot mark
});

test('four seats: the names as they are', () => {
  const names = ['Du', 'Bot\u00a01', 'Bot\u00a02', 'Bot\u00a03'];
  const { container } = render(
    inApp(<ScoreTable rows={[]} totals={[0, 0, 0, 0]} names={names} bots={[false, true, true, true]} />, {
      lang: 'de',
    }),
  );
  expect(container.querySelector('table')!.classList.contains('many')).toBe(false);
});
