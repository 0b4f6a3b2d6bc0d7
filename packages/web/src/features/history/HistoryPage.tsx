import { undosOf } from '@hearts/engine';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadAnalyses, recordKey } from '../analysis/saved';
import { loadHistory } from '../../kit/records';
import { openReplay, setOpenedFile } from '../../kit/replay';
import { recordErrorText } from '../../table/record-words';
import { HUMAN } from '../../kit/names';
import { useApp } from '../../kit/context';
import { downloadRecord } from '../../kit/download';
import { levelName } from '../../kit/names';
import { Page } from '../../kit/Page';

/** Finished games, newest first: replay or download each; open a record file. */
export function HistoryPage() {
  const { store, navigate, settings } = useApp();
  const { t } = useTranslation();
  const history = useMemo(() => loadHistory(store), [store]);
  // The player's accuracy in the games analysed already (kept by record: src/features/analysis/saved.ts).
  const accuracy = useMemo(() => {
    const kept = new Map(loadAnalyses(store).map((a) => [`${a.key}/${a.seat}`, a.summary.accuracy]));
    return kept.size === 0
      ? new Map<string, number>()
      : new Map(
          history.flatMap((g) => {
            const a = kept.get(`${recordKey(g.record)}/${HUMAN}`);
            return a === undefined ? [] : [[g.id, a] as const];
          }),
        );
  }, [store, history]);
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const date = new Intl.DateTimeFormat(settings.lang, { dateStyle: 'medium', timeStyle: 'short' });

  const openFile = async (file: File) => {
    setError(null);
    let json: unknown;
    try {
      json = JSON.parse(await file.text());
    } catch {
      setError(t('history.openError', { reason: t('history.notJson') }));
      return;
    }
    const r = openReplay(json);
    if (!r.ok) {
      setError(t('history.openError', { reason: recordErrorText(t, settings.lang, r.error) }));
      return;
    }
    setOpenedFile(r.value, file.name);
    navigate('/replay/file');
  };

  return (
    <Page title={t('history.title')}>
      {/* A record file may be dropped here too (the same check as the picker's). */}
      <div
        className={`record-drop${dragging ? ' dragging' : ''}`}
        onDragOver={(e) => {
          if (![...e.dataTransfer.types].includes('Files')) return;
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(e) => {
          e.preventDefault();
          setDragging(false);
          const f = e.dataTransfer.files[0];
          if (f) void openFile(f);
        }}
      >
        <button type="button" className="secondary" onClick={() => input.current?.click()}>
          {t('history.open')}
        </button>
        <span className="muted drop-hint">{t('history.dropHint')}</span>
        <input
          ref={input}
          type="file"
          accept=".json,application/json"
          hidden
          aria-label={t('history.open')}
          onChange={(e) => {
            const f = e.target.files?.[0];
            if (f) void openFile(f);
            e.target.value = '';
          }}
        />
        {error && (
          <p className="error" role="alert">
            {error}
          </p>
        )}
      </div>
      {history.length === 0 ? (
        <p className="muted">{t('history.empty')}</p>
      ) : (
        <ul className="history-list">
          {history.map((g) => (
            <li key={g.id}>
              <div>
                <strong>
                  {t('history.game', { date: date.format(g.endedAt), level: levelName(t, g.level) })}
                </strong>
                <div className="muted">
                  {t('history.result', {
                    score: g.scores[HUMAN],
                    outcome: g.winners.includes(HUMAN) ? t('history.won') : t('history.lost'),
                  })}
                  {undosOf(g.record) > 0 && <span className="undo-mark"> · {t('history.withUndo')}</span>}
                  {accuracy.has(g.id) && (
                    <span className="accuracy-mark">
                      {' · '}
                      {t('history.accuracy', { accuracy: accuracy.get(g.id)!.toLocaleString(settings.lang) })}
                    </span>
                  )}
                </div>
              </div>
              <div className="history-actions">
                <button type="button" className="secondary" onClick={() => navigate(`/replay/${g.id}`)}>
                  {t('history.replay')}
                </button>
                <button
                  type="button"
                  className="secondary"
                  onClick={() => navigate(`/replay/${g.id}/analysis`)}
                >
                  {t('analysis.open')}
                </button>
                <button
                  type="button"
                  className="secondary"
                  onClick={() => downloadRecord(g.record, new Date(g.endedAt))}
                >
                  {t('history.download')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}
