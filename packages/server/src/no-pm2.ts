/**
 * Colyseus reports its room and connection counts to PM2 through `@pm2/io`, which it imports when the matchmaker
 * starts. Importing `@pm2/io` starts PM2's agent in the process: an inspector session with the profiler enabled, and
 * timers that every second sort an event-loop histogram and list every open handle (`process._getActiveHandles()`:
 * an array of thousands of sockets at a busy table server), besides v8 and http metrics and a handler of uncaught
 * exceptions. This server exports its own metrics (`/metrics`), so unless it runs under PM2 (`pm_id` set), the
 * agent is left out: `@pm2/io` answers with the instance kept under its global symbol, here the one call Colyseus
 * makes on it. Import this module before `@colyseus/core` starts.
 *
 * The agent's handlers of uncaught exceptions and unhandled rejections printed them and kept the process running;
 * the server has always run with them, so they stay, as they were.
 */
const IO_KEY = Symbol.for('@pm2/io');
const registry = globalThis as unknown as Record<symbol, unknown>;

if (process.env['pm_id'] === undefined && registry[IO_KEY] === undefined) {
  registry[IO_KEY] = { metric: () => undefined };
  process.on('uncaughtException', (e) => console.error(e));
  process.on('unhandledRejection', (e) => {
    if (e !== undefined) console.error(e);
  });
}
