import { expect, test } from 'vitest';
import { startTestServer } from './helpers.js';

test('Colyseus reports its counts to a stand-in, and PM2’s agent (timers, inspector session) never starts', async () => {
  const t = await startTestServer();
  try {
    // What Colyseus' `import('@pm2/io')` gets: without the stand-in, this import starts the agent.
    const io = (
      (await import('@pm2/io')) as unknown as { default: { initialized?: boolean; metric: unknown } }
    ).default;
    expect(io).toBe((globalThis as unknown as Record<symbol, unknown>)[Symbol.for('@pm2/io')]);
    expect(io.initialized).toBeUndefined();
    expect(typeof io.metric).toBe('function');
  } finally {
    await t.stop();
  }
});
