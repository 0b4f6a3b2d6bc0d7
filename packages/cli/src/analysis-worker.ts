/**
 * A worker thread of `hearts analyze`: plays blocks of the analysis' deals for the main thread, over the protocol
 * of `@hearts/bots` (serveAnalysis; the web app's workers speak the same).
 */
import { parentPort } from 'node:worker_threads';
import { serveAnalysis, type AnalysisRequest } from '@hearts/bots';

const port = parentPort!;
const answer = serveAnalysis((reply) => port.postMessage(reply));
port.on('message', (request: AnalysisRequest) => answer(request));
