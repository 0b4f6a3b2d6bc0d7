import { useTranslation } from 'react-i18next';
import { useApp } from '../kit/context';
import { Page } from '../kit/Page';

/** An address the app has no page for (an old or mistyped link): says so, and offers the way home. */
export function NotFoundPage({ route }: { route: string }) {
  const { t } = useTranslation();
  const { navigate } = useApp();
  return (
    <Page title={t('notFound.title')}>
      <p role="alert">{t('notFound.text', { address: `#${route}` })}</p>
      <button type="button" className="primary" onClick={() => navigate('/')}>
        {t('notFound.home')}
      </button>
    </Page>
  );
}
