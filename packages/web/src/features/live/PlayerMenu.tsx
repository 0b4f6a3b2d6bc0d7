/**
 * The menu on another player's seat at a live table: one list of items ({@link PLAYER_MENU_ITEMS}), each drawn
 * by its own component, so that features add theirs side by side (issue #20: add as a friend; block, report).
 *
 * ```tsx
 * <PlayerMenu target={{ client, tableId, seat: 2, name: 'Anna' }} />
 * ```
 */
import {
  REPORT_REASONS,
  MANNERS_LIMITS,
  MANNERS_ROUTES,
  type ReportReason,
} from '@hearts/protocol/http/manners';
import type { TableClient } from '@hearts/live';
import { useState, type FormEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { ApiError, request } from '../../kit/server/http';
import { addFriend } from './friends';
import { friendsErrorText } from './FriendsParts';
import { serverErrorText } from '../../kit/server/error-texts';

/** Whom the menu is about: a human seat of the table the client sits at or watches. */
export interface PlayerMenuTarget {
  readonly client: TableClient;
  readonly tableId: string;
  readonly seat: number;
  readonly name: string;
}

/** What an item gets: its target, and the way to show a line of feedback or a form in the menu (null: back). */
export interface PlayerMenuItemProps {
  readonly target: PlayerMenuTarget;
  readonly show: (content: ReactNode) => void;
}

/** An item of the menu, in the order shown. */
export interface PlayerMenuItem {
  readonly id: string;
  readonly Item: (p: PlayerMenuItemProps) => ReactNode;
}

/** A refusal of a manners route, in words. */
export function mannersErrorText(t: TFunction, e: unknown): string {
  if (e instanceof ApiError)
    return t(`live.manners.errors.${e.code}`, {
      message: e.message,
      defaultValue: serverErrorText(t, e),
    });
  return t('live.manners.errors.other', { message: String(e) });
}

/** Asks the player to be friends (or accepts their request): the answer in a line. */
function FriendItem({ target, show }: PlayerMenuItemProps) {
  const { t } = useTranslation();
  const add = async () => {
    let line: string;
    try {
      const r = await addFriend(target.client.currentToken, target.name);
      line = t(`friends.add.${r.outcome}`, { name: r.friend.name });
    } catch (e) {
      line = friendsErrorText(t, e);
    }
    show(
      <p className="player-menu-note" role="status">
        {line}
      </p>,
    );
  };
  return (
    <button type="button" className="secondary" onClick={() => void add()}>
      {t('friends.menu.add')}
    </button>
  );
}

/** Blocks the player (after a confirmation): the server keeps it; their chat is hidden here at once too. */
function BlockItem({ target, show }: PlayerMenuItemProps) {
  const { t } = useTranslation();
  const block = async () => {
    if (!window.confirm(t('live.manners.blockConfirm', { name: target.name }))) return;
    try {
      await request(MANNERS_ROUTES.block, {
        token: target.client.currentToken,
        body: { tableId: target.tableId, seat: target.seat },
      });
      // The room reads blocks when a player (re)joins; this hides the seat's chat for this connection now.
      target.client.send('mute', { seat: target.seat, muted: true });
      show(<p role="status">{t('live.manners.blocked')}</p>);
    } catch (e) {
      show(
        <p className="error" role="alert">
          {mannersErrorText(t, e)}
        </p>,
      );
    }
  };
  return (
    <button type="button" className="secondary" onClick={() => void block()}>
      {t('live.manners.block')}
    </button>
  );
}

/** Reports the player to a moderator: a reason and a few words. */
function ReportForm({ target, show }: PlayerMenuItemProps) {
  const { t } = useTranslation();
  const [reason, setReason] = useState<ReportReason>('chat');
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const send = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await request(MANNERS_ROUTES.report, {
        token: target.client.currentToken,
        body: { tableId: target.tableId, seat: target.seat, reason, text },
      });
      show(<p role="status">{t('live.manners.reported')}</p>);
    } catch (x) {
      setError(mannersErrorText(t, x));
      setBusy(false);
    }
  };
  return (
    <form className="report-form" onSubmit={(e) => void send(e)}>
      <h3>{t('live.manners.reportTitle', { name: target.name })}</h3>
      <p className="muted">{t('live.manners.reportInfo')}</p>
      <fieldset>
        {REPORT_REASONS.map((r) => (
          <label key={r}>
            <input type="radio" name="report-reason" checked={reason === r} onChange={() => setReason(r)} />{' '}
            {t(`live.manners.reasons.${r}`)}
          </label>
        ))}
      </fieldset>
      <textarea
        value={text}
        onChange={(e) => setText(e.target.value)}
        maxLength={MANNERS_LIMITS.reportChars}
        rows={3}
        aria-label={t('live.manners.reportText')}
        placeholder={t('live.manners.reportText')}
      />
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <div className="report-actions">
        <button type="submit" className="primary" disabled={busy}>
          {t('live.manners.send')}
        </button>
        <button type="button" className="secondary" onClick={() => show(null)}>
          {t('live.manners.cancel')}
        </button>
      </div>
    </form>
  );
}

function ReportItem(p: PlayerMenuItemProps) {
  const { t } = useTranslation();
  return (
    <button type="button" className="secondary" onClick={() => p.show(<ReportForm {...p} />)}>
      {t('live.manners.report')}
    </button>
  );
}

/** The items, in order. */
export const PLAYER_MENU_ITEMS: readonly PlayerMenuItem[] = [
  { id: 'add-friend', Item: FriendItem },
  { id: 'block', Item: BlockItem },
  { id: 'report', Item: ReportItem },
];

/** A watcher's items: reports are the table's players' (the server refuses a watcher's), the rest as a player's. */
export const WATCHER_MENU_ITEMS: readonly PlayerMenuItem[] = PLAYER_MENU_ITEMS.filter(
  (i) => i.id !== 'report',
);

/** The "⋯" beside a player's name and the menu it opens. */
export function PlayerMenu({
  target,
  items = PLAYER_MENU_ITEMS,
}: {
  target: PlayerMenuTarget;
  items?: readonly PlayerMenuItem[];
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [content, setContent] = useState<ReactNode>(null);
  const close = () => {
    setOpen(false);
    setContent(null);
  };
  return (
    <>
      <button
        type="button"
        className="player-menu-button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-label={t('live.manners.menu', { name: target.name })}
        title={t('live.manners.menu', { name: target.name })}
        onClick={() => setOpen(!open)}
      >
        ⋯
      </button>
      {open &&
        // On the page, not in the seat: a seat may be transformed, which would hold a fixed box inside it.
        createPortal(
          <div
            className="player-menu"
            role="dialog"
            aria-label={t('live.manners.menu', { name: target.name })}
          >
            <div className="player-menu-head">
              <strong>{target.name}</strong>
              <button
                type="button"
                className="secondary small"
                onClick={close}
                aria-label={t('live.manners.cancel')}
              >
                ✕
              </button>
            </div>
            {content ?? (
              <div className="player-menu-items">
                {items.map(({ id, Item }) => (
                  <Item key={id} target={target} show={setContent} />
                ))}
              </div>
            )}
          </div>,
          document.body,
        )}
    </>
  );
}
