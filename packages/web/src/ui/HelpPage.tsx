import { DEFAULT_RULES, moonPoints, parseRules, type CardName } from '@hearts/engine';
import { useTranslation } from 'react-i18next';
import { CardFace } from './CardSvg';
import { useApp } from './context';
import { DirectionArrow } from './icons';
import { Page } from './Page';

function Cards({ cards, dim = [] }: { cards: readonly CardName[]; dim?: readonly CardName[] }) {
  const { settings } = useApp();
  return (
    <div className="help-cards" aria-hidden="true">
      {cards.map((c) => (
        <div key={c} className={`card sample${dim.includes(c) ? ' dimmed' : ''}`}>
          <CardFace card={c} lang={settings.lang} fourColor={settings.fourColor} />
        </div>
      ))}
    </div>
  );
}

/** The rules in short, with pictures. */
export function HelpPage() {
  const { t } = useTranslation();
  const { settings, navigate } = useApp();
  const rules = parseRules(settings.rules);
  const target = rules.ok ? rules.value.targetScore : 50;
  return (
    <Page title={t('help.title')}>
      <button type="button" className="secondary rules-link" onClick={() => navigate('/rules')}>
        {t('rulesPage.helpLink')}
      </button>
      <section className="help-section">
        <h2>{t('help.goal')}</h2>
        <Cards cards={['2H', '9H', 'AH', 'QS']} />
        <p>{t('help.goalText', { target })}</p>
      </section>
      <section className="help-section">
        <h2>{t('help.passTitle')}</h2>
        <div className="help-arrows" aria-hidden="true">
          {(['left', 'right', 'across', 'none'] as const).map((d) => (
            <span key={d}>
              <DirectionArrow kind={d} size={26} />
              <small>{t(`direction.${d}`)}</small>
            </span>
          ))}
        </div>
        <p>{t('help.passText')}</p>
      </section>
      <section className="help-section">
        <h2>{t('help.playTitle')}</h2>
        <Cards cards={['2C', '9C', 'KC', '4C']} />
        <p>{t('help.playText')}</p>
        <p className="muted">
          {t('help.example')}: {t('help.exampleFollow')}
        </p>
        <Cards cards={['3S', '8S', 'TD', 'JH']} dim={['TD', 'JH']} />
      </section>
      <section className="help-section">
        <h2>{t('help.heartsTitle')}</h2>
        <p>{t('help.heartsText')}</p>
      </section>
      <section className="help-section">
        <h2>{t('help.moonTitle')}</h2>
        <p>{t('help.moonText', { points: moonPoints(rules.ok ? rules.value : DEFAULT_RULES) })}</p>
      </section>
      <section className="help-section">
        <h2>{t('help.controlsTitle')}</h2>
        <p>{t('help.controlsText')}</p>
      </section>
    </Page>
  );
}
