/**
 * The menu of a player's seat at a live table: a button beside the seat that opens a short list of actions for
 * that player. Each action is a {@link PlayerMenuItem}; the table passes the items (`playerMenuItems` builds the
 * standard ones), so further actions (block, report …) are one more item. An item's `run` answers with a line to
 * show in the menu (what happened, or why not).
 *
 * ```tsx
 * <PlayerMenu name="Anna" items={[friendItem]} />
 * ```
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { addFriend } from './friends';
import { friendsErrorText } from './FriendsParts';

export interface PlayerMenuItem {
  readonly id: string; // stable, for keys and tests
  readonly label: string;
  readonly run: () => Promise<string | null>; // a line to show afterwards (null: nothing), errors as text too
}

/** Whom the menu is about: a person seated at the table (never a bot, never you). */
export interface PlayerMenuTarget {
  readonly name: string;
  readonly seat: number;
}

/** The standard items for a player: add as a friend. */
export function playerMenuItems(
  t: TFunction,
  token: string | null,
  target: PlayerMenuTarget,
): PlayerMenuItem[] {
  if (!token) return [];
  return [
    {
      id: 'add-friend',
      label: t('friends.menu.add'),
      run: async () => {
        try {
          const outcome = await addFriend(token, target.name);
          return t(`friends.add.${outcome}`, { name: target.name });
        } catch (e) {
          return friendsErrorText(t, e);
        }
      },
    },
  ];
}

export function PlayerMenu({ name, items }: { name: string; items: readonly PlayerMenuItem[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const away = (e: PointerEvent) => {
      if (box.current && !box.current.contains(e.target as Node)) setOpen(false);
    };
    const esc = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    document.addEventListener('pointerdown', away);
    document.addEventListener('keydown', esc);
    return () => {
      document.removeEventListener('pointerdown', away);
      document.removeEventListener('keydown', esc);
    };
  }, [open]);
  if (items.length === 0) return null;
  return (
    <div className="player-menu" ref={box}>
      <button
        type="button"
        className="player-menu-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={t('friends.menu.open', { name })}
        title={t('friends.menu.open', { name })}
        onClick={() => {
          setOpen((o) => !o);
          setNote(null);
        }}
      >
        ⋯
      </button>
      {open && (
        <div className="player-menu-list" role="menu" aria-label={name}>
          {items.map((item) => (
            <button
              key={item.id}
              type="button"
              role="menuitem"
              data-item={item.id}
              disabled={busy}
              onClick={() => {
                setBusy(true);
                void item.run().then((line) => {
                  setBusy(false);
                  setNote(line);
                });
              }}
            >
              {item.label}
            </button>
          ))}
          {note && (
            <p className="player-menu-note" role="status">
              {note}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
