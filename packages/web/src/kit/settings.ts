/**
 * What the player chose, remembered on the device: language, look, speed, bots and the game options.
 *
 * ```ts
 * const s = loadSettings(browserStore(), 'de-AT'); // German when nothing is stored yet
 * saveSettings(store, { ...s, fourColor: true });
 * ```
 */
import { BROWSER_BOT_TIME_MS, LEVELS, type Level } from '@hearts/bots';
import { PRESET_NAMES, parseRules, preset, rulesDiff, type Rules } from '@hearts/engine';
import { LANGS, type Lang } from './cards';
import { isObject, readJson, writeJson, type KeyValueStore } from './storage';

export const SPEEDS = ['slow', 'normal', 'fast', 'instant'] as const;
export type Speed = (typeof SPEEDS)[number];
export const CARD_BACKS = ['classic', 'blue', 'green'] as const;
export type CardBack = (typeof CARD_BACKS)[number];

export interface Settings {
  readonly lang: Lang; // UI language
  readonly level: Level; // the bots' level
  readonly rules: Partial<Rules>; // game options that differ from the standard rules
  readonly preset: string; // the preset the options came from, or 'custom'
  readonly fourColor: boolean; // ♣ green, ♦ blue
  readonly cardBack: CardBack;
  readonly speed: Speed; // animation and bot pacing
  readonly reduceMotion: boolean; // no movement, only fades
  readonly hints: boolean; // show the "what would expert play?" button
  readonly sound: boolean; // the table's sounds (off by default)
}

export const SETTINGS_KEY = 'hearts.settings';

/** The browser's language, if it is one we speak, else English. */
export function langFrom(navigatorLang: string | undefined): Lang {
  return navigatorLang?.toLowerCase().startsWith('de') ? 'de' : 'en';
}

export function defaultSettings(navigatorLang?: string): Settings {
  return {
    lang: langFrom(navigatorLang),
    level: 'medium',
    rules: {},
    preset: 'standard',
    fourColor: false,
    cardBack: 'classic',
    speed: 'normal',
    reduceMotion: false,
    hints: true,
    sound: false,
  };
}

const oneOf = <T extends string>(xs: readonly T[], v: unknown, fallback: T): T =>
  (xs as readonly unknown[]).includes(v) ? (v as T) : fallback;

/** Reads stored settings; anything missing or invalid falls back to its default. */
export function parseSettings(input: unknown, navigatorLang?: string): Settings {
  const d = defaultSettings(navigatorLang);
  if (!isObject(input)) return d;
  const rules = parseRules(input['rules']);
  return {
    lang: oneOf(LANGS, input['lang'], d.lang),
    level: oneOf(LEVELS, input['level'], d.level),
    rules: rules.ok ? rulesDiff(rules.value) : d.rules,
    preset: rules.ok && typeof input['preset'] === 'string' ? input['preset'] : d.preset,
    fourColor: typeof input['fourColor'] === 'boolean' ? input['fourColor'] : d.fourColor,
    cardBack: oneOf(CARD_BACKS, input['cardBack'], d.cardBack),
    speed: oneOf(SPEEDS, input['speed'], d.speed),
    reduceMotion: typeof input['reduceMotion'] === 'boolean' ? input['reduceMotion'] : d.reduceMotion,
    hints: typeof input['hints'] === 'boolean' ? input['hints'] : d.hints,
    sound: typeof input['sound'] === 'boolean' ? input['sound'] : d.sound,
  };
}

export const loadSettings = (store: KeyValueStore, navigatorLang?: string): Settings =>
  parseSettings(readJson(store, SETTINGS_KEY), navigatorLang);

export const saveSettings = (store: KeyValueStore, s: Settings): void => writeJson(store, SETTINGS_KEY, s);

/** Timings in ms for a speed: card flight, how long a full trick stays, the least time between bot moves. */
export interface Timing {
  readonly move: number;
  readonly hold: number;
  readonly pace: number;
}

export function timing(speed: Speed, reduceMotion: boolean): Timing {
  const t: Timing =
    speed === 'slow'
      ? { move: 300, hold: 1400, pace: 700 }
      : speed === 'normal'
        ? { move: 220, hold: 900, pace: 420 }
        : speed === 'fast'
          ? { move: 150, hold: 500, pace: 200 }
          : { move: 0, hold: 0, pace: 0 };
  return reduceMotion ? { ...t, move: 0 } : t;
}

/** A bot's thinking budget per decision, by level. */
export function botBudgetMs(level: Level): number {
  switch (level) {
    case 'random':
    case 'easy':
      return 100;
    case 'medium':
      return 250;
    default:
      return BROWSER_BOT_TIME_MS; // hard and expert: the search bots
  }
}

/** The preset whose options are exactly these (for the player count they name), or 'custom'. */
export function presetOf(rules: Partial<Rules>): string {
  const r = parseRules(rules);
  if (!r.ok) return 'custom';
  const key = JSON.stringify(rulesDiff(r.value));
  for (const name of PRESET_NAMES) {
    const p = parseRules(preset(name, r.value.players));
    if (p.ok && JSON.stringify(rulesDiff(p.value)) === key) return name;
  }
  return 'custom';
}
