/**
 * The pad's data in words: refused hands with their reason, the rules in brief, names, directions.
 *
 * ```ts
 * handProblemText(t, pad, { code: 'ERR_SUM', sum: 27, total: 26 }); // 'The points add up to 27, but every hand has 26.'
 * ```
 */
import type { TFunction } from 'i18next';
import { moonPoints, type Rules } from '@hearts/engine';
import { passDirection } from '../../table/view';
import { directionText } from '../../table/TableParts';
import { hasJack, pointValues, type HandProblem, type Pad, type PadProblem } from './model';

export const passText = (t: TFunction, offset: number, players: number): string =>
  directionText(t, passDirection(offset, players));

/** "Ann", "Ann and Ben", "Ann, Ben and Cem" in the language of `t`. */
export function namesText(lang: string, names: readonly string[]): string {
  try {
    return new Intl.ListFormat(lang, { style: 'long', type: 'conjunction' }).format(names);
  } catch {
    return names.join(', ');
  }
}

/** The cards that count under these rules, for a refused hand: "Q♠ 13, hearts 1 each". */
export function valuesText(t: TFunction, rules: Rules): string {
  const v = pointValues(rules);
  const parts: string[] = [];
  if (v.queen > 0) parts.push(t('pad.values.queen', { n: v.queen }));
  parts.push(t(v.heartValues === 'rank' ? 'pad.values.heartsRank' : 'pad.values.hearts'));
  if (v.kingOfSpades > 0) parts.push(t('pad.values.king', { n: v.kingOfSpades }));
  if (v.aceOfSpades > 0) parts.push(t('pad.values.ace', { n: v.aceOfSpades }));
  if (v.seven > 0) parts.push(t('pad.values.seven', { n: v.seven }));
  return parts.join(', ');
}

/** What the non-moon cards are, for a refused moon: "K♠ 10, A♠ 7" or "no points". */
function restText(t: TFunction, rules: Rules): string {
  const v = pointValues(rules);
  const parts: string[] = [];
  if (v.kingOfSpades > 0) parts.push(t('pad.values.king', { n: v.kingOfSpades }));
  if (v.aceOfSpades > 0) parts.push(t('pad.values.ace', { n: v.aceOfSpades }));
  if (v.seven > 0) parts.push(t('pad.values.seven', { n: v.seven }));
  return parts.length ? parts.join(', ') : t('pad.values.nothing');
}

export function handProblemText(t: TFunction, pad: Pad, p: HandProblem): string {
  const name = p.player === undefined ? '' : (pad.players[p.player] ?? '');
  const key = p.code === 'ERR_NEGATIVE' && hasJack(pad.rules) ? 'ERR_NEGATIVE_JACK' : p.code;
  return t(`pad.problem.${key}`, {
    name,
    sum: p.sum,
    total: p.total,
    values: valuesText(t, pad.rules),
    moon: pointValues(pad.rules).moon,
    rest: restText(t, pad.rules),
  });
}

export function padProblemText(t: TFunction, p: PadProblem, players: readonly string[] = []): string {
  if (p.code === 'ERR_RULES')
    return t('pad.padProblem.ERR_RULES', {
      option: t(`rules.${p.option ?? ''}`, { defaultValue: p.option ?? '' }),
    });
  if (p.code === 'ERR_HAND' && p.problem)
    return t('pad.padProblem.ERR_HAND', {
      n: (p.hand ?? 0) + 1,
      problem: t(`pad.problem.${p.problem.code}`, {
        ...p.problem,
        name: p.problem.player === undefined ? '' : (players[p.problem.player] ?? ''),
      }),
    });
  return t(`pad.padProblem.${p.code}`, {
    n: (p.player ?? 0) + 1,
    name: p.player === undefined ? '' : (players[p.player] ?? ''),
    message: p.message ?? '',
  });
}

/** The rules in brief for the list and the sheet: "to 50 · Omnibus · moon: everyone else +26". */
export function rulesSummary(t: TFunction, rules: Rules): string {
  const parts = [
    rules.handsToPlay > 0
      ? t('pad.summary.hands', { n: rules.handsToPlay })
      : t('pad.summary.target', { n: rules.targetScore }),
  ];
  if (rules.heartValues === 'rank') parts.push(t('pad.summary.spot'));
  if (rules.jackOfDiamonds !== 0) parts.push(t('pad.summary.omnibus'));
  if (rules.blackMariaSpades) parts.push(t('pad.summary.blackMaria'));
  if (rules.sevenOfDie) parts.push(t('pad.summary.seven'));
  parts.push(t(`rules.moons.${rules.moon}`, { points: moonPoints(rules) }));
  if (rules.ties === 'playOn') parts.push(t('pad.summary.ties'));
  if (rules.passCards === 0) parts.push(t('pad.summary.noPassing'));
  else if (rules.passCycle !== 'standard') parts.push(t(`rules.passCycles.${rules.passCycle}`));
  return parts.join(' · ');
}
