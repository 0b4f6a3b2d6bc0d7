import { placesOf, type CardName } from '@hearts/engine';
import type { ShareRequest } from '@hearts/protocol/http/shares';
import { GAME_ROUTES } from '@hearts/protocol/http/games';
import { useEffect, useMemo, useState } from 'react';
import { AnalysisPanel, useAnalysis } from '../analysis/AnalysisPanel';
import type { SavedDecision } from '../analysis/saved';
import { useTranslation } from 'react-i18next';
import { cardLabel, cardsShort, sortHand } from '../../kit/cards';
import { HISTORY_MAX, loadHistory } from '../../kit/records';
import {
  openReplay,
  openedFromRoute,
  parseServerReplay,
  setOpenedFile,
  type OpenedFrom,
  type Replay,
  type ServerReplayAddress,
} from '../../kit/replay';
import { request } from '../../kit/server/http';
import { TOKEN_KEY } from '../../kit/server/token';
import { serverErrorText } from '../../kit/server/error-texts';
import { ApiError } from '../../kit/server/api-error';
import { recordErrorText } from '../../table/record-words';
import { Loading } from '../../kit/Loading';
import { seatPositions } from '../../table/view';
import { HUMAN } from '../../kit/names';
import { CardFace } from '../../kit/CardSvg';
import { DownloadIcon, StepIcon } from '../../kit/icons';
import { useApp } from '../../kit/context';
import { downloadRecord } from '../../kit/download';
import { directionText } from '../../table/TableParts';
import { openedFile } from '../../kit/replay';
import { recordPlayerName, seatName } from '../../kit/names';
import { Page } from '../../kit/Page';
import { HandFacts, Standings } from '../../table/ResultPanel';
import { ScoreTable } from '../../table/ScoreTable';
import { Trick } from '../../table/Trick';
import { passDirection } from '../../table/view';
import { ShareButton } from './ShareButton';

/**
 * Replays a game from the history (or an opened file) trick by trick, every hand open, with its analysis:
 * `#/replay/ID` (a game of the history, or `file`: the record opened last), `#/replay/ID/analysis` (the same,
 * analysing at once unless the analysis is kept already), and a game the server kept: `#/replay/game/ID…` or
 * `#/replay/live/ID…` (`serverReplayRoute` in src/kit/replay.ts), fetched again after a reload.
 */
export function ReplayPage({ id: route }: { id: string }) {
  const server = parseServerReplay(route);
  return server ? <ServerReplay address={server} /> : <LocalReplay route={route} />;
}

/** A game the server kept, by its address: the one just opened, or fetched (after a reload, or from a link). */
function ServerReplay({ address: a }: { address: ServerReplayAddress }) {
  const { store, settings } = useApp();
  const { t } = useTranslation();
  const cached = openedFile.replay && openedFile.name === a.id ? openedFile.replay : null;
  const [state, setState] = useState<{ replay: Replay | null; problem: string | null }>({
    replay: cached,
    problem: null,
  });
  const from = a.from ? openedFromRoute(a.from) : null;
  // Fetched once: the page is keyed by its address (pages.tsx), so another address is another page.
  useEffect(() => {
    if (cached) return;
    let live = true;
    const token = store.get(TOKEN_KEY);
    const fetched =
      a.kind === 'live'
        ? request(GAME_ROUTES.gameRecord, { token, params: { id: a.id } })
        : request(GAME_ROUTES.replay, { token, params: { id: a.id } });
    fetched.then(
      (record) => {
        if (!live) return;
        const r = openReplay(record);
        if (!r.ok)
          return setState({
            replay: null,
            problem: t('history.openError', { reason: recordErrorText(t, settings.lang, r.error) }),
          });
        // Kept as the opened file too: a replay opened from it (`#/replay/file`) is this one.
        setOpenedFile(
          r.value,
          a.id,
          a.seat === null ? null : { seat: a.seat, game: a.mine ? a.id : null },
          from,
        );
        setState({ replay: r.value, problem: null });
      },
      (e: unknown) => {
        if (!live) return;
        setState({
          replay: null,
          problem: e instanceof ApiError ? serverErrorText(t, e) : t('replay.unreachable'),
        });
      },
    );
    return () => {
      live = false;
    };
  }, []);
  if (!state.replay) {
    if (!state.problem) return <Loading />;
    return <Missing text={state.problem} back={from} />;
  }
  const share: ShareRequest | null =
    state.replay.finished && a.mine ? { source: 'game', tableId: a.id } : null;
  return (
    <ReplayBoard
      replay={state.replay}
      own={false}
      seat={a.seat}
      game={a.mine ? a.id : null}
      analyse={a.analyse}
      share={share}
      from={from}
    />
  );
}

/** Why there is nothing to replay, with the way home and the way back. */
function Missing({ text, back }: { text: string; back: OpenedFrom | null }) {
  const { navigate } = useApp();
  const { t } = useTranslation();
  return (
    <Page title={t('replay.title')}>
      <p role="alert">{text}</p>
      <div className="page-actions">
        <button type="button" className="primary" onClick={() => navigate('/')}>
          {t('notFound.home')}
        </button>
        <button type="button" className="secondary" onClick={() => navigate(back?.route ?? '/history')}>
          {t(back?.title ?? 'history.title')}
        </button>
      </div>
    </Page>
  );
}

/** A game of the history (by its id), or the file opened last (`file`). */
function LocalReplay({ route }: { route: string }) {
  const { store } = useApp();
  const { t } = useTranslation();
  const [id = '', extra] = route.split('/');
  // Why there is nothing to replay: no file opened, no game at all, or not this one (an old or mistyped link).
  const [replay, missing]: [Replay | null, string] = useMemo(() => {
    if (id === 'file') return [openedFile.replay, 'replay.noFile'];
    const history = loadHistory(store);
    const entry = history.find((g) => g.id === id);
    if (!entry) return [null, 'replay.notFound']; // an empty history too: not found, not "no game yet"
    const r = openReplay(entry.record);
    return r.ok ? [r.value, ''] : [null, 'replay.unreadable'];
  }, [id, store]);
  if (!replay) return <Missing text={t(missing, { max: HISTORY_MAX })} back={null} />;
  const own = id !== 'file';
  // A finished game of the player's own can be shared (docs/sharing.md): a solo game by its record, a game of the
  // server's by its id (the server decides whether it may be shown yet).
  const share: ShareRequest | null = !replay.finished
    ? null
    : own
      ? { source: 'solo', record: replay.record as unknown as Record<string, unknown>, seat: HUMAN }
      : openedFile.game
        ? { source: 'game', tableId: openedFile.game }
        : null;
  return (
    <ReplayBoard
      replay={replay}
      own={own}
      seat={own ? HUMAN : openedFile.seat}
      game={own ? id : openedFile.game}
      analyse={extra === 'analysis'}
      share={share}
      from={own ? null : openedFile.from}
    />
  );
}

/** Where a decision stands in the game, for stepping from mark to mark: passes first, the moon choice last. */
const orderOf = (d: SavedDecision): number =>
  d.hand * 1000 + (d.kind === 'pass' ? -1 : d.kind === 'moon' ? 999 : d.step!);

/** The replay of a game with its analysis: of the history, an opened file, or a shared game (SharedPage). */
export function ReplayBoard({
  replay,
  own,
  seat: givenSeat,
  game,
  analyse,
  share = null,
  shared = false,
  from = null,
}: {
  replay: Replay;
  own: boolean;
  seat: number | null; // the seat to analyse (null: the reader picks one; seat 0 until then)
  game: string | null; // the player's own game (its id; `seat` is theirs): its mistakes become training positions
  analyse: boolean; // start the analysis at once (when it is not kept already)
  share?: ShareRequest | null; // what the Share button shares (null: no button)
  shared?: boolean; // a game shared by another: its way back leads to the start screen
  from?: OpenedFrom | null; // the page the replay was opened from (the daily page): its way back leads there
}) {
  const { settings, navigate, store } = useApp();
  const { t } = useTranslation();
  const [hand, setHand] = useState(0);
  const [step, setStep] = useState(0);
  const [seat, setSeat] = useState(givenSeat ?? 0);
  const analysis = useAnalysis(store, replay.record, seat, analyse, seat === givenSeat ? game : null);
  const done = analysis.state.status === 'done' ? analysis.state.analysis : null;
  const [focusAt, setFocusAt] = useState<number | null>(null); // index of the focused decision
  const focus = done && focusAt !== null ? (done.decisions[focusAt] ?? null) : null;
  useEffect(() => setFocusAt(null), [done]);
  const base = replay.at(hand, step);
  const n = replay.record.players.length;
  const moment = focus ? momentOf(replay, focus, n) : null;
  const pos = moment ? { ...base, holdings: moment.holdings, trick: null } : base;
  const positions = seatPositions(n);
  const lang = settings.lang;
  // The app's own solo records name the seats in English ("You", "Bot 1 (medium)"): shown in the reader's words.
  const names = own
    ? replay.players.map((_, s) => seatName(t, s))
    : replay.players.map((p) => recordPlayerName(t, p));
  const name = (s: number) => names[s] ?? `#${s}`;

  const go = (h: number, s: number) => {
    setFocusAt(null);
    const hh = Math.max(0, Math.min(replay.hands - 1, h));
    setHand(hh);
    setStep(Math.max(0, Math.min(replay.at(hh, 0).steps, s)));
  };
  const next = () => {
    // From a decision inside a trick, the next step is the end of that trick.
    if (focus?.kind === 'play') return go(hand, (focus.trick ?? 0) + 1);
    return step < pos.steps ? go(hand, step + 1) : hand < replay.hands - 1 && go(hand + 1, 0);
  };
  const prev = () => {
    if (focus?.kind === 'play') return go(hand, focus.trick ?? 0);
    return step > 0 ? go(hand, step - 1) : hand > 0 && go(hand - 1, replay.at(hand - 1, 0).steps);
  };

  const focusOn = (d: SavedDecision) => {
    if (!done) return;
    setHand(d.hand);
    setStep(d.kind === 'play' ? (d.trick ?? 0) : d.kind === 'moon' ? replay.at(d.hand, 0).steps : 0);
    setFocusAt(done.decisions.indexOf(d));
  };
  /** The next (or previous) marked decision from the focused one or the position on view, round the game. */
  const toMistake = (dir: 1 | -1) => {
    const marked = done?.decisions.filter((d) => d.mark !== null) ?? [];
    if (marked.length === 0) return;
    const here = focus ? orderOf(focus) : hand * 1000 + (step === 0 ? -1.5 : step * n - 0.5);
    const ahead =
      dir === 1 ? marked.filter((d) => orderOf(d) > here) : marked.filter((d) => orderOf(d) < here);
    focusOn(dir === 1 ? (ahead[0] ?? marked[0]!) : (ahead[ahead.length - 1] ?? marked[marked.length - 1]!));
  };

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || (e.target as Element | null)?.closest?.('select, input'))
        return;
      if (e.key === 'ArrowRight') next();
      else if (e.key === 'ArrowLeft') prev();
      else if (e.key === 'n' || e.key === 'N') toMistake(1);
      else if (e.key === 'p' || e.key === 'P') toMistake(-1);
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const rows = Array.from({ length: hand + (pos.result ? 1 : 0) }, (_, h) => {
    const r = replay.at(h, replay.at(h, 0).steps).result;
    return r ? { hand: h, points: r.points, shooter: r.shooter } : null;
  }).filter((r): r is NonNullable<typeof r> => r !== null);

  return (
    <div className="replay-screen">
      <header className="topbar">
        <button
          type="button"
          className="back-btn"
          onClick={() => navigate(shared ? '/' : (from?.route ?? '/history'))}
        >
          ← {shared ? t('nav.back') : t(from?.title ?? 'history.title')}
        </button>
        <h1 className="topbar-title">
          <span className="replay-title">{shared ? t('share.title') : t('replay.title')}</span>
        </h1>
        {share && <ShareButton what={share} />}
        <button
          type="button"
          className="icon-btn"
          onClick={() => downloadRecord(replay.record, new Date())}
          aria-label={t('history.download')}
          title={t('history.download')}
        >
          <DownloadIcon />
          <span className="btn-text">{t('history.download')}</span>
        </button>
      </header>
      <div className="replay-status" aria-live="polite">
        <span>{t('replay.hand', { n: hand + 1, of: replay.hands })}</span>
        <span>
          {focus?.kind === 'play'
            ? t('replay.trick', { n: (focus.trick ?? 0) + 1, of: pos.steps })
            : step === 0
              ? t('replay.start')
              : t('replay.trick', { n: step, of: pos.steps })}
        </span>
        {moment?.betterCards ? (
          <span className="better-caption">
            {t('analysis.betterCard', {
              card: cardsShort(moment.betterCards, lang),
            })}
          </span>
        ) : (
          <span className="dir-chip">{directionText(t, passDirection(pos.passOffset, n))}</span>
        )}
      </div>
      <main className="replay-board">
        {pos.holdings.map((cards, s) => (
          <section key={s} className={`replay-seat seat-${positions[s]}`} aria-label={name(s)}>
            <div className="seat-head">
              <span className="seat-name">{name(s)}</span>
              <span className="hand-points">{pos.taken[s] ? `+${pos.taken[s]}` : ''}</span>
            </div>
            <div
              className="mini-hand"
              aria-label={cards.map((c) => cardLabel(c, lang)).join(', ')}
              role="img"
            >
              {cards.map((c) => (
                <div key={c} className={`card mini${s === focus?.seat ? cardMark(focus, c) : ''}`}>
                  <CardFace card={c} lang={lang} fourColor={settings.fourColor} />
                </div>
              ))}
            </div>
            {step === 0 && pos.passes && focus?.kind !== 'pass' && (
              <div
                className="muted passed-line"
                aria-label={`${t('replay.passes')}: ${pos.passes[s]!.map((c) => cardLabel(c, lang)).join(', ')}`}
              >
                {t('replay.passes')}: {cardsShort(pos.passes[s]!, lang)}
              </div>
            )}
          </section>
        ))}
        <div className="center">
          {moment?.trick && (
            <Trick
              cards={moment.trick}
              positions={positions}
              winner={null}
              better={moment.betterCards ? focus!.seat : null}
              collecting={false}
              lang={lang}
              fourColor={settings.fourColor}
              className="static"
              names={names}
            />
          )}
          {!moment && pos.trick && (
            <Trick
              cards={pos.trick.cards.map((card, i) => ({ seat: (pos.trick!.leader + i) % n, card }))}
              positions={positions}
              winner={pos.trick.winner ?? null}
              collecting={false}
              lang={lang}
              fourColor={settings.fourColor}
              className="static"
            />
          )}
        </div>
      </main>
      <nav className="replay-controls" aria-label={t('replay.title')}>
        <button
          type="button"
          onClick={() => go(hand - 1, 0)}
          disabled={hand === 0}
          aria-label={t('replay.prevHand')}
        >
          <StepIcon kind="first" />
        </button>
        <button
          type="button"
          onClick={prev}
          disabled={hand === 0 && step === 0}
          aria-label={t('replay.prev')}
        >
          <StepIcon kind="prev" />
        </button>
        <button
          type="button"
          onClick={next}
          disabled={hand === replay.hands - 1 && step === pos.steps}
          aria-label={t('replay.next')}
        >
          <StepIcon kind="next" />
        </button>
        <button
          type="button"
          onClick={() => go(hand + 1, 0)}
          disabled={hand === replay.hands - 1}
          aria-label={t('replay.nextHand')}
        >
          <StepIcon kind="last" />
        </button>
      </nav>
      <div className="replay-side">
        <AnalysisPanel
          state={analysis.state}
          start={analysis.start}
          cancel={analysis.cancel}
          seatName={name(seat)}
          seatPicker={
            givenSeat === null && (
              <label className="seat-picker">
                {t('analysis.seat')}{' '}
                <select value={seat} onChange={(e) => setSeat(Number(e.target.value))}>
                  {names.map((nm, s) => (
                    <option key={s} value={s}>
                      {nm}
                    </option>
                  ))}
                </select>
              </label>
            )
          }
          hand={hand}
          focus={focus}
          onFocus={focusOn}
          onMistake={toMistake}
          lang={lang}
          fourColor={settings.fourColor}
        />
        {rows.length > 0 && (
          <section className="replay-scores" aria-label={t('score.title')}>
            {pos.result && hand === replay.hands - 1 && replay.finished && (
              <Standings places={placesOf(pos.totals)} totals={pos.totals} you={own ? 0 : -1} nameOf={name} />
            )}
            {pos.summary && <HandFacts summary={pos.summary} you={own ? 0 : -1} nameOf={name} />}
            <ScoreTable
              rows={rows}
              totals={pos.totals}
              names={names}
              bots={own ? names.map((_, s) => s !== 0) : undefined}
              highlight={
                pos.result && hand === replay.hands - 1 && replay.finished ? replay.winners : undefined
              }
            />
          </section>
        )}
      </div>
    </div>
  );
}

/** A focused decision's class on a card of its seat's hand: the card played, or a better one. */
function cardMark(d: SavedDecision, card: CardName): string {
  const worse = d.cost > 0 && !d.forced;
  const played = Array.isArray(d.played) ? d.played.includes(card) : d.played === card;
  if (worse && d.bestCards.includes(card)) return ' better-card';
  if (played) return worse ? ' played-card worse' : ' played-card';
  return '';
}

/**
 * The table at a decision: every hand as it was (a pass: the hands as dealt), the trick so far with the better card
 * (or the card played, when it was the best) in front of the seat, and the better cards to name, if any.
 */
function momentOf(
  replay: Replay,
  d: SavedDecision,
  n: number,
): {
  holdings: readonly (readonly CardName[])[];
  trick: { seat: number; card: CardName }[] | null;
  betterCards: readonly CardName[] | null;
} {
  const worse = d.cost > 0 && !d.forced;
  if (d.kind === 'play') {
    const trick = d.trick ?? 0;
    const before = replay.at(d.hand, trick);
    const whole = replay.at(d.hand, trick + 1).trick;
    const k = (d.step ?? 0) - trick * n;
    const sofar = (whole?.cards ?? [])
      .slice(0, k)
      .map((card, i) => ({ seat: (whole!.leader + i) % n, card }));
    const gone = new Set(sofar.map((c) => c.card));
    const shown = worse ? (d.bestCards[0] ?? (d.best as CardName)) : (d.played as CardName);
    return {
      holdings: before.holdings.map((h) => h.filter((c) => !gone.has(c))),
      trick: [...sofar, { seat: d.seat, card: shown }],
      betterCards: worse ? [shown] : null,
    };
  }
  if (d.kind === 'pass') {
    const at = replay.at(d.hand, 0);
    const passes = at.passes;
    // As dealt: each seat less what it received, plus what it passed.
    const holdings = at.holdings.map((h, s) => {
      if (!passes) return h;
      const from = (s - at.passOffset + n * 2) % n; // the seat that passed to this one
      return sortHand([...h.filter((c) => !passes[from]!.includes(c)), ...passes[s]!]);
    });
    return { holdings, trick: null, betterCards: worse ? d.bestCards : null };
  }
  const end = replay.at(d.hand, replay.at(d.hand, 0).steps);
  return { holdings: end.holdings, trick: null, betterCards: null };
}
