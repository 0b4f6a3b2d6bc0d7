import type { TableClient } from '@hearts/live';
import { GAME_ROUTES } from '@hearts/protocol/http/games';
import type { LiveState } from '@hearts/table';
import { useEffect, useReducer } from 'react';
import { useTranslation } from 'react-i18next';
import { ShieldIcon } from '../../kit/icons';
import { request } from '../../kit/server/http';

/**
 * The fair shuffle at the table: the short commitments hash during the hand, and after it the client's own
 * verdict — "Deal verified ✓" or exactly what failed — with a link to the page that explains the protocol.
 */
export function Shield({ client, state }: { client: TableClient; state: LiveState }) {
  const { t } = useTranslation();
  const [, rerender] = useReducer((x: number) => x + 1, 0);
  useEffect(() => client.subscribe(rerender), [client]);
  const hand = state.view.handNumber;
  const hash = client.fair.shownHash(hand);
  const latest = client.fair.latest;
  const verdict = latest && latest.handNumber >= hand - 1 ? latest : null;
  // Dealt without this device's seed: it was not at the table for the shuffle (the seat was opened on another
  // device, or a reload that kept nothing), so there is nothing to wait for.
  const dealt = state.view.phase === 'pass' || state.view.phase === 'play' || state.view.phase === 'moon';
  const status = hash ? (
    <>
      {t('live.fair.shield')} <code>{hash}</code>
    </>
  ) : dealt && !client.fair.tookPart(hand) ? (
    t('live.fair.notHere')
  ) : (
    t('live.fair.waiting')
  );
  return (
    <div className="fair-shield" role="status" data-testid="fair-shield">
      <span className="fair-hash">
        <ShieldIcon /> {status}
      </span>
      {/* The last hand's verdict while the next one is shuffled: which hand it is about. */}
      {verdict && verdict.handNumber < hand && (
        <span className="fair-of">{t('live.fair.ofHand', { n: verdict.handNumber + 1 })}</span>
      )}
      {verdict &&
        (verdict.ok ? (
          <span className="fair-ok">{t('live.fair.verified')}</span>
        ) : verdict.absent ? (
          <span className="fair-absent">{t('live.fair.absent')}</span>
        ) : (
          <details className="fair-failed">
            <summary>{t('live.fair.failed')}</summary>
            <ul>
              {verdict.failures.map((f, i) => (
                <li key={i}>{f}</li>
              ))}
            </ul>
          </details>
        ))}
      <a href="#/fair" className="fair-how">
        {t('live.fair.how')}
      </a>
    </div>
  );
}

/** Downloads every hand's hearts-shuffle/1 transcript of a finished live game (for `hearts verify`). */
export async function downloadTranscripts(token: string, gameId: string): Promise<void> {
  const all = await request(GAME_ROUTES.transcripts, { token, params: { id: gameId } });
  const text = JSON.stringify(all, null, 2);
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `hearts-${gameId}.shuffle.json`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
