/**
 * The score pad's screens: the list of pads, a new pad, the sheet of one pad and its print view, chosen by
 * the URL's hash (see `route.ts`). Loaded on demand; the service worker keeps it for offline use.
 */
import { DEFAULT_RULES, type MoonRule, type Rules, type TieRule } from '@hearts/engine';
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../kit/context';
import { moonPointsOf } from '../../kit/RulesOptions';
import { createPad, parsePad, renamePad, standing, type Pad } from './model';
import { PadPage } from './PadPage';
import { PadPrint } from './PadPrint';
import { PadSheet } from './PadSheet';
import { padRoute, parsePadRoute } from './route';
import { newPadId, openPadStore, type PadStore } from './store';
import { namesText, padProblemText, rulesSummary } from './words';
import './pad.css';

let opening: Promise<PadStore> | null = null;
/** The device's pad store, opened once per page. */
const padStore = (): Promise<PadStore> => (opening ??= openPadStore());

const subscribeHash = (f: () => void) => {
  window.addEventListener('hashchange', f);
  return () => window.removeEventListener('hashchange', f);
};

export default function PadScreen() {
  const hash = useSyncExternalStore(subscribeHash, () => window.location.hash);
  const route = parsePadRoute(hash);
  const [store, setStore] = useState<PadStore | null>(null);
  const { t } = useTranslation();
  useEffect(() => {
    let live = true;
    void padStore().then((s) => live && setStore(s));
    return () => {
      live = false;
    };
  }, []);
  if (!store)
    return (
      <PadPage title={t('pad.title')} back="/">
        <p className="muted">{t('pad.loading')}</p>
      </PadPage>
    );
  switch (route.view) {
    case 'list':
      return <PadList store={store} />;
    case 'new':
      return <PadSetup store={store} />;
    case 'sheet':
      return <PadSheet store={store} id={route.id} key={route.id} />;
    case 'print':
      return <PadPrint store={store} id={route.id} key={route.id} />;
  }
}

function PadList({ store }: { store: PadStore }) {
  const { t, i18n } = useTranslation();
  const { navigate } = useApp();
  const [list, setList] = useState<{ pads: Pad[]; broken: number } | null>(null);
  const [renaming, setRenaming] = useState<{ id: string; name: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const reload = useCallback(
    () => store.list().then(setList, (e: unknown) => setError(t('pad.saveFailed', { reason: String(e) }))),
    [store, t],
  );
  useEffect(() => void reload(), [reload]);

  const save = async (pad: Pad) => {
    try {
      await store.put(pad);
    } catch (e) {
      setError(t('pad.saveFailed', { reason: e instanceof Error ? e.message : String(e) }));
    }
    await reload();
  };

  const remove = async (pad: Pad) => {
    if (!window.confirm(t('pad.deleteConfirm', { name: pad.name }))) return;
    await store.remove(pad.id);
    await reload();
  };

  const rename = async (pad: Pad, name: string) => {
    const r = renamePad(pad, name, Date.now());
    if (!r.ok) return setError(padProblemText(t, r.error));
    setRenaming(null);
    setError(null);
    await save(r.value);
  };

  const importFile = async (file: File) => {
    setError(null);
    let json: unknown;
    try {
      json = JSON.parse(await file.text());
    } catch {
      return setError(t('pad.importNotJson'));
    }
    const r = parsePad(json);
    if (!r.ok)
      return setError(
        r.error.code === 'ERR_FORMAT'
          ? t('pad.importNotPad')
          : t('pad.importError', { reason: padProblemText(t, r.error) }),
      );
    const pad = { ...r.value, id: newPadId() };
    await save(pad);
    navigate(padRoute({ view: 'sheet', id: pad.id }));
  };

  const date = (ms: number) =>
    new Date(ms).toLocaleDateString(i18n.language, { day: 'numeric', month: 'short', year: 'numeric' });

  return (
    <PadPage title={t('pad.title')} back="/">
      <p className="muted pad-intro">{t('pad.intro')}</p>
      {!store.persistent && (
        <p className="error" role="alert">
          {t('pad.notKept')}
        </p>
      )}
      <button type="button" className="primary big" onClick={() => navigate('/pad/new')}>
        {t('pad.new')}
      </button>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      {list && list.broken > 0 && <p className="error">{t('pad.broken', { count: list.broken })}</p>}
      {list && list.pads.length === 0 && <p className="muted">{t('pad.empty')}</p>}
      <ul className="pad-list">
        {list?.pads.map((pad) => {
          const st = standing(pad);
          const status =
            pad.hands.length === 0
              ? t('pad.notStarted')
              : st.over
                ? t('pad.wonBy', {
                    names: namesText(
                      i18n.language,
                      st.winners.map((s) => pad.players[s]!),
                    ),
                  })
                : t('pad.inPlay', {
                    names: namesText(
                      i18n.language,
                      st.leaders.map((s) => pad.players[s]!),
                    ),
                  });
          return (
            <li key={pad.id} className="pad-item" data-pad={pad.id}>
              {renaming?.id === pad.id ? (
                <form
                  className="pad-rename"
                  onSubmit={(e) => {
                    e.preventDefault();
                    void rename(pad, renaming.name);
                  }}
                >
                  <input
                    aria-label={t('pad.setup.name')}
                    value={renaming.name}
                    maxLength={40}
                    autoFocus
                    onChange={(e) => setRenaming({ id: pad.id, name: e.target.value })}
                  />
                  <button type="submit" className="primary">
                    {t('pad.saveName')}
                  </button>
                  <button type="button" className="link" onClick={() => setRenaming(null)}>
                    {t('pad.entry.cancel')}
                  </button>
                </form>
              ) : (
                <button
                  type="button"
                  className="pad-open"
                  onClick={() => navigate(padRoute({ view: 'sheet', id: pad.id }))}
                >
                  <strong className="pad-name">{pad.name}</strong>
                  <span>{pad.players.join(', ')}</span>
                  <span className="muted">
                    {t('pad.hands', { count: pad.hands.length })} · {status} · {date(pad.updated)}
                  </span>
                  <span className="muted small">{rulesSummary(t, pad.rules)}</span>
                </button>
              )}
              <div className="pad-item-actions">
                <button
                  type="button"
                  className="link"
                  onClick={() => setRenaming({ id: pad.id, name: pad.name })}
                >
                  {t('pad.rename')}
                </button>
                <button type="button" className="link danger" onClick={() => void remove(pad)}>
                  {t('pad.delete')}
                </button>
              </div>
            </li>
          );
        })}
      </ul>
      <label className="secondary pad-import">
        {t('pad.import')}
        <input
          type="file"
          accept="application/json,.json"
          className="sr-only"
          onChange={(e) => {
            const f = e.target.files?.[0];
            e.target.value = '';
            if (f) void importFile(f);
          }}
        />
      </label>
    </PadPage>
  );
}

const MOONS: readonly MoonRule[] = [
  'othersPlus26',
  'shooterMinus26',
  'shooterChoice',
  'othersPlus26UnlessLosing',
  'none',
];
const TIES: readonly TieRule[] = ['shareWin', 'playOn'];
const PASSING = ['standard', 'rotate', 'left', 'right', 'none'] as const;
type Passing = (typeof PASSING)[number];

interface Setup {
  name: string;
  count: number;
  names: string[]; // six slots; the first `count` are used
  target: number;
  otherTarget: boolean; // the target is typed in
  handsToPlay: number;
  moon: MoonRule;
  ties: TieRule;
  omnibus: boolean;
  spot: boolean;
  blackMaria: boolean;
  seven: boolean;
  passing: Passing;
}

function setupRules(s: Setup): Partial<Rules> {
  return {
    targetScore: s.target,
    handsToPlay: s.handsToPlay,
    moon: s.moon,
    ties: s.ties,
    jackOfDiamonds: s.omnibus ? -10 : 0,
    heartValues: s.spot ? 'rank' : 'one',
    queenPoints: s.spot ? 25 : 13,
    blackMariaSpades: s.blackMaria,
    sevenOfDie: s.seven,
    passCycle: s.passing === 'none' ? 'standard' : s.passing,
    passCards: s.passing === 'none' ? 0 : 3,
  };
}

function PadSetup({ store }: { store: PadStore }) {
  const { t, i18n } = useTranslation();
  const { navigate } = useApp();
  const [s, setS] = useState<Setup>(() => ({
    name: t('pad.setup.defaultName', {
      date: new Date().toLocaleDateString(i18n.language, { day: 'numeric', month: 'long' }),
    }),
    count: 4,
    names: ['', '', '', '', '', ''],
    target: 50,
    otherTarget: false,
    handsToPlay: 0,
    moon: 'othersPlus26',
    ties: 'shareWin',
    omnibus: false,
    spot: false,
    blackMaria: false,
    seven: false,
    passing: 'standard',
  }));
  const [error, setError] = useState<string | null>(null);
  const set = (patch: Partial<Setup>) => {
    setError(null);
    setS((x) => ({ ...x, ...patch }));
  };

  // The last pad's players, for a group that meets again.
  useEffect(() => {
    let live = true;
    void store.list().then(({ pads }) => {
      const last = pads[0];
      if (!live || !last) return;
      setS((x) =>
        x.names.some((n) => n !== '')
          ? x
          : {
              ...x,
              count: last.players.length,
              names: [...last.players, '', '', '', '', '', ''].slice(0, 6),
            },
      );
    });
    return () => {
      live = false;
    };
  }, [store]);

  const rules = useMemo(() => setupRules(s), [s]);
  const create = async () => {
    const players = s.names.slice(0, s.count).map((n, i) => n.trim() || t('pad.setup.player', { n: i + 1 }));
    const r = createPad({ id: newPadId(), name: s.name, players, rules, now: Date.now() });
    if (!r.ok) return setError(padProblemText(t, r.error, players));
    try {
      await store.put(r.value);
    } catch (e) {
      return setError(t('pad.saveFailed', { reason: e instanceof Error ? e.message : String(e) }));
    }
    navigate(padRoute({ view: 'sheet', id: r.value.id }));
  };
  const targets = s.spot ? [100, 500] : [50, 100];

  return (
    <PadPage title={t('pad.setup.title')} back="/pad">
      <form
        className="pad-setup"
        onSubmit={(e) => {
          e.preventDefault();
          void create();
        }}
      >
        <label className="pad-field">
          <span>{t('pad.setup.name')}</span>
          <input value={s.name} maxLength={40} onChange={(e) => set({ name: e.target.value })} />
        </label>

        <fieldset className="segmented">
          <legend>{t('pad.setup.playerCount')}</legend>
          {[3, 4, 5, 6].map((n) => (
            <label key={n} className={s.count === n ? 'on' : undefined}>
              <input
                type="radio"
                name="pad-count"
                value={n}
                checked={s.count === n}
                onChange={() => set({ count: n })}
              />
              {n}
            </label>
          ))}
        </fieldset>

        <fieldset className="pad-names">
          <legend>{t('pad.setup.players')}</legend>
          <p className="muted small">{t('pad.setup.playersHint')}</p>
          {s.names.slice(0, s.count).map((n, i) => (
            <label key={i} className="pad-name-field">
              <span aria-hidden="true">{i + 1}</span>
              <input
                value={n}
                maxLength={40}
                placeholder={t('pad.setup.player', { n: i + 1 })}
                aria-label={t('pad.setup.player', { n: i + 1 })}
                autoComplete="off"
                enterKeyHint={i + 1 < s.count ? 'next' : 'done'}
                onChange={(e) => set({ names: s.names.map((x, j) => (j === i ? e.target.value : x)) })}
              />
            </label>
          ))}
        </fieldset>

        <fieldset className="segmented">
          <legend>{t('pad.setup.target')}</legend>
          {targets.map((n) => (
            <label key={n} className={!s.otherTarget && s.target === n ? 'on' : undefined}>
              <input
                type="radio"
                name="pad-target"
                checked={!s.otherTarget && s.target === n}
                onChange={() => set({ target: n, otherTarget: false })}
              />
              {t('pad.setup.targetPoints', { n })}
            </label>
          ))}
          <label className={s.otherTarget || !targets.includes(s.target) ? 'on' : undefined}>
            <input
              type="radio"
              name="pad-target"
              checked={s.otherTarget || !targets.includes(s.target)}
              onChange={() => set({ otherTarget: true })}
            />
            {t('pad.setup.targetOtherShort')}
          </label>
        </fieldset>
        {(s.otherTarget || !targets.includes(s.target)) && (
          <label className="field">
            <span>{t('pad.setup.targetOther')}</span>
            <input
              type="number"
              inputMode="numeric"
              min={1}
              max={100000}
              value={String(s.target)}
              onChange={(e) => set({ target: Math.trunc(Number(e.target.value)) || 0 })}
            />
          </label>
        )}

        <details className="options">
          <summary>
            {t('pad.setup.options')} ·{' '}
            <span className="muted">{rulesSummary(t, { ...DEFAULT_RULES, ...rules })}</span>
          </summary>
          <div className="rules-options">
            <label className="field">
              <span>{t('rules.moon')}</span>
              <select value={s.moon} onChange={(e) => set({ moon: e.target.value as MoonRule })}>
                {MOONS.map((m) => (
                  <option key={m} value={m}>
                    {t(`rules.moons.${m}`, { points: moonPointsOf(rules) })}
                  </option>
                ))}
              </select>
            </label>
            <label className="field">
              <span>{t('rules.ties')}</span>
              <select value={s.ties} onChange={(e) => set({ ties: e.target.value as TieRule })}>
                {TIES.map((v) => (
                  <option key={v} value={v}>
                    {t(`rules.tiesValues.${v}`)}
                  </option>
                ))}
              </select>
            </label>
            <label className="field check">
              <input
                type="checkbox"
                checked={s.omnibus}
                onChange={(e) => set({ omnibus: e.target.checked })}
              />
              <span>{t('rules.jackOfDiamonds')}</span>
            </label>
            <label className="field check">
              <input
                type="checkbox"
                checked={s.spot}
                onChange={(e) => {
                  const spot = e.target.checked;
                  // Spot hearts count five times as much: its usual target is 500.
                  const target = spot && s.target <= 100 ? 500 : !spot && s.target === 500 ? 50 : s.target;
                  set({ spot, target, otherTarget: false });
                }}
              />
              <span>{t('pad.setup.spot')}</span>
            </label>
            <label className="field check">
              <input
                type="checkbox"
                checked={s.blackMaria}
                onChange={(e) => set({ blackMaria: e.target.checked })}
              />
              <span>{t('rules.blackMariaSpades')}</span>
            </label>
            <label className="field check">
              <input type="checkbox" checked={s.seven} onChange={(e) => set({ seven: e.target.checked })} />
              <span>{t('rules.sevenOfDie')}</span>
            </label>
            <label className="field">
              <span>{t('pad.setup.passing')}</span>
              <select value={s.passing} onChange={(e) => set({ passing: e.target.value as Passing })}>
                {PASSING.map((p) => (
                  <option key={p} value={p}>
                    {p === 'none' ? t('pad.setup.noPassing') : t(`rules.passCycles.${p}`)}
                  </option>
                ))}
              </select>
            </label>
            <label className="field">
              <span>{t('rules.handsToPlay')}</span>
              <input
                type="number"
                inputMode="numeric"
                min={0}
                max={1000}
                value={String(s.handsToPlay)}
                onChange={(e) => set({ handsToPlay: Math.trunc(Number(e.target.value)) || 0 })}
              />
            </label>
          </div>
        </details>

        {error && (
          <p className="error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="primary big">
          {t('pad.setup.create')}
        </button>
      </form>
    </PadPage>
  );
}
