import type { Level } from '@hearts/bots';
import { parseRules, preset, rulesDiff, type PresetName, type Rules } from '@hearts/engine';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Lang } from '../../kit/cards';
import {
  EARLIER,
  averagePoints,
  groupPlayers,
  loadSoloStats,
  resetSoloStats,
  soloStats,
  statsBy,
  type Stats,
  type StatsFilter,
  type StatsGroup,
} from '../../kit/records';
import { presetOf } from '../../kit/settings';
import { useApp } from '../../kit/context';
import { levelName } from '../../kit/names';
import { Page } from '../../kit/Page';
import { ruleLines } from '../../kit/RulesOptions';
import './stats.css';

/** A rule variant in words: its rule set's name (and the player count when it is not the set's), or its options. */
export function variantLabel(t: TFunction, lang: Lang, variant: string, rules: Partial<Rules>): string {
  if (variant === EARLIER) return t('stats.earlier');
  const name = presetOf(rules);
  if (name !== 'custom') {
    const players = rules.players ?? 4;
    const own = preset(name as PresetName).players ?? 4;
    return t(`rules.presets.${name}`) + (players === own ? '' : ` · ${t('stats.players', { n: players })}`);
  }
  // Only the options that differ from the standard: the players and the target score when they do.
  const differ = new Set(Object.keys(rulesDiffFull(rules)));
  return ruleLines(t, lang, rules)
    .filter((l) => differ.has(l.name))
    .map((l) => `${l.label}: ${l.value}`)
    .join(' · ');
}

const rulesDiffFull = (rules: Partial<Rules>): Partial<Rules> => {
  const r = parseRules(rules);
  return r.ok ? rulesDiff(r.value) : rules;
};

const levelLabel = (t: TFunction, level: Level | null): string =>
  level === null ? t('stats.levelUnknown') : levelName(t, level);

/** The solo statistics as a table: the same rows on the statistics page and on the player's profile. */
export function SoloStatsTable({ stats }: { stats: Stats }) {
  const { settings } = useApp();
  const { t } = useTranslation();
  const fmt = new Intl.NumberFormat(settings.lang, { maximumFractionDigits: 1 });
  const avg = averagePoints(stats);
  const rows: [string, string, string][] = [
    ['games', t('stats.games'), fmt.format(stats.games)],
    ['wins', t('stats.wins'), fmt.format(stats.wins)],
    [
      'winRate',
      t('stats.winRate'),
      stats.games ? `${fmt.format((100 * stats.wins) / stats.games)}\u00a0%` : t('stats.none'),
    ],
    ['hands', t('stats.hands'), fmt.format(stats.hands)],
    ['average', t('stats.average'), avg === null ? t('stats.none') : fmt.format(avg)],
    ['moons', t('stats.moons'), fmt.format(stats.moons)],
    ['queens', t('stats.queens'), fmt.format(stats.queens)],
  ];
  if (stats.undoGames > 0) rows.push(['undoGames', t('stats.undoGames'), fmt.format(stats.undoGames)]);
  return (
    <table className="stats-table solo-stats">
      <tbody>
        {rows.map(([key, k, v]) => (
          <tr key={key} data-stat={key}>
            <th scope="row">{k}</th>
            <td>{v}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Games, wins and average points of each variant or bot level; a row's button shows only its games. */
function GroupTable({
  title,
  rows,
  onPick,
}: {
  title: string;
  rows: { key: string; label: string; stats: Stats }[];
  onPick: (key: string) => void;
}) {
  const { settings } = useApp();
  const { t } = useTranslation();
  const fmt = new Intl.NumberFormat(settings.lang, { maximumFractionDigits: 1 });
  if (rows.length === 0) return null;
  return (
    <section className="stats-group">
      <h2>{title}</h2>
      <table className="stats-table stats-groups">
        <thead>
          <tr>
            <th scope="col" />
            <th scope="col">{t('stats.gamesShort')}</th>
            <th scope="col">{t('stats.winsShort')}</th>
            <th scope="col">{t('stats.averageShort')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => {
            const avg = averagePoints(r.stats);
            return (
              <tr key={r.key} data-group={r.key}>
                <th scope="row">
                  <button type="button" className="link inline" onClick={() => onPick(r.key)}>
                    {r.label}
                  </button>
                </th>
                <td>{fmt.format(r.stats.games)}</td>
                <td>{fmt.format(r.stats.wins)}</td>
                <td>{avg === null ? t('stats.none') : fmt.format(avg)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}

const NO_LEVEL = 'none';

/** Statistics kept on this device: every solo game, or those of one rule variant, bot level or player count. */
export function StatsPage() {
  const { store, settings } = useApp();
  const { t } = useTranslation();
  const lang = settings.lang;
  const [groups, setGroups] = useState<StatsGroup[]>(() => loadSoloStats(store));
  const [filter, setFilter] = useState<StatsFilter>({});
  const variants = statsBy(groups, 'variant');
  const levels = statsBy(groups, 'level');
  const players = [...new Set(groups.map(groupPlayers).filter((n): n is number => n !== null))].sort();
  const set = (patch: Partial<Record<keyof StatsFilter, unknown>>) => {
    const next: Record<string, unknown> = { ...filter, ...patch };
    for (const k of Object.keys(next)) if (next[k] === undefined) delete next[k];
    setFilter(next as StatsFilter);
  };
  const levelValue = filter.level === undefined ? '' : filter.level === null ? NO_LEVEL : filter.level;
  return (
    <Page title={t('stats.title')}>
      <div className="stats-filters">
        <label className="field">
          <span>{t('stats.variant')}</span>
          <select
            value={filter.variant ?? ''}
            onChange={(e) => set({ variant: e.target.value === '' ? undefined : e.target.value })}
          >
            <option value="">{t('stats.allVariants')}</option>
            {variants.map((v) => (
              <option key={v.key} value={v.key}>
                {variantLabel(t, lang, v.key, v.rules)}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>{t('stats.level')}</span>
          <select
            value={levelValue}
            onChange={(e) =>
              set({
                level:
                  e.target.value === '' ? undefined : e.target.value === NO_LEVEL ? null : e.target.value,
              })
            }
          >
            <option value="">{t('stats.allLevels')}</option>
            {levels.map((l) => (
              <option key={l.key} value={l.level ?? NO_LEVEL}>
                {levelLabel(t, l.level)}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>{t('rules.players')}</span>
          <select
            value={filter.players === undefined ? '' : String(filter.players)}
            onChange={(e) => set({ players: e.target.value === '' ? undefined : Number(e.target.value) })}
          >
            <option value="">{t('stats.allPlayers')}</option>
            {players.map((n) => (
              <option key={n} value={String(n)}>
                {n}
              </option>
            ))}
          </select>
        </label>
      </div>
      <SoloStatsTable stats={soloStats(groups, filter)} />
      <GroupTable
        title={t('stats.byVariant')}
        rows={statsBy(groups, 'variant', { ...filter, variant: undefined }).map((v) => ({
          key: v.key,
          label: variantLabel(t, lang, v.key, v.rules),
          stats: v.stats,
        }))}
        onPick={(key) => set({ variant: key })}
      />
      <GroupTable
        title={t('stats.byLevel')}
        rows={statsBy(groups, 'level', { ...filter, level: undefined }).map((l) => ({
          key: l.key,
          label: levelLabel(t, l.level),
          stats: l.stats,
        }))}
        onPick={(key) => set({ level: key === 'null' ? null : key })}
      />
      <p className="muted">{t('stats.note')}</p>
      <button
        type="button"
        className="secondary"
        onClick={() => {
          if (!window.confirm(t('stats.resetConfirm'))) return;
          resetSoloStats(store);
          setGroups([]);
          setFilter({});
        }}
      >
        {t('stats.reset')}
      </button>
    </Page>
  );
}
