/**
 * Beside every screen (main.tsx): once this device has a live token, the invite notices (`Notices.tsx`, loaded on
 * demand with the API and zod). The token is read again on every route change and every {@link TOKEN_CHECK_MS}
 * (a live page makes one on first use; signing in changes it). Imports nothing heavy: it is in the first load.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { useApp } from '../../kit/context';
import { TOKEN_KEY } from '../../kit/server/token';

const Notices = lazy(() => import('./Notices'));

/** How often the device's token is read again. */
export const TOKEN_CHECK_MS = 3_000;

export function NoticesGate() {
  const { store } = useApp();
  const [token, setToken] = useState(() => store.get(TOKEN_KEY));
  useEffect(() => {
    const read = () => setToken(store.get(TOKEN_KEY));
    window.addEventListener('hashchange', read);
    const timer = setInterval(read, TOKEN_CHECK_MS);
    return () => {
      window.removeEventListener('hashchange', read);
      clearInterval(timer);
    };
  }, [store]);
  if (!token) return null;
  return (
    <Suspense fallback={null}>
      <Notices key={token} token={token} />
    </Suspense>
  );
}
