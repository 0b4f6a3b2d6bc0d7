import { Worker } from 'node:worker_threads';
import { PortExecutor, type AnalysisJob } from '@hearts/bots';

/** Worker threads running the analysis' deals (analysis-worker.ts), each started on the job, and how to stop them. */
export interface AnalysisThreads {
  executors: PortExecutor[];
  stop: () => Promise<void>;
}

/**
 * Starts `count` analysis worker threads for one job: `hearts analyze` and the analysis figures script
 * (scripts/analysis-figures.js) both run their analyses on these. A thread that fails or exits fails its executor,
 * so the analysis ends with an error instead of waiting.
 */
export function startAnalysisThreads(count: number, job: AnalysisJob): AnalysisThreads {
  const url = new URL('./analysis-worker.js', import.meta.url);
  const workers: Worker[] = [];
  const executors = Array.from({ length: count }, () => {
    const worker = new Worker(url);
    const ex = new PortExecutor((request) => worker.postMessage(request));
    worker.on('message', (reply) => ex.receive(reply));
    worker.on('error', (e) => ex.fail(e));
    worker.on('exit', (code) => ex.fail(new Error(`an analysis worker exited with code ${code}`)));
    ex.start(job);
    workers.push(worker);
    return ex;
  });
  return { executors, stop: async () => void (await Promise.all(workers.map((w) => w.terminate()))) };
}
