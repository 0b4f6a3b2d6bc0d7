import { useTranslation } from 'react-i18next';

/** "How does this work?": the fair shuffle hearts-shuffle/1 in plain words (German and English). */
export default function FairShufflePage() {
  const { t } = useTranslation();
  return (
    <main className="page fair-page">
      <h1>{t('live.fair.title')}</h1>
      <p>{t('live.fair.intro')}</p>
      {(['step1', 'step2', 'step3', 'step4', 'step5'] as const).map((k) => (
        <p key={k}>{t(`live.fair.${k}`)}</p>
      ))}
    </main>
  );
}
