import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Position } from './view';
import { RobotIcon } from '../kit/icons';
import { levelName } from '../kit/names';
import { provisionalTitle, ratingText } from '../kit/rating';

export interface SeatBoxProps {
  readonly seat: number;
  readonly position: Position;
  readonly name: string;
  readonly bot: string | null; // the bot's level, null for a person
  readonly badge?: string; // the bot badge's text; "Bot · <level>" by default
  readonly avatar?: ReactNode; // before the name
  readonly note?: ReactNode; // below the badge
  readonly away?: boolean; // shown faded: the person is not connected
  readonly rating?: number | null;
  readonly provisional?: boolean; // the rating is provisional: shown as "1500?" with an explanation
  readonly total: number;
  readonly handPoints: number;
  readonly cards: number;
  readonly back: ReactNode; // one card back, drawn for each card held
  readonly turn: boolean;
  readonly thinking?: boolean;
  readonly passing?: boolean; // choosing the cards to pass (not passed yet)
  readonly passed: boolean;
  readonly dealer: boolean;
  readonly children?: ReactNode; // below the cards (a clock, a kick vote)
}

/** A place at the table other than the player's: name, bot badge with level, score, cards held, whose turn it is. */
export function SeatBox(p: SeatBoxProps) {
  const { t } = useTranslation();
  const level = p.bot ? levelName(t, p.bot) : '';
  const botText = p.bot ? t('seat.botBadge', { level }) : '';
  // The badge's words before the level ("Bot · "): a narrow seat shows only the robot and the level.
  const cut = botText.lastIndexOf(level);
  const botWord = cut > 0 ? botText.slice(0, cut) : '';
  const status = p.thinking
    ? t('seat.thinking')
    : p.passing
      ? t('seat.passing')
      : p.turn
        ? t('seat.turn')
        : p.passed
          ? t('seat.passed')
          : '';
  return (
    <section
      className={`seat seat-${p.position}${p.turn ? ' turn' : ''}${p.away ? ' away' : ''}`}
      aria-label={`${p.name}${p.bot ? `, ${botText}` : ''}, ${t('seat.points', { n: p.total })}`}
      data-seat={p.seat}
      data-bot={p.bot ?? undefined}
    >
      <div className="seat-head">
        {p.avatar}
        <span className="seat-name" title={p.name}>
          {p.name}
        </span>
        {p.dealer && (
          <span className="dealer-chip" title={t('seat.dealer')}>
            {t('seat.dealer')}
          </span>
        )}
      </div>
      {p.bot && (
        <div className="bot-badge">
          <RobotIcon />
          <span>
            {p.badge ??
              (botWord ? (
                <>
                  <span className="bot-word">{botWord}</span>
                  {botText.slice(cut)}
                </>
              ) : (
                botText
              ))}
          </span>
        </div>
      )}
      {p.note}
      <div className="seat-score">
        <strong>{p.total}</strong>
        {p.handPoints > 0 && <span className="hand-points">+{p.handPoints}</span>}
        {p.rating != null && (
          <span
            className="seat-rating"
            data-provisional={p.provisional ? '' : undefined}
            title={provisionalTitle(t, p.provisional)}
          >
            {ratingText(p.rating, p.provisional)}
          </span>
        )}
      </div>
      {p.cards > 0 && (
        <div className="seat-cards" aria-label={t('seat.cards', { n: p.cards })} role="img">
          {Array.from({ length: p.cards }, (_, i) => (
            <div key={i} className="card back-mini">
              {p.back}
            </div>
          ))}
        </div>
      )}
      {p.children}
      <div className="seat-status" aria-live="off">
        {status}
      </div>
    </section>
  );
}
