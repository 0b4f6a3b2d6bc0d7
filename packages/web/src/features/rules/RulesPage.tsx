/**
 * The rules page (`#/rules`, `#/rules/<section or option>`): every rule of the game and every option of the options
 * screen, with real cards, for the rules chosen for the next solo game.
 */
import type { RuleName } from '@hearts/engine';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../kit/context';
import { Page } from '../../kit/Page';
import {
  RuleSection,
  SECTION_IDS,
  SECTION_OF,
  fullRules,
  sectionTitle,
  type SectionId,
} from '../../table/rules/sections';

/** The element a route's part names: a section (`moon`) or an option (`jackOfDiamonds`); null for none. */
export function anchorOf(part: string): string | null {
  if ((SECTION_IDS as readonly string[]).includes(part)) return `rules-${part}`;
  if (part in SECTION_OF) return `rule-${part as RuleName}`;
  return null;
}

export default function RulesPage({ at }: { at: string }) {
  const { t } = useTranslation();
  const { settings } = useApp();
  const rules = fullRules(settings.rules);
  useEffect(() => {
    const id = anchorOf(at);
    if (id) document.getElementById(id)?.scrollIntoView({ block: 'start' });
  }, [at]);
  const jump = (id: SectionId) => document.getElementById(`rules-${id}`)?.scrollIntoView({ block: 'start' });
  return (
    <Page title={t('rulesPage.title')}>
      <p>{t('rulesPage.intro')}</p>
      <nav className="rules-contents" aria-label={t('rulesPage.contents')}>
        {SECTION_IDS.map((id) => (
          <button key={id} type="button" className="link" onClick={() => jump(id)}>
            {sectionTitle(t, id)}
          </button>
        ))}
      </nav>
      {SECTION_IDS.map((id) => (
        <RuleSection key={id} id={id} rules={rules} where="page" />
      ))}
    </Page>
  );
}
