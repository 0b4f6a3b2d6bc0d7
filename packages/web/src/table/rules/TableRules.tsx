/**
 * The rules of one table, opened from the table itself (solo and live) without leaving the game: the rule set, the
 * options in force (each opens its explanation, drawn for this table's rules), and every other section of the
 * rules. Escape or the close button returns to the table.
 */
import { rulesDiff, type Rules } from '@hearts/engine';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { presetOf } from '../../kit/settings';
import { PanelHead } from '../TableParts';
import { ruleLines } from '../../kit/RulesOptions';
import { RuleSection, SECTION_IDS, SECTION_OF, sectionTitle, type SectionId } from './sections';

export default function TableRulesPanel({ rules, onClose }: { rules: Rules; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'de' ? 'de' : 'en';
  const [shown, setShown] = useState<SectionId | null>(null);
  const body = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  useEffect(() => {
    body.current?.scrollTo?.({ top: 0 }); // (Chromium's scrollTo returns a promise: never an effect's cleanup)
  }, [shown]);
  const diff = rulesDiff(rules);
  const name = presetOf(diff);
  return (
    <aside className="table-rules" aria-label={t('rulesPage.tableTitle')} data-shown={shown ?? ''}>
      <PanelHead title={t('rulesPage.tableTitle')} onClose={onClose} />
      <div className="table-rules-body" ref={body}>
        {shown === null ? (
          <>
            <p className="muted">{t('rulesPage.tableIntro')}</p>
            <p>
              {t('rules.preset')}:{' '}
              <strong>{name === 'custom' ? t('rules.custom') : t(`rules.presets.${name}`)}</strong>
            </p>
            <ul className="table-rules-lines">
              {ruleLines(t, lang, diff).map((l) => (
                <li key={l.name} data-rule={l.name}>
                  <button type="button" className="link" onClick={() => setShown(SECTION_OF[l.name])}>
                    <span>{l.label}</span>
                    <strong>{l.value}</strong>
                  </button>
                </li>
              ))}
            </ul>
            <p className="muted">{t('rulesPage.othersStandard')}</p>
            <h3>{t('rulesPage.allSections')}</h3>
            <nav className="rules-contents">
              {SECTION_IDS.map((id) => (
                <button key={id} type="button" className="link" onClick={() => setShown(id)}>
                  {sectionTitle(t, id)}
                </button>
              ))}
            </nav>
          </>
        ) : (
          <>
            <button type="button" className="link back-to-list" onClick={() => setShown(null)}>
              ← {t('rulesPage.backToList')}
            </button>
            <RuleSection id={shown} rules={rules} where="table" />
          </>
        )}
      </div>
    </aside>
  );
}
