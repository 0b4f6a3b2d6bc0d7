import { useTranslation } from 'react-i18next';

/**
 * What a screen shows while its code loads (the Suspense fallback of the app's routes): nothing at first, then,
 * if loading takes longer than a moment (a slow network), a quiet line (styles.css `.loading`: the delay is CSS, so a
 * page that loads at once never flashes it).
 */
export function Loading() {
  const { t } = useTranslation();
  return (
    <div className="loading" role="status">
      <span>{t('app.loading')}</span>
    </div>
  );
}
