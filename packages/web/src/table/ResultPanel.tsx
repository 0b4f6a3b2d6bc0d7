import type { HandSummary } from '@hearts/engine';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cardLabel, cardShort, suitColor, suitOfName } from '../kit/cards';
import { useApp } from '../kit/context';
import { ScoreTable } from './ScoreTable';
import type { ScoreColumns } from './TableParts';

/** Points with a real minus sign. */
const signed = (n: number): string => (n < 0 ? `−${-n}` : `${n}`);

/**
 * What a finished hand did, from the engine's summary: who took each card that counts apart from the hearts (the
 * Q♠, the J♦ of Omnibus, Black Maria's spades, the die's seven), the hearts each seat took (with their points
 * when hearts count by rank), and a shot moon with how it counted under the table's moon rule.
 */
export function HandFacts({
  summary,
  you,
  nameOf,
}: {
  summary: HandSummary;
  you: number;
  nameOf: (seat: number) => string;
}) {
  const { t } = useTranslation();
  const { settings } = useApp();
  const lang = settings.lang;
  const byRank = summary.seats.some((s) => s.heartPoints !== s.hearts);
  const hearts = summary.seats.map(
    (s, seat) => `${nameOf(seat)} ${s.hearts}${byRank ? ` (${signed(s.heartPoints)})` : ''}`,
  );
  const moon = summary.moon;
  let moonText = '';
  if (moon) {
    const name = nameOf(moon.shooter);
    const shot = moon.shooter === you ? t('moon.shotYou') : t('moon.shot', { name });
    const counted =
      moon.counted === 'plus' ? t('result.moonPlus', { value: moon.value }) : `${name} −${moon.value}.`;
    const why =
      moon.rule === 'shooterChoice'
        ? moon.shooter === you
          ? t('result.moonChoiceYou')
          : t('result.moonChoice', { name })
        : moon.rule === 'othersPlus26UnlessLosing' && moon.counted === 'minus'
          ? t('result.moonUnlessLosing', { value: moon.value })
          : '';
    moonText = [shot, counted, why].filter((x) => x !== '').join(' ');
  }
  return (
    <ul className="hand-facts" aria-label={t('result.facts')}>
      {summary.cards.map((c) => (
        <li key={c.card} data-fact={c.card} data-seat={c.seat}>
          <span className="sr-only">
            {c.seat === you
              ? t('result.cardLabelYou', { card: cardLabel(c.card, lang), points: signed(c.points) })
              : t('result.cardLabel', {
                  card: cardLabel(c.card, lang),
                  points: signed(c.points),
                  name: nameOf(c.seat),
                })}
          </span>
          <span className="fact-shown" aria-hidden="true">
            <span className={`fact-card ink-${suitColor(suitOfName(c.card), settings.fourColor)}`}>
              {cardShort(c.card, lang)}
            </span>{' '}
            <span className="fact-name">{nameOf(c.seat)}</span>{' '}
            <span className="fact-points">{signed(c.points)}</span>
          </span>
        </li>
      ))}
      <li data-fact="hearts">
        <span className="sr-only">{t('result.heartsLabel', { list: hearts.join(', ') })}</span>
        <span className="fact-shown" aria-hidden="true">
          <span className="fact-card ink-red">♥</span>{' '}
          {summary.seats.map((s, seat) => (
            <span key={seat} className="fact-hearts" data-seat={seat}>
              <span className="fact-name">{nameOf(seat)}</span> <b>{s.hearts}</b>
              {byRank && <span className="fact-points"> ({signed(s.heartPoints)})</span>}
            </span>
          ))}
        </span>
      </li>
      {moon && (
        <li data-fact="moon" className="moon-announce">
          ☾ {moonText}
        </li>
      )}
    </ul>
  );
}

/** Every seat's place at the end of a game, lowest total first; tied totals share a place. */
export function Standings({
  places,
  totals,
  you,
  nameOf,
}: {
  places: readonly number[];
  totals: readonly number[];
  you: number;
  nameOf: (seat: number) => string;
}) {
  const { t } = useTranslation();
  const order = totals.map((_, s) => s).sort((a, b) => places[a]! - places[b]! || a - b);
  return (
    <ol className="standings" aria-label={t('result.standings')}>
      {order.map((seat) => (
        <li
          key={seat}
          data-seat={seat}
          data-place={places[seat]}
          className={`${places[seat] === 1 ? 'first' : ''}${seat === you ? ' you' : ''}`.trim() || undefined}
          aria-label={t('result.placeLabel', {
            place: places[seat],
            name: nameOf(seat),
            total: totals[seat],
          })}
        >
          <span className="place">{t('result.place', { place: places[seat] })}</span>
          <span className="name">{nameOf(seat)}</span>
          <span className="total">{totals[seat]}</span>
        </li>
      ))}
    </ol>
  );
}

/**
 * A finished hand's or game's result: who won, every place at the end of a game, what the hand did (the engine's
 * summary; without one, at least a shot moon), the score table, then the table's own actions.
 */
export function ResultPanel({
  score,
  winners,
  over,
  you,
  nameOf,
  summary,
  places,
  passedOver = [],
  children,
}: {
  score: ScoreColumns;
  winners: readonly number[];
  over: boolean; // the game is over
  you: number;
  nameOf: (seat: number) => string;
  summary: HandSummary | null; // the finished hand in detail
  places: readonly number[]; // by seat, shown at the end of a game
  /** Seats with the fewest points that do not win: a bot took them over (kicked: their player was voted out). */
  passedOver?: readonly { readonly seat: number; readonly kicked: boolean }[];
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const last = score.rows[score.rows.length - 1]!;
  const won = winners.includes(you);
  let headline: string;
  if (over) {
    const names = winners.map(nameOf);
    headline =
      won && winners.length === 1
        ? t('over.youWin')
        : won
          ? t('over.youShare', {
              names: winners
                .filter((w) => w !== you)
                .map(nameOf)
                .join(', '),
            })
          : winners.length === 1
            ? t('over.wins', { name: names[0] })
            : t('over.shared', { names: names.join(', ') });
  } else headline = t('prompt.handOver', { n: last.hand + 1 });
  return (
    <section className={`result-panel${over ? ' game-over' : ''}`} aria-labelledby="result-title">
      <h2 id="result-title">{headline}</h2>
      {over &&
        passedOver.map(({ seat, kicked }) => (
          <p key={seat} className="result-why" data-seat={seat}>
            {t(kicked ? 'over.takenOverKicked' : 'over.takenOver', { name: nameOf(seat) })}
          </p>
        ))}
      {over && <Standings places={places} totals={score.totals} you={you} nameOf={nameOf} />}
      {summary ? (
        <HandFacts summary={summary} you={you} nameOf={nameOf} />
      ) : (
        last.shooter !== null && (
          <p className="moon-announce">
            ☾ {last.shooter === you ? t('moon.shotYou') : t('moon.shot', { name: nameOf(last.shooter) })}
          </p>
        )
      )}
      <ScoreTable
        rows={score.rows}
        totals={score.totals}
        names={score.names}
        bots={score.bots}
        highlight={over ? winners : undefined}
      />
      {children}
    </section>
  );
}

/** The shooter's choice after shooting the moon: take the moon's points off their own score, or add them to all others. */
export function MoonDialog({
  value,
  onChoose,
}: {
  value: number; // what the moon is worth
  onChoose: (choice: 'minus' | 'plus') => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="modal-backdrop">
      <div className="modal" role="dialog" aria-modal="true" aria-labelledby="moon-title">
        <h2 id="moon-title">☾ {t('moon.title')}</h2>
        <p>{t('moon.question')}</p>
        <div className="result-actions">
          {/* A modal dialog takes the focus (keyboard and screen reader users land on the choice). */}
          <button type="button" className="primary" onClick={() => onChoose('minus')} autoFocus>
            {t('moon.minus', { value })}
          </button>
          <button type="button" className="primary" onClick={() => onChoose('plus')}>
            {t('moon.plus', { value })}
          </button>
        </div>
      </div>
    </div>
  );
}
