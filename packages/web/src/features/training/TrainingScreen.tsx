/**
 * The training page (`#/training`), loaded on demand: positions where a card or a pass was a mistake or a blunder
 * (`TRAINING_MARKS`) — the player's own (kept on the device by device.ts, and on the server for a signed-in player: sync.ts)
 * and the starter set from the bots' games (starter.ts). Each is shown as the table showed it to that seat (the
 * one `Table` of the app, drawn from the seat's observation alone); the player picks a card (or the cards to
 * pass), the page says whether it is right (`isRightAnswer`) and shows the best move with the evaluation of every
 * option. Attempts and solved positions are counted on the device (and the server).
 */
import { playRefusal, type CardName } from '@hearts/engine';
import { isRightAnswer, MISTAKE_COST } from '@hearts/practice/training';
import { optionOf, type TrainingPosition, type TrainingProgress } from '@hearts/protocol/http/training';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cardLabel, type Lang } from '../../kit/cards';
import { EarlierTricks } from '../../table/EarlierTricks';
import { StudyTable } from '../../table/StudyTable';
import { studyView, type TableView } from '../../table/view';
import { useApp } from '../../kit/context';
import { Page } from '../../kit/Page';
import { loadTraining, recordAttempt, saveTraining, type DeviceTraining } from './device';
import { starterPositions } from './starter';
import { syncTraining, type SyncResult } from './sync';
import './training.css';

type Filter = 'all' | 'own' | 'starter';
type SyncState = SyncResult['kind'] | 'busy';

const movesText = (cards: readonly CardName[], lang: Lang): string =>
  cards.map((c) => cardLabel(c, lang)).join(', ');
/** Expected points as the reader writes them: two decimals ("2.97", "2,97"). */
const fixed = (x: number, lang: Lang): string =>
  x.toLocaleString(lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export default function TrainingScreen() {
  const { store } = useApp();
  const { t, i18n } = useTranslation();
  const starter = useMemo(() => starterPositions(), []);
  const [data, setData] = useState<DeviceTraining>(() => loadTraining(store));
  const [sync, setSync] = useState<SyncState>('busy');
  const [filter, setFilter] = useState<Filter>(() => (data.positions.length > 0 ? 'own' : 'starter'));
  const [index, setIndex] = useState(0);

  const runSync = useCallback(() => {
    void syncTraining(store).then((r) => {
      if (r.kind === 'synced') setData(r.data);
      setSync(r.kind);
    });
  }, [store]);
  useEffect(runSync, [runSync]);

  const list = useMemo(
    () =>
      filter === 'own' ? data.positions : filter === 'starter' ? starter : [...data.positions, ...starter],
    [filter, data.positions, starter],
  );
  const at = Math.min(index, Math.max(0, list.length - 1));
  const position = list[at];
  const solved = list.filter((p) => data.progress[p.id]?.solved).length;

  const answer = (p: TrainingPosition, right: boolean) => {
    const next = recordAttempt(loadTraining(store), p.id, right, Date.now());
    saveTraining(store, next);
    setData(next);
    if (sync !== 'signedOut') runSync();
  };

  const bar = (
    <nav className="study-bar training-bar" aria-label={t('training.title')}>
      <fieldset className="segmented training-filter">
        <legend className="sr-only">{t('training.filter')}</legend>
        {(['own', 'starter', 'all'] as const).map((f) => (
          <label key={f} className={filter === f ? 'on' : undefined}>
            <input
              type="radio"
              name="training-filter"
              value={f}
              checked={filter === f}
              onChange={() => {
                setFilter(f);
                setIndex(0);
              }}
            />
            {t(`training.${f}`)}
          </label>
        ))}
      </fieldset>
      <div className="study-steps">
        <button
          type="button"
          disabled={at === 0}
          onClick={() => setIndex(at - 1)}
          aria-label={t('training.previous')}
        >
          ‹
        </button>
        <span className="training-count" data-count={list.length}>
          {list.length > 0 && t('training.count', { n: at + 1, of: list.length })}
        </span>
        <button
          type="button"
          disabled={at >= list.length - 1}
          onClick={() => setIndex(at + 1)}
          aria-label={t('training.next')}
        >
          ›
        </button>
      </div>
      <span className="training-solved" data-solved={solved}>
        {t('training.solved', { solved, of: list.length })}
      </span>
    </nav>
  );

  if (!position)
    return (
      <Page title={t('training.title')}>
        {bar}
        <p>{t('training.intro', { min: MISTAKE_COST.toLocaleString(i18n.language) })}</p>
        <p className="muted">{t('training.none')}</p>
        {sync !== 'busy' && <p className="muted training-sync">{t(`training.sync.${sync}`)}</p>}
      </Page>
    );
  return (
    <PositionTable
      key={`${filter}:${position.id}`}
      position={position}
      progress={data.progress[position.id] ?? null}
      bar={bar}
      onAnswer={(right) => answer(position, right)}
      onNext={at < list.length - 1 ? () => setIndex(at + 1) : null}
      sync={sync}
    />
  );
}

/** One position at the table: the seat's view, the task, the answer and the evaluation. */
function PositionTable({
  position: p,
  progress,
  bar,
  onAnswer,
  onNext,
  sync,
}: {
  position: TrainingPosition;
  progress: TrainingProgress | null;
  bar: ReactNode;
  onAnswer: (right: boolean) => void;
  onNext: (() => void) | null;
  sync: SyncState;
}) {
  const { t } = useTranslation();
  const { settings, navigate } = useApp();
  const lang = settings.lang;
  const obs = p.observation;
  const passing = p.kind === 'pass';
  const [selected, setSelected] = useState<CardName[]>([]);
  const [answered, setAnswered] = useState<CardName[] | null>(null);
  const [refusal, setRefusal] = useState<{ card: CardName; code: string } | null>(null);
  const [lastOpen, setLastOpen] = useState(false);
  const best = optionOf(p, p.best);

  const view = useMemo((): TableView => {
    const base = studyView(
      obs,
      {
        selected: answered ?? selected,
        refusal,
        lastTrickOpen: lastOpen,
        hint: answered ? (best && best.cards.length > 0 ? best.cards : p.best) : null,
      },
      t('seat.you'),
      (at) => t(`training.seats.${at}`),
    );
    return {
      ...base,
      // Answered: the hand stays as it is, nothing more to choose.
      hand: answered ? base.hand.map((c) => ({ ...c, disabled: true, dimmed: false })) : base.hand,
      canPass: base.canPass && answered === null,
    };
  }, [obs, answered, selected, refusal, lastOpen, best, p.best, t]);

  const nameOf = (seat: number) => view.seats[seat]!.name;
  const choose = (move: CardName[]) => {
    setAnswered(move);
    onAnswer(isRightAnswer(p, move));
  };
  const onTap = (card: CardName) => {
    if (answered) return;
    if (passing) {
      setSelected((s) =>
        s.includes(card) ? s.filter((c) => c !== card) : s.length < obs.rules.passCards ? [...s, card] : s,
      );
      return;
    }
    const refused = playRefusal(obs, card);
    if (refused !== null) {
      setRefusal({ card, code: refused });
      return;
    }
    setRefusal(null);
    choose([card]);
  };

  const cost = fixed(p.cost, lang);
  const task = passing
    ? t(`training.taskPass${p.source === 'own' ? 'Own' : 'Starter'}`, {
        cards: movesText(p.played, lang),
        cost,
        n: obs.rules.passCards,
      })
    : t(`training.taskPlay${p.source === 'own' ? 'Own' : 'Starter'}`, {
        card: movesText(p.played, lang),
        cost,
      });

  return (
    <StudyTable
      className="training-table"
      view={view}
      onExit={() => navigate('/')}
      lastTrickOpen={lastOpen}
      setLastTrickOpen={setLastOpen}
      onTap={onTap}
      onPass={() => selected.length === obs.rules.passCards && choose(selected)}
      bar={bar}
    >
      <EarlierTricks
        obs={obs}
        nameOf={nameOf}
        summary={t('training.earlier', { n: obs.tricks.length })}
        className="training-earlier"
        open={answered === null} // closed under the verdict, which needs the room more
      />
      {answered === null ? (
        <p
          className="study-task training-task"
          data-progress={progress ? (progress.solved ? 'solved' : 'tried') : 'new'}
        >
          {task}
          {progress && (
            <span className={`training-mark ${progress.solved ? 'solved' : 'tried'}`}>
              {' '}
              · {progress.solved ? t('training.solvedMark') : t('training.tried')}
            </span>
          )}
        </p>
      ) : (
        <Verdict position={p} answer={answered} lang={lang} />
      )}
      {answered !== null && (
        <div className="study-actions">
          <button
            type="button"
            onClick={() => {
              setAnswered(null);
              setSelected([]);
            }}
          >
            {t('training.tryAgain')}
          </button>
          {onNext && (
            <button type="button" className="primary" onClick={onNext}>
              {t('training.next')}
            </button>
          )}
        </div>
      )}
      {answered !== null && sync !== 'busy' && (
        <p className="muted training-sync">{t(`training.sync.${sync}`)}</p>
      )}
    </StudyTable>
  );
}

/** Right or wrong, the best move, and every option's expected points. */
function Verdict({
  position: p,
  answer,
  lang,
}: {
  position: TrainingPosition;
  answer: CardName[];
  lang: Lang;
}) {
  const { t } = useTranslation();
  const mine = optionOf(p, answer);
  const top = p.options[0]!.points;
  const right = isRightAnswer(p, answer);
  const move = movesText(answer, lang);
  const played = optionOf(p, p.played);
  return (
    <div className={`study-verdict training-verdict ${right ? 'right' : 'wrong'}`} data-right={right}>
      <p role="status">
        <strong>
          {right
            ? t('training.right', { move })
            : mine
              ? t('training.wrong', { move, cost: fixed(mine.points - top, lang) })
              : t('training.unrated', { move })}
        </strong>{' '}
        {t('training.best', { move: movesText(p.best, lang) })}
      </p>
      <table className="training-options">
        <caption>{t('training.options')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('training.move')}</th>
            <th scope="col">{t('training.points')}</th>
            <th scope="col">{t('training.diff')}</th>
          </tr>
        </thead>
        <tbody>
          {p.options.map((o, i) => (
            <tr key={i} className={o === mine ? 'yours' : o === played ? 'played' : undefined}>
              <th scope="row">
                {movesText(o.move, lang)}
                {o.cards.length > 1 && <span className="muted"> ({movesText(o.cards.slice(1), lang)})</span>}
                {o === mine && <span className="tag"> · {t('training.yours')}</span>}
                {o === played && <span className="tag"> · {t('training.played')}</span>}
              </th>
              <td>{fixed(o.points, lang)}</td>
              <td>{i === 0 ? '' : `+${fixed(o.points - top, lang)}`}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
