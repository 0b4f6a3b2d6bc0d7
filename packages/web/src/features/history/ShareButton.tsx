import type { ShareRequest } from '@hearts/protocol/http/shares';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useApp } from '../../kit/context';
import { ShareIcon } from '../../kit/icons';
import { serverErrorText } from '../../kit/server/error-texts';

type State =
  | { readonly kind: 'idle' }
  | { readonly kind: 'working' }
  | { readonly kind: 'done'; readonly link: string; readonly copied: boolean }
  | { readonly kind: 'failed'; readonly reason: string };

/** A refusal or failure in the reader's words. */
function reasonOf(t: TFunction, e: unknown): string {
  const code = (e as { code?: unknown } | null)?.code;
  const known = ['ERR_NOT_FINISHED', 'ERR_DAILY_NOT_OVER', 'ERR_RATE_LIMIT', 'ERR_TOO_MANY', 'ERR_OFFLINE'];
  if (typeof code === 'string' && known.includes(code)) return t(`share.errors.${code}`);
  if (typeof code === 'string' && /^ERR_/.test(code)) return serverErrorText(t, { code });
  return t('share.errors.other', { message: e instanceof Error ? e.message : String(e) });
}

/**
 * The replay's Share button: asks the server for the game's public address (docs/sharing.md), copies it and shows
 * it (selectable, for a browser that does not let the page copy).
 */
export function ShareButton({ what }: { what: ShareRequest }) {
  const { store, settings } = useApp();
  const { t } = useTranslation();
  const [state, setState] = useState<State>({ kind: 'idle' });
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (state.kind === 'done') field.current?.select();
  }, [state]);

  const share = async () => {
    setState({ kind: 'working' });
    try {
      const { shareReview } = await import('./share');
      const link = await shareReview(store, settings.lang, what);
      let copied = false;
      try {
        await navigator.clipboard.writeText(link);
        copied = true;
      } catch {
        // not allowed here: the link is shown to copy by hand
      }
      setState({ kind: 'done', link, copied });
    } catch (e) {
      setState({ kind: 'failed', reason: reasonOf(t, e) });
    }
  };

  return (
    <>
      <button
        type="button"
        className="icon-btn share-btn"
        onClick={() => void share()}
        disabled={state.kind === 'working'}
        aria-label={t('share.button')}
        title={t('share.button')}
      >
        <ShareIcon />
        <span className="btn-text">{t('share.button')}</span>
      </button>
      {state.kind !== 'idle' && (
        <div className="share-note" role="status">
          {state.kind === 'working' && <p>{t('share.working')}</p>}
          {state.kind === 'failed' && <p className="error">{state.reason}</p>}
          {state.kind === 'done' && (
            <>
              <label>
                {state.copied ? t('share.copied') : t('share.copyThis')}
                <input
                  ref={field}
                  className="share-link"
                  readOnly
                  value={state.link}
                  onFocus={(e) => e.target.select()}
                />
              </label>
              <p className="muted">{t('share.what')}</p>
            </>
          )}
          {state.kind !== 'working' && (
            <button type="button" className="link" onClick={() => setState({ kind: 'idle' })}>
              {t('share.close')}
            </button>
          )}
        </div>
      )}
    </>
  );
}
