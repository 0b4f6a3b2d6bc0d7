/**
 * A small key–value store: the browser's localStorage, or a Map in tests. Reading never throws: a value that is
 * missing, unreadable or not JSON comes back as undefined.
 */
export interface KeyValueStore {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
  /** Every key kept (the privacy page's download of what the device keeps); absent: the store cannot list them. */
  keys?(): string[];
}

export function memoryStore(): KeyValueStore {
  const m = new Map<string, string>();
  return {
    get: (k) => m.get(k) ?? null,
    set: (k, v) => void m.set(k, v),
    remove: (k) => void m.delete(k),
    keys: () => [...m.keys()],
  };
}

/** localStorage when the browser allows it (private modes may refuse), else memory. */
export function browserStore(): KeyValueStore {
  try {
    const ls = globalThis.localStorage;
    const probe = '__hearts_probe__';
    ls.setItem(probe, '1');
    ls.removeItem(probe);
    return {
      get: (k) => ls.getItem(k),
      set: (k, v) => {
        try {
          ls.setItem(k, v);
        } catch {
          // Storage full: the game goes on, only this value is not kept.
        }
      },
      remove: (k) => ls.removeItem(k),
      keys: () => Array.from({ length: ls.length }, (_, i) => ls.key(i)).filter((k) => k !== null),
    };
  } catch {
    return memoryStore();
  }
}

export function readJson(store: KeyValueStore, key: string): unknown {
  const text = store.get(key);
  if (text === null) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export const writeJson = (store: KeyValueStore, key: string, value: unknown): void =>
  store.set(key, JSON.stringify(value));

export const isObject = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x);
