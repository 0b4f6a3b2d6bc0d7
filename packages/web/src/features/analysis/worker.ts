/**
 * An analysis thread of the page: plays blocks of the analysis' deals for the page over the protocol of
 * `@hearts/bots` (serveAnalysis; `hearts analyze`'s worker threads speak the same). The page runs one per core and
 * ends them to cancel, so a request never has to be taken back.
 */
import { serveAnalysis, type AnalysisReply, type AnalysisRequest } from '@hearts/bots';

interface WorkerScope {
  onmessage: ((e: MessageEvent<AnalysisRequest>) => void) | null;
  postMessage(message: AnalysisReply): void;
}

const scope = self as unknown as WorkerScope;
const answer = serveAnalysis((reply) => scope.postMessage(reply));
scope.onmessage = (e) => answer(e.data);
