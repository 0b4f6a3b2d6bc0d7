/**
 * The rules of the game and every option of the options screen explained, with real cards. Every number shown
 * (what a card counts, the moon's value, the cards taken out, who leads, the pass directions) comes from the
 * engine for the rules at hand: nothing of the game's rules is written here.
 *
 * ```tsx
 * <RuleSection id={SECTION_OF.jackOfDiamonds} rules={tableRules} where="table" />
 * ```
 */
import {
  makeCard,
  DEFAULT_REMOVED,
  DEFAULT_RULES,
  DIE_SUITS,
  PRESET_NAMES,
  SEVEN_OF_DIE_POINTS,
  compiledRules,
  deckOf,
  lowestClub,
  moonCardsOf,
  parseCard,
  parseRules,
  preset,
  sevenOf,
  tricksPerHand,
  winningIndex,
  type CardName,
  type PresetName,
  type RuleName,
  type Rules,
} from '@hearts/engine';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { cardLabel, cardShort, cardsShort, type Lang } from '../../kit/cards';
import { CardFace } from '../../kit/CardSvg';
import { useApp } from '../../kit/context';
import { DieIcon, DirectionArrow } from '../../kit/icons';
import { OFFERED_OPTIONS, ruleLines, ruleValue } from '../../kit/RulesOptions';
import { directionText } from '../TableParts';
import { passSequence, pointsOf, signed } from './facts';
import './rules.css';

export { passSequence, pointsOf, signed };

/** The sections of the rules, in reading order. */
export const SECTION_IDS = [
  'basics',
  'scoring',
  'players',
  'passing',
  'firstLead',
  'firstTrick',
  'hearts',
  'moon',
  'end',
  'omnibus',
  'spot',
  'blackMaria',
  'sevenOfDie',
  'presets',
] as const;
export type SectionId = (typeof SECTION_IDS)[number];

/** Where each rule option is explained. */
export const SECTION_OF: Readonly<Record<RuleName, SectionId>> = {
  players: 'players',
  removedCards: 'players',
  passCards: 'passing',
  passCycle: 'passing',
  targetScore: 'end',
  handsToPlay: 'end',
  ties: 'end',
  moon: 'moon',
  firstLead: 'firstLead',
  heartValues: 'spot',
  queenPoints: 'spot',
  heartsMustBeBroken: 'hearts',
  queenBreaksHearts: 'hearts',
  pointsOnFirstTrick: 'firstTrick',
  jackOfDiamonds: 'omnibus',
  blackMariaSpades: 'blackMaria',
  sevenOfDie: 'sevenOfDie',
};

/** The full rules of a (partial) rule set; the standard rules when it is not valid. */
export function fullRules(rules: Partial<Rules>): Rules {
  const r = parseRules(rules);
  return r.ok ? r.value : DEFAULT_RULES;
}

/** A preset's full rules (for `players` seats, which only Papayoo reads). */
export const presetRules = (name: PresetName, players = 4): Rules => fullRules(preset(name, players));

/** The points a set of cards holds under `rules`. */
const sumPoints = (rules: Rules, cards: Iterable<CardName>): number =>
  [...cards].reduce((s, c) => s + pointsOf(rules, c), 0);

/** One card of a picture: its face, and a badge, a caption, dimmed or marked as the trick's winner. */
export interface Pic {
  readonly card: CardName;
  readonly badge?: string;
  readonly caption?: React.ReactNode;
  readonly dim?: boolean;
  readonly win?: boolean;
}

/** A row of real cards (decorative; the text beside says the same in words). */
export function CardRow({ cards, small, label }: { cards: readonly Pic[]; small?: boolean; label?: string }) {
  const { settings } = useApp();
  return (
    <figure
      className={`rule-cards${small ? ' small' : ''}`}
      aria-label={label}
      role={label ? 'img' : undefined}
    >
      {cards.map((p) => (
        <div
          key={p.card}
          className={`rule-card${p.dim ? ' dimmed' : ''}${p.win ? ' win' : ''}`}
          data-card={p.card}
          aria-hidden={label ? true : undefined}
        >
          <div className="card sample">
            <CardFace card={p.card} lang={settings.lang} fourColor={settings.fourColor} />
          </div>
          {p.badge !== undefined && <span className="rule-badge">{p.badge}</span>}
          {p.caption !== undefined && <span className="rule-caption">{p.caption}</span>}
        </div>
      ))}
    </figure>
  );
}

/** Cards with what they count under `rules` as badges. */
const counted = (rules: Rules, cards: readonly CardName[]): Pic[] =>
  cards.map((card) => ({ card, badge: signed(pointsOf(rules, card)) }));

const NAMES = ['Anna', 'Ben', 'Carla', 'Dan'] as const;

/**
 * An example trick of four players: who played what, who takes it (the engine's trick winner) and what it holds.
 */
function ExampleTrick({ rules, cards, text }: { rules: Rules; cards: readonly CardName[]; text: string }) {
  const { t, i18n } = useTranslation();
  const lang: Lang = i18n.language === 'de' ? 'de' : 'en';
  const won = winningIndex(cards.map((c) => parseCard(c)!));
  const points = sumPoints(rules, cards);
  const values: Record<string, string | number> = {
    winner: NAMES[won]!,
    points: signed(points),
  };
  // In the middle of an English sentence: "the queen of spades".
  cards.forEach((c, i) => {
    const label = cardLabel(c, lang);
    values[`c${i + 1}`] = lang === 'en' ? label.toLowerCase() : label;
  });
  return (
    <div className="rule-example" data-example-winner={NAMES[won]} data-example-points={points}>
      <CardRow
        cards={cards.map((card, i) => ({ card, caption: NAMES[i], win: i === won }))}
        label={t('rulesPage.exampleLabel', { winner: NAMES[won], points: signed(points) })}
      />
      <p>
        <strong>{t('rulesPage.example')}:</strong> {t(text, values)}
      </p>
    </div>
  );
}

function PassCycles({ rules }: { rules: Rules }) {
  const { t } = useTranslation();
  return (
    <dl className="rule-values">
      {(['standard', 'rotate', 'left', 'right'] as const).map((cycle) => {
        const seq = passSequence({ ...rules, passCycle: cycle, passCards: rules.passCards || 3 });
        return (
          <div key={cycle} data-value={cycle}>
            <dt>{t(`rules.passCycles.${cycle}`)}</dt>
            <dd>
              <span
                className="rule-arrows"
                role="img"
                aria-label={seq.map((d) => directionText(t, d)).join(', ')}
              >
                {seq.map((d, i) => (
                  <span key={i} aria-hidden="true">
                    <DirectionArrow kind={d.kind === 'seats' ? 'left' : d.kind} size={20} />
                    <small>{directionText(t, d)}</small>
                  </span>
                ))}
              </span>
              {t(`rulesPage.passing.cycles.${cycle}`)}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

/** The rules' cards for 3, 4, 5 and 6 players: what is taken out, how many cards each, who leads. */
function PlayerCounts() {
  const { t, i18n } = useTranslation();
  const lang: Lang = i18n.language === 'de' ? 'de' : 'en';
  return (
    <table className="rule-players">
      <thead>
        <tr>
          <th scope="col">{t('rules.players')}</th>
          <th scope="col">{t('rules.removedCards')}</th>
          <th scope="col">{t('rulesPage.players.each')}</th>
          <th scope="col">{t('rulesPage.players.leads')}</th>
        </tr>
      </thead>
      <tbody>
        {[3, 4, 5, 6].map((n) => {
          const r = fullRules({ players: n });
          const removed = DEFAULT_REMOVED[n] ?? [];
          const lead = lowestClub(r);
          return (
            <tr key={n} data-players={n}>
              <th scope="row">{n}</th>
              <td>
                {removed.length ? (
                  <CardRow
                    small
                    cards={removed.map((card) => ({ card }))}
                    label={cardsShort(removed, lang)}
                  />
                ) : (
                  t('rules.none')
                )}
              </td>
              <td>{tricksPerHand(r)}</td>
              <td>{lead === undefined ? '—' : cardShort(makeCard(lead), lang)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** One section's own text and pictures, for `rules` (the table's, or those chosen for the next game). */
function SectionBody({ id, rules }: { id: SectionId; rules: Rules }) {
  const { t, i18n } = useTranslation();
  const lang: Lang = i18n.language === 'de' ? 'de' : 'en';
  const std = DEFAULT_RULES;
  switch (id) {
    case 'basics':
      return (
        <>
          <p>{t('rulesPage.basics.text', { tricks: tricksPerHand(rules) })}</p>
          <ExampleTrick rules={rules} cards={['5D', 'KD', '9D', 'QS']} text="rulesPage.basics.example" />
        </>
      );
    case 'scoring': {
      const deck = deckOf(rules).names();
      const cards: CardName[] = ['2H', '7H', 'AH', 'QS', 'KS'];
      return (
        <>
          <CardRow
            cards={counted(
              rules,
              cards.filter((c) => deck.includes(c)),
            )}
          />
          <p>
            {t('rulesPage.scoring.text', {
              heart:
                pointsOf(rules, 'AH') === pointsOf(rules, '2H')
                  ? pointsOf(rules, '2H')
                  : `${pointsOf(rules, '2H')}–${pointsOf(rules, 'AH')}`,
              queen: pointsOf(rules, 'QS'),
              total: sumPoints(rules, deck),
            })}
          </p>
        </>
      );
    }
    case 'players': {
      const bm = fullRules({ players: 3, removedCards: ['2C'] });
      const bmLead = lowestClub(bm);
      return (
        <>
          <p>{t('rulesPage.players.text')}</p>
          <PlayerCounts />
          <p className="muted">
            {t('rulesPage.players.three', {
              removed: cardsShort(bm.removedCards, lang),
              lead: bmLead === undefined ? '—' : cardShort(makeCard(bmLead), lang),
            })}
          </p>
        </>
      );
    }
    case 'passing':
      return (
        <>
          <p>{t('rulesPage.passing.text', { n: rules.passCards || std.passCards })}</p>
          <p className="muted">{t('rulesPage.passing.forPlayers', { n: rules.players })}</p>
          <PassCycles rules={rules} />
        </>
      );
    case 'firstLead': {
      const low = lowestClub(rules);
      const lowName = low === undefined ? null : makeCard(low);
      return (
        <>
          {lowName && <CardRow cards={[{ card: lowName }]} />}
          <dl className="rule-values">
            {(['lowestClub', 'leftOfDealer', 'dealer'] as const).map((v) => (
              <div key={v} data-value={v}>
                <dt>{t(`rules.firstLeads.${v}`)}</dt>
                <dd>{t(`rulesPage.firstLead.${v}`, { card: lowName ? cardLabel(lowName, lang) : '—' })}</dd>
              </div>
            ))}
          </dl>
        </>
      );
    }
    case 'firstTrick': {
      const strict = { ...rules, pointsOnFirstTrick: false };
      const pts = ['7H', 'QS'] as const;
      return (
        <>
          <CardRow
            cards={[
              { card: '2C' },
              { card: '8D' },
              ...pts.map((card) => ({ card, dim: true, badge: signed(pointsOf(strict, card)) })),
            ]}
          />
          <p>{t('rulesPage.firstTrick.text')}</p>
        </>
      );
    }
    case 'hearts':
      return (
        <>
          <CardRow cards={[{ card: '4H' }, { card: 'QS' }]} />
          <p>{t('rulesPage.hearts.text')}</p>
        </>
      );
    case 'moon': {
      const cfg = compiledRules(rules);
      const moonCards = moonCardsOf(cfg).names();
      return (
        <>
          <CardRow small cards={moonCards.map((card) => ({ card }))} label={cardsShort(moonCards, lang)} />
          <p>
            {rules.moon === 'none' && cfg.moonValue === 0
              ? t('rulesPage.moon.noValue')
              : t('rulesPage.moon.text', { value: cfg.moonValue })}
          </p>
          <dl className="rule-values">
            {(
              ['othersPlus26', 'shooterMinus26', 'shooterChoice', 'othersPlus26UnlessLosing', 'none'] as const
            ).map((v) => (
              <div key={v} data-value={v}>
                <dt>{t(`rules.moons.${v}`, { points: cfg.moonValue })}</dt>
                <dd>{t(`rulesPage.moon.values.${v}`, { value: cfg.moonValue })}</dd>
              </div>
            ))}
          </dl>
        </>
      );
    }
    case 'end':
      return (
        <>
          <p>{t('rulesPage.end.text', { target: rules.targetScore })}</p>
          <dl className="rule-values">
            {(['shareWin', 'playOn'] as const).map((v) => (
              <div key={v} data-value={v}>
                <dt>{t(`rules.tiesValues.${v}`)}</dt>
                <dd>{t(`rulesPage.end.ties.${v}`)}</dd>
              </div>
            ))}
          </dl>
        </>
      );
    case 'omnibus': {
      const omni = { ...rules, ...preset('omnibus') };
      const jack = pointsOf(omni, 'JD');
      return (
        <>
          <CardRow cards={counted(omni, ['JD'])} />
          <p>{t('rulesPage.omnibus.text', { value: signed(jack) })}</p>
          <ExampleTrick rules={omni} cards={['4D', 'JD', '9D', '5H']} text="rulesPage.omnibus.example" />
        </>
      );
    }
    case 'spot': {
      const spot = presetRules('spot');
      const hearts = deckOf(spot)
        .names()
        .filter((c) => c.endsWith('H'));
      return (
        <>
          <CardRow small cards={counted(spot, [...hearts, 'QS'])} />
          <p>
            {t('rulesPage.spot.text', {
              low: pointsOf(spot, '2H'),
              high: pointsOf(spot, 'AH'),
              queen: pointsOf(spot, 'QS'),
              value: compiledRules(spot).moonValue,
              target: spot.targetScore,
            })}
          </p>
        </>
      );
    }
    case 'blackMaria': {
      const bm = presetRules('blackMaria');
      return (
        <>
          <CardRow cards={counted(bm, ['AS', 'KS', 'QS'])} />
          <p>
            {t('rulesPage.blackMaria.text', {
              king: pointsOf(bm, 'KS'),
              ace: pointsOf(bm, 'AS'),
              queen: pointsOf(bm, 'QS'),
            })}
          </p>
          <PresetLines name="blackMaria" />
        </>
      );
    }
    case 'sevenOfDie': {
      // The die's faces (1..6) by the suit they pick, in the order the die names them.
      const suits = [...new Set(DIE_SUITS)];
      const faces = suits.map((suit) => {
        const f = DIE_SUITS.flatMap((s, i) => (s === suit ? [i + 1] : []));
        return { suit, from: f[0]!, to: f[f.length - 1]! };
      });
      return (
        <>
          <CardRow
            cards={faces.map((f) => ({
              card: makeCard(sevenOf(f.suit)),
              caption: (
                <>
                  <DieIcon label={t('rulesPage.sevenOfDie.die')} />{' '}
                  {f.from === f.to ? f.from : `${f.from}–${f.to}`}
                </>
              ),
              badge: signed(SEVEN_OF_DIE_POINTS),
            }))}
          />
          <p>{t('rulesPage.sevenOfDie.text', { points: SEVEN_OF_DIE_POINTS })}</p>
        </>
      );
    }
    case 'presets':
      return (
        <>
          <p>{t('rulesPage.presets.text')}</p>
          <dl className="rule-values">
            {PRESET_NAMES.map((name) => (
              <div key={name} data-value={name}>
                <dt>{t(`rules.presets.${name}`)}</dt>
                <dd>
                  <PresetLines name={name} />
                </dd>
              </div>
            ))}
          </dl>
        </>
      );
  }
}

/** What a preset sets, in the words of the options screen. */
function PresetLines({ name }: { name: PresetName }) {
  const { t, i18n } = useTranslation();
  const lang: Lang = i18n.language === 'de' ? 'de' : 'en';
  const lines = ruleLines(t, lang, preset(name));
  return <span className="preset-lines">{lines.map((l) => `${l.label}: ${l.value}`).join(' · ')}</span>;
}

/** Whose rules a section speaks of: a table's (the options in force) or the next game's (the settings). */
export type RulesWhere = 'table' | 'page';

/** The options explained in a section: each with its explanation, the standard and the value in force. */
function SectionOptions({ id, rules, where }: { id: SectionId; rules: Rules; where: RulesWhere }) {
  const { t, i18n } = useTranslation();
  const lang: Lang = i18n.language === 'de' ? 'de' : 'en';
  const names = OFFERED_OPTIONS.filter((n) => SECTION_OF[n] === id);
  if (names.length === 0) return null;
  return (
    <div className="rule-options">
      {names.map((name) => {
        // The standard's removed cards are those of the table's player count; every other option has one default.
        const std = name === 'removedCards' ? fullRules({ players: rules.players }) : DEFAULT_RULES;
        const standard = ruleValue(t, lang, std, name);
        const now = ruleValue(t, lang, rules, name);
        return (
          <div key={name} className="rule-option" id={`rule-${name}`} data-option={name}>
            <h3>{t(`rules.${name}`)}</h3>
            <p>{t(`rulesPage.options.${name}`)}</p>
            <p className="muted rule-standard">
              {t('rulesPage.standardIs', { value: standard })}
              {now !== standard && (
                <>
                  {' · '}
                  <strong>
                    {t(where === 'table' ? 'rulesPage.hereIs' : 'rulesPage.chosenIs', { value: now })}
                  </strong>
                </>
              )}
            </p>
          </div>
        );
      })}
    </div>
  );
}

/** A section: its title, text and pictures, and the options it explains. */
export function RuleSection({ id, rules, where }: { id: SectionId; rules: Rules; where: RulesWhere }) {
  const { t } = useTranslation();
  return (
    <section className="help-section rules-section" id={`rules-${id}`} data-section={id}>
      <h2>{t(`rulesPage.sections.${id}`)}</h2>
      <SectionBody id={id} rules={rules} />
      <SectionOptions id={id} rules={rules} where={where} />
    </section>
  );
}

/** The section title's key, for links. */
export const sectionTitle = (t: TFunction, id: SectionId): string => t(`rulesPage.sections.${id}`);
