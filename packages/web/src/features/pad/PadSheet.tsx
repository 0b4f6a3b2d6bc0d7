/**
 * One score pad: the next hand's dealer and pass, a row per hand with running totals and the leader, and the
 * entry row for the next hand (or a hand being corrected) with a number pad, moon buttons and the J♦.
 */
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { MoonChoice } from '@hearts/engine';
import { useApp } from '../../kit/context';
import { cardShort } from '../../kit/cards';
import { DirectionArrow } from '../../kit/icons';
import { passDirection } from '../../table/view';
import { download } from '../../kit/download';
import { csvSeparator, fileName, padToCsv, padToJsonText } from './exports';
import {
  addHand,
  checkHand,
  handTotal,
  hasJack,
  moonDraft,
  moonValue,
  removeHand,
  replaceHand,
  standing,
  type HandDraft,
  type Pad,
} from './model';
import { PadPage } from './PadPage';
import { padRoute } from './route';
import type { PadStore } from './store';
import { handProblemText, namesText, passText, rulesSummary } from './words';

/** Loads a pad and keeps every change on the device before showing it. */
export function PadSheet({ store, id }: { store: PadStore; id: string }) {
  const { t } = useTranslation();
  const [pad, setPad] = useState<Pad | null | undefined>(undefined); // undefined while loading
  const [saveError, setSaveError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    store.get(id).then(
      (p) => live && setPad(p),
      () => live && setPad(null),
    );
    return () => {
      live = false;
    };
  }, [store, id]);

  if (pad === undefined)
    return (
      <PadPage title={t('pad.title')} back="/pad">
        <p className="muted">{t('pad.loading')}</p>
      </PadPage>
    );
  if (pad === null)
    return (
      <PadPage title={t('pad.title')} back="/pad">
        <p className="error" role="alert">
          {t('pad.notFound')}
        </p>
      </PadPage>
    );
  // Shown at once, then kept on the device; if that fails, the pad goes back to what is kept.
  const save = async (next: Pad): Promise<boolean> => {
    setPad(next);
    try {
      await store.put(next);
    } catch (e) {
      setPad(pad);
      setSaveError(t('pad.saveFailed', { reason: e instanceof Error ? e.message : String(e) }));
      return false;
    }
    setSaveError(null);
    return true;
  };
  return <Sheet pad={pad} save={save} saveError={saveError} />;
}

interface Draft {
  readonly taken: readonly string[]; // as typed
  readonly shooter: number | null;
  readonly moonChoice: MoonChoice | null;
  readonly jack: number | null;
}

const emptyDraft = (n: number): Draft => ({
  taken: new Array<string>(n).fill(''),
  shooter: null,
  moonChoice: null,
  jack: null,
});

/**
 * Points as typed: empty is null; a whole number (a minus sign too, "−" or "-", and any length) is that number, so
 * the check can say what is wrong with it (below 0, more than the hand has); anything else is NaN.
 */
export const parsePoints = (s: string): number | null => {
  const v = s.trim().replace(/^\u2212/, '-');
  if (v === '') return null;
  return /^-?\d+$/.test(v) ? Number(v) : Number.NaN;
};

/** No hand under any rules counts more (spot hearts with the die's seven: 169); an entry is at most this long. */
const MAX_ENTRY = 9999;
const MAX_ENTRY_CHARS = 5; // a minus sign and four digits

/** Problems with one player's entry: the cursor goes to it. */
const ENTRY_PROBLEMS: ReadonlySet<string> = new Set([
  'ERR_MISSING',
  'ERR_NOT_WHOLE',
  'ERR_NEGATIVE',
  'ERR_TOO_MANY',
]);

const toHandDraft = (d: Draft): HandDraft => ({ ...d, taken: d.taken.map(parsePoints) });

function Sheet({
  pad,
  save,
  saveError,
}: {
  pad: Pad;
  save: (p: Pad) => Promise<boolean>;
  saveError: string | null;
}) {
  const { t, i18n } = useTranslation();
  const { navigate, settings } = useApp();
  const jackName = cardShort('JD', settings.lang); // "B♦" in German, "J♦" in English
  const st = useMemo(() => standing(pad), [pad]);
  const n = pad.players.length;
  const { rules } = pad;
  const total = handTotal(rules);
  const moonPoints = moonValue(rules);
  const jackApart = hasJack(rules);
  const [editing, setEditing] = useState<number | null>(null);
  const [draft, setDraft] = useState<Draft>(() => emptyDraft(n));
  const [problem, setProblem] = useState<string | null>(null);
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const names = (seats: readonly number[]) =>
    namesText(
      i18n.language,
      seats.map((s) => pad.players[s]!),
    );

  const entering = editing !== null || !st.over;
  const handNo = editing ?? st.lines.length; // 0-based number of the hand in the entry row
  const parsed = draft.taken.map(parsePoints);
  // The sum of what is typed, as typed ("-4" counts −4); none while an entry is not a number of a hand's size.
  const readable = parsed.every((v) => v === null || (Number.isFinite(v) && Math.abs(v) <= MAX_ENTRY));
  const sum = parsed.reduce<number>((a, v) => a + (v !== null && Number.isFinite(v) ? v : 0), 0);
  const empty = parsed.flatMap((v, p) => (v === null ? [p] : []));
  const rest = total - sum;
  const fillable = empty.length === 1 && rest >= 0 && readable;
  // Green only for an entry the pad takes (the check that saving makes), not for any entries adding up.
  const accepted = readable && sum === total && checkHand(rules, toHandDraft(draft)).ok;

  const update = (patch: Partial<Draft>) => {
    setProblem(null);
    setDraft((d) => ({ ...d, ...patch }));
  };
  const setPoints = (p: number, value: string) =>
    update({ taken: draft.taken.map((x, i) => (i === p ? value : x)) });
  const toggleMoon = (p: number) => {
    if (draft.shooter === p) return update({ taken: emptyDraft(n).taken, shooter: null, moonChoice: null });
    const filled = moonDraft(rules, p, toHandDraft(draft));
    update({ taken: filled.taken.map((v) => String(v ?? '')), shooter: p, moonChoice: null });
  };
  const reset = () => {
    setEditing(null);
    setDraft(emptyDraft(n));
    setProblem(null);
  };
  const startEdit = (index: number) => {
    const e = pad.hands[index]!;
    setEditing(index);
    setProblem(null);
    setDraft({ taken: e.taken.map(String), shooter: e.shooter, moonChoice: e.moonChoice, jack: e.jack });
    requestAnimationFrame(() => inputs.current[0]?.focus());
  };

  const submit = async () => {
    const d = toHandDraft(draft);
    const now = Date.now();
    const r = editing === null ? addHand(pad, d, now) : replaceHand(pad, editing, d, now);
    if (!r.ok) {
      setProblem(handProblemText(t, pad, r.error));
      const p = r.error.player;
      if (p !== undefined && ENTRY_PROBLEMS.has(r.error.code)) inputs.current[p]?.focus();
      return;
    }
    const before = { editing, draft };
    reset();
    if (editing === null) inputs.current[0]?.focus();
    if (!(await save(r.value))) {
      setEditing(before.editing);
      setDraft(before.draft);
    }
  };
  const deleteHand = async () => {
    if (editing === null || !window.confirm(t('pad.entry.deleteHandConfirm', { n: editing + 1 }))) return;
    const r = removeHand(pad, editing, Date.now());
    if (!r.ok) return setProblem(handProblemText(t, pad, r.error));
    reset();
    await save(r.value);
  };
  const onKey = (p: number) => (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' && p + 1 < n) {
      e.preventDefault();
      inputs.current[p + 1]?.focus();
    }
  };

  const exportCsv = () =>
    download(
      fileName(pad, 'csv'),
      'text/csv;charset=utf-8',
      '\uFEFF' +
        padToCsv(
          pad,
          {
            hand: t('pad.sheet.hand'),
            dealer: t('pad.export.dealer'),
            passing: t('pad.export.passing'),
            moon: t('pad.export.moon'),
            jack: t('pad.export.jack'),
            total: t('pad.sheet.total'),
            direction: (o) => passText(t, o, n),
          },
          csvSeparator(i18n.language),
        ),
    );
  const exportJson = () => download(fileName(pad, 'json'), 'application/json', padToJsonText(pad));

  const next = st.next;
  return (
    <PadPage title={pad.name} back="/pad" className="pad-sheet-page">
      <section className={`pad-status${st.over ? ' over' : ''}`} aria-live="polite" data-testid="pad-status">
        {st.over ? (
          <>
            <h2>{t('pad.sheet.over')}</h2>
            <p className="pad-winner">
              {t(st.winners.length > 1 ? 'pad.sheet.share' : 'pad.sheet.wins', { names: names(st.winners) })}
            </p>
          </>
        ) : (
          next && (
            <>
              <p className="pad-next">
                <strong>{t('pad.sheet.next', { n: next.index + 1 })}</strong>
                <span>{t('pad.sheet.dealer', { name: pad.players[next.dealer] })}</span>
                <span className="pad-pass">
                  <DirectionArrow kind={passDirection(next.passOffset, n).kind} size={16} />
                  {passDirection(next.passOffset, n).kind === 'none'
                    ? t('pad.sheet.noPass')
                    : t('pad.sheet.pass', { direction: passText(t, next.passOffset, n) })}
                </span>
              </p>
              {st.leaders.length > 0 && (
                <p className="pad-leading">{t('pad.sheet.leading', { names: names(st.leaders) })}</p>
              )}
              {rules.handsToPlay > 0 && next.index < rules.handsToPlay && (
                <p className="muted small">
                  {t('pad.sheet.handsLeft', { count: rules.handsToPlay - next.index })}
                </p>
              )}
              {st.playingOn && <p className="pad-playon">{t('pad.sheet.playingOn')}</p>}
            </>
          )
        )}
      </section>

      <form
        className="pad-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <div className="pad-table-wrap">
          <table className={`pad-table cols-${n}`}>
            <caption className="sr-only">{pad.name}</caption>
            <thead>
              <tr>
                <th scope="col" className="pad-hand-col">
                  <span className="sr-only">{t('pad.sheet.hand')}</span>#
                </th>
                {pad.players.map((name, p) => (
                  <th
                    scope="col"
                    key={p}
                    className={st.leaders.includes(p) ? 'lead' : undefined}
                    data-player={p}
                  >
                    <span className="pad-col-name">{name}</span>
                    <span className="pad-col-total" data-total={p}>
                      {st.totals[p]}
                    </span>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {st.lines.map((line) => (
                <tr
                  key={line.index}
                  data-hand={line.index}
                  className={[
                    line.afterEnd ? 'after-end' : '',
                    line.ends ? 'ends' : '',
                    editing === line.index ? 'editing' : '',
                  ].join(' ')}
                  title={line.afterEnd ? t('pad.sheet.afterEnd') : undefined}
                  onClick={() => startEdit(line.index)}
                >
                  <th scope="row">
                    <button
                      type="button"
                      className="pad-row-btn"
                      aria-label={t('pad.entry.correcting', { n: line.index + 1 })}
                      onClick={(e) => {
                        e.stopPropagation();
                        startEdit(line.index);
                      }}
                    >
                      {line.index + 1}
                    </button>
                  </th>
                  {line.points.map((pts, p) => {
                    const lead = line.leaders.includes(p) && !line.afterEnd;
                    return (
                      <td
                        key={p}
                        className={[lead ? 'lead' : '', line.entry.shooter === p ? 'shooter' : ''].join(' ')}
                        data-points={pts}
                        data-running={line.totals[p]}
                      >
                        <span className="pad-pts">
                          {line.entry.shooter === p && (
                            <span className="pad-moon-mark" title={t('pad.sheet.moonMark')}>
                              ☾<span className="sr-only">{t('pad.sheet.moonMark')}</span>
                            </span>
                          )}
                          {pts}
                          {line.entry.jack === p && (
                            <span className="pad-jack-mark" title={t('pad.sheet.jackMark')}>
                              {jackName}
                            </span>
                          )}
                        </span>
                        <span className="pad-run">
                          {line.totals[p]}
                          {lead && <span className="sr-only"> · {t('pad.sheet.leaderMark')}</span>}
                        </span>
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
            {entering && (
              <tfoot>
                <tr className="pad-entry-row">
                  <th scope="row" className={editing !== null ? 'editing' : undefined}>
                    {handNo + 1}
                  </th>
                  {pad.players.map((name, p) => (
                    <td key={p}>
                      <input
                        ref={(el) => {
                          inputs.current[p] = el;
                        }}
                        className="pad-input"
                        type="text"
                        inputMode="numeric"
                        maxLength={MAX_ENTRY_CHARS}
                        aria-invalid={parsed[p] !== null && !(parsed[p]! >= 0 && parsed[p]! <= total)}
                        autoComplete="off"
                        enterKeyHint={p + 1 < n ? 'next' : 'done'}
                        aria-label={t('pad.entry.points', { name })}
                        placeholder={fillable && empty[0] === p ? String(rest) : undefined}
                        value={draft.taken[p]}
                        onChange={(e) => setPoints(p, e.target.value)}
                        onKeyDown={onKey(p)}
                      />
                    </td>
                  ))}
                </tr>
                {rules.moon !== 'none' && (
                  <tr className="pad-moon-row">
                    <th scope="row">
                      <span aria-hidden="true">☾</span>
                    </th>
                    {pad.players.map((name, p) => (
                      <td key={p}>
                        <button
                          type="button"
                          className="pad-moon-btn"
                          aria-pressed={draft.shooter === p}
                          aria-label={t('pad.entry.moonFor', { name })}
                          onClick={() => toggleMoon(p)}
                        >
                          <span aria-hidden="true">☾</span>
                          <span className="pad-moon-text">{t('pad.entry.moon')}</span>
                        </button>
                      </td>
                    ))}
                  </tr>
                )}
                {jackApart && (
                  <tr className="pad-jack-row">
                    <th scope="row">{jackName}</th>
                    {pad.players.map((name, p) => (
                      <td key={p}>
                        <label className={`pad-jack${draft.jack === p ? ' on' : ''}`}>
                          <input
                            type="radio"
                            name="pad-jack"
                            checked={draft.jack === p}
                            aria-label={`${t('pad.entry.jack')} ${name}`}
                            onChange={() => update({ jack: p })}
                          />
                          <span aria-hidden="true">{jackName}</span>
                        </label>
                      </td>
                    ))}
                  </tr>
                )}
              </tfoot>
            )}
          </table>
        </div>

        {entering ? (
          <div className="pad-entry">
            <p className="pad-entry-title">
              {editing !== null
                ? t('pad.entry.correcting', { n: editing + 1 })
                : t('pad.entry.title', { n: handNo + 1 })}
              <span className={`pad-sum${accepted ? ' ok' : ''}`} data-testid="pad-sum">
                {t('pad.entry.sum', { sum: readable ? sum : '?', total })}
              </span>
            </p>
            {jackApart && <p className="muted small">{t('pad.entry.jack')}</p>}
            {fillable && (
              <button
                type="button"
                className="secondary pad-fill"
                aria-label={t('pad.entry.fillLabel', { n: rest, name: pad.players[empty[0]!] })}
                onClick={() => setPoints(empty[0]!, String(rest))}
              >
                {t('pad.entry.fill', { n: rest, name: pad.players[empty[0]!] })}
              </button>
            )}
            {draft.shooter !== null && rules.moon === 'shooterChoice' && (
              <fieldset className="segmented pad-choice">
                <legend>{t('pad.entry.moonChoice', { name: pad.players[draft.shooter] })}</legend>
                {(['minus', 'plus'] as const).map((c) => (
                  <label key={c} className={draft.moonChoice === c ? 'on' : undefined}>
                    <input
                      type="radio"
                      name="pad-moon-choice"
                      checked={draft.moonChoice === c}
                      onChange={() => update({ moonChoice: c })}
                    />
                    {t(`pad.entry.${c}`, { name: pad.players[draft.shooter!], value: moonPoints })}
                  </label>
                ))}
              </fieldset>
            )}
            {problem && (
              <p className="error pad-problem" role="alert">
                {problem}
              </p>
            )}
            {saveError && (
              <p className="error" role="alert">
                {saveError}
              </p>
            )}
            <div className="pad-entry-actions">
              <button type="submit" className="primary">
                {editing !== null ? t('pad.entry.saveChanges') : t('pad.entry.save')}
              </button>
              {editing !== null && (
                <>
                  <button type="button" className="secondary" onClick={reset}>
                    {t('pad.entry.cancel')}
                  </button>
                  <button type="button" className="link danger" onClick={() => void deleteHand()}>
                    {t('pad.entry.deleteHand')}
                  </button>
                </>
              )}
            </div>
            {st.lines.length > 0 && editing === null && (
              <p className="muted small">{t('pad.sheet.tapToCorrect')}</p>
            )}
          </div>
        ) : (
          <p className="muted small">{t('pad.entry.gameOver')}</p>
        )}
        {st.lines.some((l) => l.afterEnd) && <p className="error">{t('pad.sheet.afterEnd')}</p>}
      </form>

      <section className="pad-export no-print">
        <h2>{t('pad.export.title')}</h2>
        <div className="pad-export-actions">
          <button type="button" className="secondary" onClick={exportCsv}>
            {t('pad.export.csv')}
          </button>
          <button type="button" className="secondary" onClick={exportJson}>
            {t('pad.export.json')}
          </button>
          <button
            type="button"
            className="secondary"
            onClick={() => navigate(padRoute({ view: 'print', id: pad.id }))}
          >
            {t('pad.export.print')}
          </button>
        </div>
        <p className="muted small">
          {t('pad.sheet.rules')}: {rulesSummary(t, rules)}
        </p>
      </section>
    </PadPage>
  );
}
