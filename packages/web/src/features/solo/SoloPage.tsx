import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { botToAct, receivedNow, tableView } from '../../table/view';
import { savedLook } from '../../table/look';
import { useApp } from '../../kit/context';
import { seatName } from '../../kit/names';
import { Table } from '../../table/Table';
import { useTableSounds } from '../../table/useTableSounds';
import { useSeatUi } from '../../table/useSeatUi';
import { soloSelectionKeeper, type SoloTable } from './host';

/**
 * The solo table (`#/play`, and `#/new`: a new game with the settings' rules and level): the one table screen
 * (src/table/Table.tsx) over the solo host (host.ts: the table driver in the page, seat 0's LiveState from its
 * hearts-live/1 messages), with the hint and the bots. Opening it resumes the stored game; leaving it stops the bots
 * (the game stays stored).
 */
export function SoloPage({ controller, fresh }: { readonly controller: SoloTable; readonly fresh: boolean }) {
  const { settings, navigate, store } = useApp();
  const { t } = useTranslation();
  const snapshot = useSyncExternalStore(controller.subscribe, controller.getSnapshot);
  const [ui, seatUi] = useSeatUi(controller, snapshot.live, {
    scheduler: controller.scheduler,
    timing: controller.timing,
    keeper: useMemo(() => soloSelectionKeeper(store, controller), [store, controller]),
  });
  useEffect(() => {
    if (fresh) {
      const r = controller.start(settings.rules, settings.level);
      navigate(r.ok ? '/play' : '/');
    } else if (!controller.getSnapshot().session && !controller.resume()) navigate('/');
  }, [fresh, controller, navigate, settings.rules, settings.level]);
  useEffect(() => () => controller.leave(), [controller]);
  const view = useMemo(
    () =>
      snapshot.live &&
      tableView(snapshot.live, ui, {
        hint: snapshot.hint,
        thinking: botToAct(snapshot.live.view, ui.held !== null),
        undo: controller.undoAllowed,
        claims: controller.claims,
      }),
    [snapshot, ui, controller],
  );
  const look = useMemo(() => savedLook(store), [store]); // the table and cards chosen in the shop
  useTableSounds(snapshot.live);
  const undo = useCallback(() => void controller.undo(), [controller]);

  if (!view || !snapshot.session) return null;
  const over = view.phase === 'gameOver';
  return (
    <Table
      view={view}
      nameOf={(seat) => seatName(t, seat)}
      look={look}
      exit={{ kind: 'menu', onExit: () => navigate('/') }}
      lastTrickOpen={ui.lastTrickOpen}
      ui={seatUi.ui}
      onTap={(c) => void seatUi.tap(c)}
      onPass={() => void seatUi.pass()}
      onMoon={(choice) => void seatUi.moon(choice)}
      resultActions={
        <div className="result-actions">
          {over ? (
            <>
              <button type="button" className="primary" onClick={() => navigate('/new')} autoFocus>
                {t('action.playAgain')}
              </button>
              <button type="button" onClick={() => navigate(`/replay/${snapshot.session!.id}/analysis`)}>
                {t('analysis.open')}
              </button>
              <button type="button" onClick={() => navigate('/')}>
                {t('nav.home')}
              </button>
            </>
          ) : (
            <button
              type="button"
              className="primary"
              onClick={() => ui.held || controller.nextHand()}
              autoFocus
            >
              {t('action.nextHand')}
            </button>
          )}
        </div>
      }
      onHint={settings.hints ? () => controller.requestHint() : undefined}
      hintBusy={snapshot.hintBusy}
      hintCards={snapshot.hint}
      received={receivedNow(snapshot.live!.view)}
      onUndo={controller.undoAllowed ? undo : undefined}
      onClaim={() => void seatUi.claim()}
    />
  );
}
