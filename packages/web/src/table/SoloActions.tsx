/**
 * What a solo table offers beyond a card (Table.tsx draws them where the host passes the actions): the undo
 * button with its keys, and the claim of the rest with its confirmation, said in the player's area (no modal
 * dialog during play).
 */
import type { Claim } from '@hearts/engine';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UndoIcon } from '../kit/icons';

/** The top bar's undo button; Ctrl+Z (⌘Z) and Backspace do the same while it is enabled. */
export function UndoButton({ enabled, onUndo }: { enabled: boolean; onUndo: () => void }) {
  const { t } = useTranslation();
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
      const undoKey = (e.ctrlKey || e.metaKey) && !e.shiftKey && !e.altKey && e.key.toLowerCase() === 'z';
      const back = e.key === 'Backspace' && !e.ctrlKey && !e.metaKey && !e.altKey;
      if (!undoKey && !back) return;
      e.preventDefault();
      onUndo();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled, onUndo]);
  return (
    <button
      type="button"
      className="icon-btn undo-btn"
      onClick={onUndo}
      disabled={!enabled}
      aria-label={t('action.undo')}
      title={t('action.undoTitle')}
      aria-keyshortcuts="Control+Z Backspace"
    >
      <UndoIcon />
      <span className="btn-text">{t('action.undo')}</span>
    </button>
  );
}

/**
 * The claim of the rest, offered while the engine finds it certain: a button, then what happens ("You take the
 * remaining 5 tricks (3 points).") with the choice to take them or play on.
 */
export function ClaimOffer({ claim, onClaim }: { claim: Claim; onClaim: () => void }) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  if (!asking)
    return (
      <div className="note claim-offer">
        <button type="button" className="claim-btn" onClick={() => setAsking(true)}>
          {t('claim.offer')}
        </button>
      </div>
    );
  return (
    <div className="note claim-offer" role="group" aria-label={t('claim.offer')}>
      <span className="claim-text" role="status">
        {claim.moon
          ? t('claim.confirmMoon', { tricks: claim.tricks })
          : t('claim.confirm', {
              tricks: claim.tricks,
              points: t(Math.abs(claim.points) === 1 ? 'claim.point' : 'claim.points', {
                count: claim.points,
              }),
            })}
      </span>
      <span className="claim-actions">
        <button type="button" className="primary" onClick={onClaim} autoFocus>
          {t('claim.yes')}
        </button>
        <button type="button" onClick={() => setAsking(false)}>
          {t('claim.no')}
        </button>
      </span>
    </div>
  );
}
