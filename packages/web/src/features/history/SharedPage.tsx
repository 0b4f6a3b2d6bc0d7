import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../kit/context';
import { Page } from '../../kit/Page';
import { openReplay, type Replay } from '../../kit/replay';
import { ReplayBoard } from './ReplayPage';

type Loaded =
  | { readonly kind: 'loading' }
  | { readonly kind: 'ready'; readonly replay: Replay; readonly seat: number }
  | { readonly kind: 'failed'; readonly reason: 'missing' | 'offline' | 'unreadable' };

/**
 * A game another player shared (docs/sharing.md): `#/shared/ID`, or `#/shared/ID/analysis` (what `/r/ID` opens),
 * which starts the analysis of the sharer's seat at once. Loaded on demand.
 */
export default function SharedPage({ rest }: { rest: string }) {
  const { t } = useTranslation();
  const { navigate } = useApp();
  const [id = '', extra] = rest.split('/');
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });
  useEffect(() => {
    let current = true;
    import('./share')
      .then(({ readShare }) => readShare(id))
      .then(
        (share) => {
          const r = openReplay(share.record);
          if (current)
            setLoaded(
              r.ok
                ? { kind: 'ready', replay: r.value, seat: share.seat }
                : { kind: 'failed', reason: 'unreadable' },
            );
        },
        (e: unknown) => {
          const status = (e as { status?: unknown } | null)?.status;
          if (current) setLoaded({ kind: 'failed', reason: status === 404 ? 'missing' : 'offline' });
        },
      );
    return () => {
      current = false;
    };
  }, [id]);

  if (loaded.kind === 'ready')
    return (
      <ReplayBoard
        replay={loaded.replay}
        own={false}
        seat={loaded.seat}
        game={null}
        analyse={extra === 'analysis'}
        shared
      />
    );
  return (
    <Page title={t('share.title')}>
      <p role="status">
        {loaded.kind === 'loading' ? t('share.loading') : t(`share.failed.${loaded.reason}`)}
      </p>
      {loaded.kind === 'failed' && (
        <button type="button" className="primary" onClick={() => navigate('/')}>
          {t('share.toStart')}
        </button>
      )}
    </Page>
  );
}
