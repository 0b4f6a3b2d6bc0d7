/**
 * The analysis' thread: analyses one seat of a record (packages/bots analyzeGame) and reports after every
 * decision. The page cancels by ending the worker, so a request never has to be taken back.
 */
import { analyzeGame } from '@hearts/bots';
import type { AnalysisMessage, AnalysisRequest } from './protocol';
import { savedDecision } from './saved';
import { ownPositions } from './training';

interface WorkerScope {
  onmessage: ((e: MessageEvent<AnalysisRequest>) => void) | null;
  postMessage(message: AnalysisMessage): void;
}

const scope = self as unknown as WorkerScope;

scope.onmessage = (e) => {
  const { record, seat, seed, budget, game } = e.data;
  analyzeGame(record, {
    ...budget,
    seats: [seat],
    seed,
    onProgress: ({ done, total, decision }) =>
      scope.postMessage({ kind: 'progress', done, total, decision: savedDecision(decision) }),
  }).then(
    (r) =>
      scope.postMessage(
        r.ok
          ? {
              kind: 'done',
              decisions: r.value.decisions.map(savedDecision),
              summary: r.value.seats[0]!,
              positions:
                game === null
                  ? []
                  : ownPositions(record, r.value.decisions, seat, { game, createdAt: Date.now() }),
            }
          : { kind: 'error', error: 'message' in r.error ? r.error.message : r.error.reason },
      ),
    (error: unknown) =>
      scope.postMessage({ kind: 'error', error: error instanceof Error ? error.message : String(error) }),
  );
};
