import {
  DEFAULT_RULES,
  DIE_SUITS,
  SEVEN_OF_DIE_POINTS,
  compiledRules,
  deckOf,
  lowestClub,
  makeCard,
  moonCardsOf,
  parseRules,
  sevenOf,
  tricksPerHand,
  type CardName,
  type Rules,
} from '@hearts/engine';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { cardLabel, cardShort, cardsShort, sortHand, type Lang } from '../../kit/cards';
import { CardFace } from '../../kit/CardSvg';
import { useApp } from '../../kit/context';
import { DieIcon, DirectionArrow } from '../../kit/icons';
import { Page } from '../../kit/Page';
import { passSequence, pointsOf, signed } from '../../table/rules/facts';
import { directionText } from '../../table/TableParts';

/** One card of a picture: dimmed, or with what it counts (and when) beneath. */
interface Sample {
  readonly card: CardName;
  readonly dim?: boolean;
  readonly badge?: string;
  readonly caption?: React.ReactNode;
}

function Cards({ cards }: { cards: readonly Sample[] }) {
  const { settings } = useApp();
  return (
    <div className="help-cards" aria-hidden="true">
      {cards.map((c) => (
        <div key={c.card} className="help-card" data-card={c.card}>
          <div className={`card sample${c.dim ? ' dimmed' : ''}`}>
            <CardFace card={c.card} lang={settings.lang} fourColor={settings.fourColor} />
          </div>
          {c.badge !== undefined && <span className="help-badge">{c.badge}</span>}
          {c.caption !== undefined && <small className="help-caption">{c.caption}</small>}
        </div>
      ))}
    </div>
  );
}

/** Cards that may count something, in the order the goal's picture shows them (those counting nothing are left out). */
const COUNTING: readonly CardName[] = ['2H', '9H', 'AH', 'QS', 'KS', 'AS', 'JD'];

/** The sevens the die picks, each with its faces ("1–2"), in the die's order. */
const DIE_SEVENS: readonly { card: CardName; faces: string }[] = [...new Set(DIE_SUITS)].map((suit) => {
  const f = DIE_SUITS.flatMap((s, i) => (s === suit ? [i + 1] : []));
  return { card: makeCard(sevenOf(suit)), faces: f.length > 1 ? `${f[0]}–${f[f.length - 1]}` : `${f[0]}` };
});

/** The goal's picture: the cards that count under `rules` (a few hearts for all of them), with their points. */
function goalCards(rules: Rules): Sample[] {
  const deck = deckOf(rules).names();
  const cards: Sample[] = COUNTING.filter((c) => deck.includes(c) && pointsOf(rules, c) !== 0).map(
    (card) => ({
      card,
      badge: signed(pointsOf(rules, card)),
    }),
  );
  if (rules.sevenOfDie)
    for (const s of DIE_SEVENS)
      cards.push({
        card: s.card,
        badge: signed(SEVEN_OF_DIE_POINTS),
        caption: (
          <>
            <DieIcon /> {s.faces}
          </>
        ),
      });
  return cards;
}

/** The goal in words: what the cards count under `rules`, and how the game ends. */
function goalTexts(t: TFunction, rules: Rules, lang: Lang): string[] {
  const heart = pointsOf(rules, '2H');
  const ace = pointsOf(rules, 'AH');
  const queen = pointsOf(rules, 'QS');
  const out = [
    t('help.goalText'),
    heart === ace
      ? t(queen ? 'help.heartsOne' : 'help.heartsOneNoQueen', { count: heart, queen })
      : t(queen ? 'help.heartsRank' : 'help.heartsRankNoQueen', { low: heart, high: ace, queen }),
  ];
  const jack = pointsOf(rules, 'JD');
  if (jack) out.push(t('help.jack', { points: signed(jack) }));
  const king = pointsOf(rules, 'KS');
  const spadeAce = pointsOf(rules, 'AS');
  if (king || spadeAce) out.push(t('help.blackMaria', { king, ace: spadeAce }));
  if (rules.sevenOfDie) {
    const faces = DIE_SEVENS.map((s) => `${s.faces}: ${cardShort(s.card, lang)}`).join(', ');
    out.push(t('help.die', { faces, points: SEVEN_OF_DIE_POINTS }));
  }
  out.push(
    rules.handsToPlay > 0
      ? t('help.endHands', { count: rules.handsToPlay })
      : t('help.endTarget', { target: rules.targetScore }),
    t(rules.ties === 'playOn' ? 'help.tiesPlayOn' : 'help.tiesShareWin'),
  );
  return out;
}

/** How the cards are passed under `rules`: how many, and in which directions hand by hand. */
function passText(t: TFunction, rules: Rules): string {
  if (rules.passCards === 0) return t('help.passNever');
  const seq = passSequence(rules);
  const count = rules.passCards;
  if (seq.length === 1) return t('help.passAlways', { count, direction: directionText(t, seq[0]!) });
  const directions = seq
    .map((d, i) =>
      t(i === 0 ? 'help.passFirst' : 'help.passThen', {
        direction: d.kind === 'none' ? t('help.passNotAtAll') : directionText(t, d),
      }),
    )
    .join(', ');
  return t('help.passCycle', { count, directions });
}

/** A card's name in the middle of a sentence: "two of clubs", "Kreuz-Zwei". */
const cardWord = (card: CardName, lang: Lang): string =>
  lang === 'en' ? cardLabel(card, lang).toLowerCase() : cardLabel(card, lang);

/** Who leads the first trick under `rules`. */
function leadText(t: TFunction, rules: Rules, lang: Lang): string {
  if (rules.firstLead === 'leftOfDealer') return t('help.leadLeftOfDealer');
  if (rules.firstLead === 'dealer') return t('help.leadDealer');
  const card = makeCard(lowestClub(rules)!); // parseRules insists on a club in play for this first lead
  return t('help.leadLowestClub', { card: cardWord(card, lang) });
}

/** A trick of clubs for the picture: the first lead's card when the lowest club leads, with one card a seat. */
function trickCards(rules: Rules): CardName[] {
  const deck = deckOf(rules).names();
  const low = lowestClub(rules);
  const lead: CardName = rules.firstLead === 'lowestClub' && low !== undefined ? makeCard(low) : '5C';
  const rest = (['9C', 'KC', '4C', '6C', '8C', '5C', '3C'] as const).filter(
    (c) => c !== lead && deck.includes(c),
  );
  return [lead, ...rest].slice(0, rules.players);
}

/** The first trick and breaking hearts under `rules`. */
function heartsTexts(t: TFunction, rules: Rules): string[] {
  const out: string[] = [];
  if (rules.pointsOnFirstTrick) out.push(t('help.firstTrickPoints'));
  else {
    out.push(t('help.firstTrickNoPoints'));
    if (pointsOf(rules, 'KS') || pointsOf(rules, 'AS')) out.push(t('help.firstTrickSpades'));
  }
  if (!rules.heartsMustBeBroken) out.push(t('help.heartsAnyTime'));
  else out.push(t(rules.queenBreaksHearts ? 'help.heartsBrokenQueen' : 'help.heartsBroken'));
  return out;
}

/** The moon under `rules` in words; null when there is no moon to shoot. */
function moonTexts(t: TFunction, rules: Rules, lang: Lang): string[] | null {
  const cfg = compiledRules(rules);
  if (!cfg.moonAllowed || rules.moon === 'none') return null;
  const out = [t(`help.moonTexts.${rules.moon}`, { points: cfg.moonValue })];
  // Cards that count but are not the moon's stay with whoever took them (the engine's card points).
  const moonCards = moonCardsOf(cfg);
  const others = deckOf(rules)
    .names()
    .filter((c) => pointsOf(rules, c) !== 0 && !moonCards.names().includes(c));
  const words = sortHand(others).map((c) => cardWord(c, lang));
  if (rules.sevenOfDie) words.push(t('help.dieSeven'));
  if (words.length) out.push(t('help.moonOthersKeep', { cards: words.join(', ') }));
  return out;
}

/** The rules in short, with pictures: those chosen for the next game (the settings), the standard ones if invalid. */
export function HelpPage() {
  const { t, i18n } = useTranslation();
  const { navigate, settings } = useApp();
  const lang: Lang = i18n.language === 'de' ? 'de' : 'en';
  const parsed = parseRules(settings.rules);
  const rules = parsed.ok ? parsed.value : DEFAULT_RULES;
  const moon = moonTexts(t, rules, lang);
  const passes = rules.passCards > 0 ? passSequence(rules) : [];
  return (
    <Page title={t('help.title')}>
      <button type="button" className="secondary rules-link" onClick={() => navigate('/rules')}>
        {t('rulesPage.helpLink')}
      </button>
      <section className="help-section" data-section="goal">
        <h2>{t('help.goal')}</h2>
        <Cards cards={goalCards(rules)} />
        <p>{goalTexts(t, rules, lang).join(' ')}</p>
      </section>
      <section className="help-section" data-section="pass">
        <h2>{t('help.passTitle')}</h2>
        {passes.length > 0 && (
          <div className="help-arrows" aria-hidden="true">
            {passes.map((d, i) => (
              <span key={i}>
                <DirectionArrow kind={d.kind === 'seats' ? 'left' : d.kind} size={26} />
                <small>{directionText(t, d)}</small>
              </span>
            ))}
          </div>
        )}
        <p>
          {passText(t, rules)}
          {rules.passCards > 0 && ` ${t('help.passSecret')}`}
        </p>
      </section>
      <section className="help-section" data-section="play">
        <h2>{t('help.playTitle')}</h2>
        <Cards cards={trickCards(rules).map((card) => ({ card }))} />
        <p>
          {rules.removedCards.length > 0 &&
            `${t('help.dealt', {
              cards: cardsShort(rules.removedCards, lang),
              players: rules.players,
              each: tricksPerHand(rules),
            })} `}
          {leadText(t, rules, lang)} {t('help.playText', { tricks: tricksPerHand(rules) })}
        </p>
        <p className="muted">
          {t('help.example')}: {t('help.exampleFollow')}
        </p>
        <Cards
          cards={[{ card: '3S' }, { card: '8S' }, { card: 'TD', dim: true }, { card: 'JH', dim: true }]}
        />
      </section>
      <section className="help-section" data-section="hearts">
        <h2>{t('help.heartsTitle')}</h2>
        <p>{heartsTexts(t, rules).join(' ')}</p>
      </section>
      {moon && (
        <section className="help-section" data-section="moon">
          <h2>{t('help.moonTitle')}</h2>
          <p>{moon.join(' ')}</p>
        </section>
      )}
      <section className="help-section" data-section="controls">
        <h2>{t('help.controlsTitle')}</h2>
        <p>{t('help.controlsText')}</p>
      </section>
    </Page>
  );
}
