/**
 * Where the pads are kept: the browser's IndexedDB (database `hearts-pads`, object store `pads`, one record
 * per pad as `hearts-pad/1` JSON), or memory when the browser refuses IndexedDB (some private modes).
 * Records that do not read back as a pad are skipped and counted, never thrown.
 *
 * ```ts
 * const store = await openPadStore();
 * await store.put(pad);
 * const { pads } = await store.list(); // most recently changed first
 * ```
 */
import { padToJson, parsePad, type Pad } from './model';

export interface PadStore {
  /** Every readable pad, most recently changed first; `broken` counts stored records that are not pads. */
  list(): Promise<{ pads: Pad[]; broken: number }>;
  get(id: string): Promise<Pad | null>;
  put(pad: Pad): Promise<void>;
  remove(id: string): Promise<void>;
  readonly persistent: boolean; // false: memory only, lost with the page
}

const byUpdated = (a: Pad, b: Pad) => b.updated - a.updated || a.name.localeCompare(b.name);

function readAll(records: readonly unknown[]): { pads: Pad[]; broken: number } {
  const pads: Pad[] = [];
  let broken = 0;
  for (const rec of records) {
    const r = parsePad(rec);
    if (r.ok) pads.push(r.value);
    else broken++;
  }
  return { pads: pads.sort(byUpdated), broken };
}

/** Pads in memory (tests, and browsers without IndexedDB). Stores the same JSON as IndexedDB does. */
export function memoryPadStore(): PadStore {
  const records = new Map<string, unknown>();
  return {
    persistent: false,
    list: () => Promise.resolve(readAll([...records.values()])),
    get: (id) => {
      const r = records.has(id) ? parsePad(records.get(id)) : null;
      return Promise.resolve(r?.ok ? r.value : null);
    },
    put: (pad) => {
      records.set(pad.id, structuredClone(padToJson(pad)));
      return Promise.resolve();
    },
    remove: (id) => {
      records.delete(id);
      return Promise.resolve();
    },
  };
}

const DB_NAME = 'hearts-pads';
const STORE = 'pads';

const done = <T>(req: IDBRequest<T>): Promise<T> =>
  new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });

function openDb(factory: IDBFactory): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = factory.open(DB_NAME, 1);
    req.onupgradeneeded = () => {
      if (!req.result.objectStoreNames.contains(STORE))
        req.result.createObjectStore(STORE, { keyPath: 'id' });
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB cannot be opened'));
    req.onblocked = () => reject(new Error('IndexedDB is blocked by another tab'));
  });
}

/** One request in its own transaction, resolved once the transaction has committed. */
function run<T>(
  db: IDBDatabase,
  mode: IDBTransactionMode,
  f: (s: IDBObjectStore) => IDBRequest<T>,
): Promise<T> {
  const tx = db.transaction(STORE, mode);
  const result = done(f(tx.objectStore(STORE)));
  const committed = new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
  });
  return Promise.all([result, committed]).then(([r]) => r);
}

export function indexedDbPadStore(db: IDBDatabase): PadStore {
  return {
    persistent: true,
    list: async () => readAll(await run(db, 'readonly', (s) => s.getAll())),
    get: async (id) => {
      const rec: unknown = await run(db, 'readonly', (s) => s.get(id));
      if (rec === undefined) return null;
      const r = parsePad(rec);
      return r.ok ? r.value : null;
    },
    put: async (pad) => {
      await run(db, 'readwrite', (s) => s.put(padToJson(pad)));
    },
    remove: async (id) => {
      await run(db, 'readwrite', (s) => s.delete(id));
    },
  };
}

/** IndexedDB when the browser has it and lets the page use it, else memory. */
export async function openPadStore(
  factory: IDBFactory | undefined = globalThis.indexedDB,
): Promise<PadStore> {
  if (!factory) return memoryPadStore();
  try {
    return indexedDbPadStore(await openDb(factory));
  } catch {
    return memoryPadStore();
  }
}

/** A new pad id: 16 hex digits from the browser's cryptographic random source. */
export function newPadId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}
