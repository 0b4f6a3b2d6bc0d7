import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp } from './context';

/** Where a page's way back leads, and its name there (the title of that page: "← Play live"). */
export interface PageBack {
  readonly route: string;
  readonly label: string;
}

/**
 * A plain screen with a title and a way back (`back`; by default "← Back" to the start screen), and at its foot the
 * link to the privacy page.
 */
export function Page({ title, back, children }: { title: string; back?: PageBack; children: ReactNode }) {
  const { navigate } = useApp();
  const { t } = useTranslation();
  return (
    <div className="page">
      <header className="page-head">
        <button type="button" className="back-btn" onClick={() => navigate(back?.route ?? '/')}>
          ← {back?.label ?? t('nav.back')}
        </button>
        <h1>{title}</h1>
      </header>
      <main className="page-body">{children}</main>
      <PageFoot />
    </div>
  );
}

/** Every page's foot: the privacy page (what is kept, export, deletion: src/features/privacy). */
export function PageFoot() {
  const { navigate } = useApp();
  const { t } = useTranslation();
  return (
    <footer className="page-foot">
      <button type="button" className="link" onClick={() => navigate('/privacy')}>
        {t('nav.privacy')}
      </button>
    </footer>
  );
}
