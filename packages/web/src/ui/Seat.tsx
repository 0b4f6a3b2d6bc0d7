import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { CardBack } from '../game/settings';
import type { SeatView } from '../game/view';
import { CardBackSvg } from './CardSvg';
import { RobotIcon } from './icons';
import { levelName, seatName } from './names';

/** An opponent's place at the table: name, bot badge with level, score, and whose turn it is. */
export const Seat = memo(function Seat({ seat, back }: { seat: SeatView; back: CardBack }) {
  const { t } = useTranslation();
  const name = seatName(t, seat.seat);
  const status = seat.thinking
    ? t('seat.thinking')
    : seat.turn
      ? t('seat.turn')
      : seat.passed
        ? t('seat.passed')
        : '';
  return (
    <section
      className={`seat seat-${seat.position}${seat.turn ? ' turn' : ''}`}
      aria-label={`${name}${seat.bot ? `, ${t('seat.botBadge', { level: levelName(t, seat.bot) })}` : ''}, ${t('seat.points', { n: seat.total })}`}
    >
      <div className="seat-head">
        <span className="seat-name">{name}</span>
        {seat.dealer && (
          <span className="dealer-chip" title={t('seat.dealer')}>
            {t('seat.dealer')}
          </span>
        )}
      </div>
      {seat.bot && (
        <div className="bot-badge">
          <RobotIcon />
          <span>{t('seat.botBadge', { level: levelName(t, seat.bot) })}</span>
        </div>
      )}
      <div className="seat-score">
        <strong>{seat.total}</strong>
        {seat.handPoints > 0 && <span className="hand-points">+{seat.handPoints}</span>}
      </div>
      {seat.cards > 0 && (
        <div className="seat-cards" aria-label={t('seat.cards', { n: seat.cards })} role="img">
          {Array.from({ length: seat.cards }, (_, i) => (
            <div key={i} className="card back-mini">
              <CardBackSvg back={back} />
            </div>
          ))}
        </div>
      )}
      <div className="seat-status" aria-live="off">
        {status}
      </div>
    </section>
  );
});
