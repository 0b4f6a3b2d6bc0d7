import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../kit/context';
import { PageFoot } from '../../kit/Page';

/** A pad screen: a way back, a title, the content. */
export function PadPage({
  title,
  back,
  children,
  className,
}: {
  title: string;
  back: string;
  children: ReactNode;
  className?: string;
}) {
  const { navigate } = useApp();
  const { t } = useTranslation();
  return (
    <div className={`page pad-page ${className ?? ''}`}>
      <header className="page-head no-print">
        <button type="button" className="back-btn" onClick={() => navigate(back)}>
          ← {t('nav.back')}
        </button>
        <h1>{title}</h1>
      </header>
      <main className="page-body">{children}</main>
      <div className="no-print">
        <PageFoot />
      </div>
    </div>
  );
}
