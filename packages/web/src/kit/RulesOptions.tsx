import {
  DEFAULT_REMOVED,
  DEFAULT_RULES,
  PRESET_NAMES,
  moonPoints,
  parseRules,
  preset,
  rulesDiff,
  type CardName,
  type PresetName,
  type Rules,
  type RulesError,
} from '@hearts/engine';
import type { TFunction } from 'i18next';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cardsShort, type Lang } from './cards';
import { presetOf } from './settings';

export interface RulesChoice {
  readonly rules: Partial<Rules>;
  readonly preset: string;
}

/** The rules a choice stands for, or why they cannot be played. */
export function checkRules(rules: Partial<Rules>) {
  return parseRules(rules);
}

/**
 * What a moon is worth under these options, as the engine counts it (`{{points}}` of the moon options' labels).
 * Options that do not fit together are left at their defaults for this, one by one, so the others still count.
 */
export function moonPointsOf(rules: Partial<Rules>): number {
  const r: Record<string, unknown> = { ...rules };
  for (;;) {
    const parsed = parseRules(r);
    if (parsed.ok) return moonPoints(parsed.value);
    if (!(parsed.error.option in r)) return moonPoints(DEFAULT_RULES);
    delete r[parsed.error.option];
  }
}

type Field =
  | { name: keyof Rules; kind: 'select'; values: readonly (string | number)[]; labels?: string }
  | { name: keyof Rules; kind: 'bool' }
  | { name: keyof Rules; kind: 'number'; min: number; max: number };

const FIELDS: readonly Field[] = [
  { name: 'players', kind: 'select', values: [3, 4, 5, 6] },
  { name: 'removedCards', kind: 'select', values: [] },
  { name: 'passCards', kind: 'select', values: [0, 1, 2, 3, 4, 5] },
  {
    name: 'passCycle',
    kind: 'select',
    values: ['standard', 'rotate', 'left', 'right'],
    labels: 'passCycles',
  },
  { name: 'targetScore', kind: 'number', min: 1, max: 100000 },
  { name: 'handsToPlay', kind: 'number', min: 0, max: 1000 },
  {
    name: 'moon',
    kind: 'select',
    values: ['othersPlus26', 'shooterMinus26', 'shooterChoice', 'othersPlus26UnlessLosing', 'none'],
    labels: 'moons',
  },
  { name: 'ties', kind: 'select', values: ['shareWin', 'playOn'], labels: 'tiesValues' },
  {
    name: 'firstLead',
    kind: 'select',
    values: ['lowestClub', 'leftOfDealer', 'dealer'],
    labels: 'firstLeads',
  },
  { name: 'heartValues', kind: 'select', values: ['one', 'rank'], labels: 'heartValuesValues' },
  { name: 'queenPoints', kind: 'select', values: [13, 25, 0] },
  { name: 'heartsMustBeBroken', kind: 'bool' },
  { name: 'pointsOnFirstTrick', kind: 'bool' },
  { name: 'queenBreaksHearts', kind: 'bool' },
  { name: 'jackOfDiamonds', kind: 'bool' },
  { name: 'blackMariaSpades', kind: 'bool' },
  { name: 'sevenOfDie', kind: 'bool' },
];

/**
 * Why rules are refused, in words: a number option out of its range names the range ("Play to (points): a whole
 * number from 1 to 100000"); other options that do not fit together (too many cards passed, no club to lead) name
 * the option that does not fit.
 */
export function rulesProblemText(t: TFunction, error: RulesError): string {
  const option = t(`rules.${error.option}`, { defaultValue: error.option });
  const f = FIELDS.find((x) => x.name === error.option);
  if (f?.kind === 'number') return t('start.invalidRange', { option, min: f.min, max: f.max });
  return t('start.invalid', { option });
}

/** Every rule option the options screen offers, in its order (each has its explanation on the rules page). */
export const OFFERED_OPTIONS: readonly (keyof Rules)[] = FIELDS.map((f) => f.name);

/** Which cards may be taken out for a player count: the standard choice first. */
function removedChoices(players: number): string[][] {
  const std = [...(DEFAULT_REMOVED[players] ?? [])];
  return players === 3 ? [std, ['2C']] : [std];
}

/**
 * Every rule option of RULES.md for a solo game: a preset, then each option on its own (less those in `omit`,
 * which the game fixes itself: a tournament's players and hands).
 */
export function RulesOptions({
  value,
  onChange,
  omit = [],
}: {
  value: RulesChoice;
  onChange: (c: RulesChoice) => void;
  omit?: readonly (keyof Rules)[];
}) {
  const { t, i18n } = useTranslation();
  const lang: Lang = i18n.language === 'de' ? 'de' : 'en';
  const id = useId();
  const parsed = parseRules(value.rules);
  const full: Rules = parsed.ok ? parsed.value : { ...DEFAULT_RULES, ...value.rules };
  const points = moonPointsOf(value.rules);
  const set = (patch: Partial<Rules>) => {
    const next: Record<string, unknown> = { ...value.rules, ...patch };
    if ('players' in patch) delete next['removedCards'];
    const r = parseRules(next);
    const rules = r.ok ? rulesDiff(r.value) : (next as Partial<Rules>);
    onChange({ rules, preset: presetOf(rules) });
  };
  const choosePreset = (name: string) => {
    if (name === 'custom') return onChange({ ...value, preset: 'custom' });
    const p = preset(name as PresetName, full.players);
    const r = parseRules(p);
    onChange({ rules: r.ok ? rulesDiff(r.value) : p, preset: name });
  };

  return (
    <div className="rules-options">
      <label className="field">
        <span>{t('rules.preset')}</span>
        <select value={value.preset} onChange={(e) => choosePreset(e.target.value)}>
          {PRESET_NAMES.map((p) => (
            <option key={p} value={p}>
              {t(`rules.presets.${p}`)}
            </option>
          ))}
          <option value="custom">{t('rules.custom')}</option>
        </select>
      </label>
      {FIELDS.filter((f) => !omit.includes(f.name)).map((f) => {
        const fid = `${id}-${f.name}`;
        const label = t(`rules.${f.name}`);
        // The option the refusal names is marked and points to the reason.
        const wrong =
          !parsed.ok && parsed.error.option === f.name
            ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-invalid` }
            : {};
        if (f.kind === 'bool') {
          const checked = f.name === 'jackOfDiamonds' ? full.jackOfDiamonds !== 0 : Boolean(full[f.name]);
          return (
            <label className="field check" key={f.name}>
              <input
                id={fid}
                type="checkbox"
                checked={checked}
                onChange={(e) =>
                  set({
                    [f.name]: f.name === 'jackOfDiamonds' ? (e.target.checked ? -10 : 0) : e.target.checked,
                  })
                }
              />
              <span>{label}</span>
            </label>
          );
        }
        if (f.kind === 'number') {
          return (
            <label className="field" key={f.name}>
              <span>{label}</span>
              <input
                id={fid}
                {...wrong}
                type="number"
                inputMode="numeric"
                min={f.min}
                max={f.max}
                value={String(full[f.name])}
                onChange={(e) => {
                  // What is typed is kept as it is, so a wrong value shows as wrong (and Play says why)
                  // instead of the field quietly keeping or turning into another number.
                  const raw = e.target.value.trim();
                  const v = raw === '' ? NaN : Number(raw);
                  set({ [f.name]: Number.isInteger(v) ? v : raw });
                }}
              />
            </label>
          );
        }
        if (f.name === 'removedCards') {
          const choices = removedChoices(full.players);
          const current = full.removedCards.join(' ');
          return (
            <label className="field" key={f.name}>
              <span>{label}</span>
              <select
                id={fid}
                {...wrong}
                value={current}
                disabled={choices.length < 2}
                onChange={(e) =>
                  set({
                    removedCards:
                      e.target.value === '' ? [] : (e.target.value.split(' ') as Rules['removedCards']),
                  })
                }
              >
                {choices.map((c) => (
                  <option key={c.join(' ')} value={c.join(' ')}>
                    {c.length === 0 ? t('rules.none') : cardsShort(c as CardName[], lang)}
                  </option>
                ))}
                {!choices.some((c) => c.join(' ') === current) && (
                  <option value={current}>{cardsShort(full.removedCards, lang)}</option>
                )}
              </select>
            </label>
          );
        }
        return (
          <label className="field" key={f.name}>
            <span>{label}</span>
            <select
              id={fid}
              {...wrong}
              value={String(full[f.name])}
              onChange={(e) => {
                const raw = e.target.value;
                set({ [f.name]: typeof f.values[0] === 'number' ? Number(raw) : raw });
              }}
            >
              {f.values.map((v) => (
                <option key={String(v)} value={String(v)}>
                  {f.labels ? t(`rules.${f.labels}.${v}`, { points }) : String(v)}
                </option>
              ))}
            </select>
          </label>
        );
      })}
      {!parsed.ok && (
        <p className="error" role="alert" id={`${id}-invalid`}>
          {rulesProblemText(t, parsed.error)}
        </p>
      )}
      <button type="button" className="link" onClick={() => onChange({ rules: {}, preset: 'standard' })}>
        {t('rules.reset')}
      </button>
    </div>
  );
}

/** One line of the rules in words: an option's name and its value, in the words of the options screen. */
export interface RuleLine {
  readonly name: keyof Rules;
  readonly label: string;
  readonly value: string;
}

/** The rule options always told, whatever their value. */
const ALWAYS: readonly (keyof Rules)[] = ['players', 'targetScore'];

/**
 * The rules in words, for those who do not choose them: the players and the target score always (the number of
 * hands instead, where it decides the end: then the target score counts for nothing), then every option that
 * differs from the defaults, in the order and with the names of the options screen.
 */
export function ruleLines(t: TFunction, lang: Lang, rules: Partial<Rules>): RuleLine[] {
  const parsed = parseRules(rules);
  const full: Rules = parsed.ok ? parsed.value : { ...DEFAULT_RULES, ...rules };
  const differ = new Set(Object.keys(rulesDiff(full)));
  const byHands = full.handsToPlay > 0; // the engine's gameEnd: a number of hands ends the game, not a score
  const told = (name: keyof Rules) =>
    name === 'targetScore' ? !byHands : ALWAYS.includes(name) || differ.has(name);
  return FIELDS.filter((f) => told(f.name)).map((f) => ({
    name: f.name,
    label: t(`rules.${f.name}`),
    value: ruleValue(t, lang, full, f.name),
  }));
}

/** One option's value in the words of the options screen ("yes", "2♦", "Others +26" — the moon's points). */
export function ruleValue(t: TFunction, lang: Lang, full: Rules, name: keyof Rules): string {
  const f = FIELDS.find((x) => x.name === name);
  const v = full[name];
  if (name === 'removedCards')
    return full.removedCards.length ? cardsShort(full.removedCards, lang) : t('rules.none');
  if (f?.kind === 'bool') return t(v === false || v === 0 ? 'rules.no' : 'rules.yes');
  if (f?.kind === 'select' && f.labels)
    return t(`rules.${f.labels}.${String(v)}`, { points: moonPointsOf(full) });
  return String(v);
}

/** The chosen rules, read-only: the rule set's name when it is one, then {@link ruleLines}. */
export function RulesSummary({ rules }: { rules: Partial<Rules> }) {
  const { t, i18n } = useTranslation();
  const lang: Lang = i18n.language === 'de' ? 'de' : 'en';
  const name = presetOf(rules);
  return (
    <dl className="rules-summary">
      <div>
        <dt>{t('rules.preset')}</dt>
        <dd>{name === 'custom' ? t('rules.custom') : t(`rules.presets.${name}`)}</dd>
      </div>
      {ruleLines(t, lang, rules).map((l) => (
        <div key={l.name} data-rule={l.name}>
          <dt>{l.label}</dt>
          <dd>{l.value}</dd>
        </div>
      ))}
    </dl>
  );
}
