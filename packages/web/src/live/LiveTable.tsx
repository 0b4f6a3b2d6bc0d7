import { compiledRules, type CardName } from '@hearts/engine';
import { LiveError, type TableClient } from '@hearts/live';
import { TableUi, type LiveState } from '@hearts/table';
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { useTranslation } from 'react-i18next';
import { browserScheduler, selectionKeeper } from '../game/controller';
import { timing } from '../game/settings';
import { saveLook } from '../shop/look';
import { useApp } from '../ui/context';
import { provisionalTitle, ratingText } from '../ui/rating';
import { Table } from '../ui/Table';
import { Shield } from './Shield';
import { clockSeconds, liveTableView, type LiveTableView, type SeatClock, trackClocks } from './view';

/** The cards chosen for passing at a live table, kept so that a reload keeps them (like the solo table's). */
const LIVE_SELECTION_KEY = 'hearts.live.passSelection';

/** Re-renders every `ms` while `on`: the clocks count down between messages. */
function useTicker(on: boolean, ms = 250): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!on) return;
    const id = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(id);
  }, [on, ms]);
  return now;
}

/** A live table: everything shown comes from the seat's own view; moves go to the server. */
export function LiveTable({ client, state }: { client: TableClient; state: LiveState }) {
  const { settings, navigate, store } = useApp();
  const { t } = useTranslation();
  const tm = timing(settings.speed, settings.reduceMotion);
  const clocks = useRef<SeatClock[] | null>(null);

  // The pass selection, refusals, the held trick and the last trick: the same UI controller as the solo table's.
  const tmRef = useRef(tm);
  tmRef.current = tm;
  const tableId = useRef(state.table.id);
  tableId.current = state.table.id;
  const ui = useMemo(
    () =>
      new TableUi({
        scheduler: browserScheduler(),
        timing: () => tmRef.current,
        keeper: selectionKeeper(store, LIVE_SELECTION_KEY, () => tableId.current),
      }),
    [store],
  );
  useEffect(() => () => ui.stop(), [ui]);
  useLayoutEffect(() => {
    const e = state.event;
    ui.observe(state.view, e.type === 'play' ? { seat: e.seat, card: e.card } : null);
  }, [ui, state]);
  const uiState = useSyncExternalStore(ui.subscribe, ui.getSnapshot);

  // Each seat's clock counts from when its own ClockInfo arrived (trackClocks), not from the latest message.
  clocks.current = trackClocks(clocks.current, state, Date.now());
  const anyRunning = state.table.clocks.some((c) => c.running);
  useTicker(anyRunning); // re-renders while a clock runs
  const now = Date.now();
  const clockOf = (seat: number) => clockSeconds(clocks.current![seat]!, now);

  const view = useMemo(() => liveTableView(state, uiState), [state, uiState]);

  /** Sends a move; the server's refusal shows like the table's own (a card played meanwhile elsewhere). */
  const send = (move: Parameters<TableClient['move']>[0]) =>
    client.move(move).catch((e: unknown) => {
      if (!(e instanceof LiveError)) return;
      const card = move.kind === 'play' ? move.card : null;
      if (e.reply.rule) ui.refuse(card, e.reply.rule);
      else ui.refuse(card, e.reply.code, e.reply.message);
    });

  const tap = (card: CardName) => {
    const answer = ui.tap(card);
    if (answer.kind === 'play') void send({ kind: 'play', card: answer.card });
  };

  const me = view.seats[view.you]!;
  // The server tells every seat's look: keep ours for the solo table (src/shop/look.ts).
  useEffect(() => {
    if (me.look) saveLook(store, me.look);
  }, [me.look, store]);
  const leave = () => {
    if (view.phase !== 'gameOver' && !window.confirm(t('live.table.leaveConfirm'))) return;
    client.send('leave', {});
    if (view.phase === 'gameOver') void client.leave();
    navigate('/live');
  };
  const kick = useCallback((seat: number) => client.send('kick', { seat }), [client]);

  return (
    <Table
      view={view}
      nameOf={(seat) => view.names[seat] ?? ''}
      names={view.names}
      look={me.look}
      className="live-table"
      exit={{ kind: 'leave', onExit: leave }}
      lastTrickOpen={uiState.lastTrickOpen}
      ui={ui}
      onTap={tap}
      onPass={() => void send({ kind: 'pass', cards: [...uiState.selected] })}
      moonValue={moonValue(state)}
      onMoon={(choice) => void send({ kind: 'moon', choice })}
      resultActions={<LiveResultActions client={client} view={view} />}
      rated={view.rated}
      clockOf={clockOf}
      onKick={kick}
      chat={{
        lines: client.chat,
        onSend: (text) => client.send('chat', { text }),
        onMute: (seat, muted) => client.send('mute', { seat, muted }),
      }}
      shield={<Shield client={client} state={state} />}
      reconnecting={client.status === 'reconnecting'}
    />
  );
}

/** What the moon is worth under the table's rules (26 by default, 129 in spot hearts). */
const moonValue = (s: LiveState): number => compiledRules(s.view.rules).moonValue;

/** Below a live result once the game is over: the player's place and rating, a rematch, the way home. */
function LiveResultActions({ client, view }: { client: TableClient; view: LiveTableView }) {
  const { t } = useTranslation();
  const { navigate } = useApp();
  if (view.phase !== 'gameOver') return null;
  const result = client.result;
  const mine = result?.ratings[view.you] ?? null;
  const ready = client.again?.seats ?? [];
  return (
    <>
      {result && (
        <p className="live-result-line">
          {t('live.table.place', { rank: result.ranks[view.you] })}
          {mine && (
            <span title={provisionalTitle(t, mine.provisional)}>
              {' · '}
              {t('live.table.rating', {
                before: ratingText(mine.before, view.seats[view.you]?.provisional),
                after: ratingText(mine.after, mine.provisional),
              })}
            </span>
          )}
        </p>
      )}
      <div className="result-actions">
        <button
          type="button"
          className="primary"
          disabled={ready.includes(view.you) || !result}
          onClick={() => client.send('again', {})}
        >
          {t('live.table.again')}
        </button>
        <button
          type="button"
          onClick={() => {
            void client.leave();
            navigate('/live');
          }}
        >
          {t('live.table.home')}
        </button>
        {ready.length > 0 && <p className="muted">{t('live.table.againWaiting', { n: ready.length })}</p>}
      </div>
    </>
  );
}
