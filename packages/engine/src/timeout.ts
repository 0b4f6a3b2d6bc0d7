/** The host's timers (browsers and Node), typed here as `cryptoRandom` types the host's `crypto`: the build names no host. */
interface Timers {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(timer: unknown): void;
}
const host = globalThis as unknown as Timers;

/**
 * A promise that settles like `p`, or rejects with `Error(message)` once `ms` have passed first. The timer is
 * cleared either way, so a settled promise keeps no process alive. Not a rule: a tool the packages above share, as
 * `Result` is (the live client's join and the server's lease renewal in Redis wait no longer than this).
 */
export function withTimeout<T>(p: Promise<T>, ms: number, message = 'timed out'): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const t = host.setTimeout(() => reject(new Error(message)), ms);
    p.then(
      (v) => {
        host.clearTimeout(t);
        resolve(v);
      },
      (e: unknown) => {
        host.clearTimeout(t);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}
