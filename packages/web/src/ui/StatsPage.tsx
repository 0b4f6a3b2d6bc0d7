import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EMPTY_STATS, averagePoints, loadStats, saveStats } from '../game/records';
import { useApp } from './context';
import { Page } from './Page';

/** Statistics kept on this device. */
export function StatsPage() {
  const { store, settings } = useApp();
  const { t } = useTranslation();
  const [stats, setStats] = useState(() => loadStats(store));
  const fmt = new Intl.NumberFormat(settings.lang, { maximumFractionDigits: 1 });
  const avg = averagePoints(stats);
  const rows: [string, string][] = [
    [t('stats.games'), fmt.format(stats.games)],
    [t('stats.wins'), fmt.format(stats.wins)],
    [t('stats.winRate'), stats.games ? `${fmt.format((100 * stats.wins) / stats.games)} %` : t('stats.none')],
    [t('stats.hands'), fmt.format(stats.hands)],
    [t('stats.average'), avg === null ? t('stats.none') : fmt.format(avg)],
    [t('stats.moons'), fmt.format(stats.moons)],
    [t('stats.queens'), fmt.format(stats.queens)],
  ];
  return (
    <Page title={t('stats.title')}>
      <table className="stats-table">
        <tbody>
          {rows.map(([k, v]) => (
            <tr key={k}>
              <th scope="row">{k}</th>
              <td>{v}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted">{t('stats.note')}</p>
      <button
        type="button"
        className="secondary"
        onClick={() => {
          if (!window.confirm(t('stats.resetConfirm'))) return;
          saveStats(store, EMPTY_STATS);
          setStats(EMPTY_STATS);
        }}
      >
        {t('stats.reset')}
      </button>
    </Page>
  );
}
