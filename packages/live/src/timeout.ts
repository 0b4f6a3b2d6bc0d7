/**
 * A promise that settles like `p`, or rejects with `Error(message)` once `ms` have passed first. The timer is
 * cleared either way, so a settled promise keeps no process alive.
 */
export function withTimeout<T>(p: Promise<T>, ms: number, message = 'timed out'): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(message)), ms);
    p.then(
      (v) => {
        clearTimeout(t);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(t);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}
