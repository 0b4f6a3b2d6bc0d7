/**
 * Passwords as scrypt hashes, computed on a small pool of worker threads of their own: never on libuv's thread
 * pool, which also reads the files the server serves, and never on the event loop. The pool takes a bounded
 * number of requests; past that it refuses at once ({@link HasherBusy}) instead of queueing without end.
 *
 * ```ts
 * const hasher = new PasswordHasher({ workers: 1, queue: 16 });
 * const stored = await hasher.hash('correct horse battery'); // scrypt$131072$8$1$<salt>$<key>
 * (await hasher.verify('correct horse battery', stored)).ok; // true
 * await hasher.close();
 * ```
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { workerExecArgv, workerUrl } from './bots.js';

/** scrypt's cost parameters and the key length. Memory per hash: 128 · N · r bytes. */
export interface ScryptParams {
  readonly N: number; // CPU/memory cost, a power of two
  readonly r: number; // block size
  readonly p: number; // parallelism
  readonly keylen: number; // bytes of the derived key
}

/**
 * OWASP's Password Storage Cheat Sheet: scrypt with N = 2^17, r = 8, p = 1 at least. 128 MiB and about 0.3 s of
 * one core per hash on the reference machine (2 cores, 24 GiB): two workers hold 256 MiB while both work.
 */
export const SCRYPT_PARAMS: ScryptParams = { N: 2 ** 17, r: 8, p: 1, keylen: 32 };

/** Stored hashes with parameters past these are refused as malformed (a tampered row must not take the memory). */
const MAX = { N: 2 ** 20, r: 32, p: 16, keylen: 64 } as const;

/** The hasher's queue is full: the request was refused at once (HTTP 503 `ERR_BUSY`). */
export class HasherBusy extends Error {
  constructor() {
    super('too many sign-ins at once: try again in a moment');
  }
}

export interface DeriveRequest {
  readonly id: number;
  readonly password: string;
  readonly salt: string; // base64
  readonly params: ScryptParams;
}

export type DeriveResponse =
  | { readonly id: number; readonly ok: true; readonly key: string }
  | { readonly id: number; readonly ok: false; readonly error: string };

/** A stored hash, `scrypt$N$r$p$salt$key` (salt and key in base64). */
interface Parsed {
  readonly params: ScryptParams;
  readonly salt: Buffer;
  readonly key: Buffer;
}

/** A stored hash's parts, or null when it is not a well-formed scrypt hash within {@link MAX}. */
export function parseHash(stored: string): Parsed | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [N, r, p] = parts.slice(1, 4).map((x) => (/^\d{1,8}$/.test(x) ? Number(x) : 0)) as [
    number,
    number,
    number,
  ];
  const salt = Buffer.from(parts[4]!, 'base64');
  const key = Buffer.from(parts[5]!, 'base64');
  const pow2 = N > 1 && (N & (N - 1)) === 0;
  if (!pow2 || N > MAX.N || r < 1 || r > MAX.r || p < 1 || p > MAX.p) return null;
  if (salt.length < 8 || key.length < 16 || key.length > MAX.keylen) return null;
  return { params: { N, r, p, keylen: key.length }, salt, key };
}

const formatHash = (params: ScryptParams, salt: Buffer, key: Buffer): string =>
  ['scrypt', params.N, params.r, params.p, salt.toString('base64'), key.toString('base64')].join('$');

export interface HasherOptions {
  readonly workers: number; // threads deriving keys, one hash at a time each
  readonly queue: number; // requests that may wait for a thread; more are refused with HasherBusy
  readonly params?: ScryptParams; // for new hashes (default SCRYPT_PARAMS)
}

interface Job {
  readonly request: Omit<DeriveRequest, 'id'>;
  resolve(key: Buffer): void;
  reject(e: Error): void;
}

interface Slot {
  worker: Worker;
  job: Job | null;
  dead: boolean;
}

export class PasswordHasher {
  readonly params: ScryptParams;
  private readonly slots: Slot[] = [];
  private readonly waiting: Job[] = [];
  private readonly url = workerUrl('hash-worker.js');
  private readonly dummySalt = randomBytes(16);
  private readonly dummyKey: Buffer;
  private nextId = 0;
  private closing = false;

  constructor(private readonly options: HasherOptions) {
    this.params = options.params ?? SCRYPT_PARAMS;
    this.dummyKey = randomBytes(this.params.keylen);
    for (let i = 0; i < Math.max(1, options.workers); i++) this.slots.push(this.spawn());
  }

  /** A new hash of the password with a fresh salt and the current parameters. */
  async hash(password: string): Promise<string> {
    const salt = randomBytes(16);
    const key = await this.derive(password, salt, this.params);
    return formatHash(this.params, salt, key);
  }

  /**
   * Whether the password matches the stored hash; `stale` when the hash has other parameters than the current
   * ones (the caller hashes it anew). A malformed stored hash costs a dummy check and does not match.
   */
  async verify(password: string, stored: string): Promise<{ ok: boolean; stale: boolean }> {
    const parsed = parseHash(stored);
    if (!parsed) {
      await this.verifyDummy(password);
      return { ok: false, stale: false };
    }
    const key = await this.derive(password, parsed.salt, parsed.params);
    const ok = key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
    return { ok, stale: this.isStale(parsed.params) };
  }

  /** The same work as a real check, for a name with no password or no such name: never matches. */
  async verifyDummy(password: string): Promise<false> {
    const key = await this.derive(password, this.dummySalt, this.params);
    timingSafeEqual(key, this.dummyKey);
    return false;
  }

  /** Requests running or waiting. */
  get busy(): number {
    return this.waiting.length + this.slots.filter((s) => s.job !== null).length;
  }

  /** Stops the threads; requests running or waiting are rejected. */
  async close(): Promise<void> {
    this.closing = true;
    const closed = new Error('the password hasher is closed');
    for (const job of this.waiting.splice(0)) job.reject(closed);
    for (const slot of this.slots) {
      slot.job?.reject(closed);
      slot.job = null;
    }
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
  }

  private isStale(p: ScryptParams): boolean {
    const c = this.params;
    return p.N !== c.N || p.r !== c.r || p.p !== c.p || p.keylen !== c.keylen;
  }

  private derive(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
    if (this.closing) return Promise.reject(new Error('the password hasher is closed'));
    const idle = this.slots.find((s) => s.job === null && !s.dead);
    if (!idle && this.waiting.length >= this.options.queue) return Promise.reject(new HasherBusy());
    return new Promise<Buffer>((resolve, reject) => {
      const job: Job = { request: { password, salt: salt.toString('base64'), params }, resolve, reject };
      if (idle) this.start(idle, job);
      else this.waiting.push(job);
    });
  }

  private start(slot: Slot, job: Job): void {
    slot.job = job;
    slot.worker.postMessage({ id: ++this.nextId, ...job.request } satisfies DeriveRequest);
  }

  private next(slot: Slot): void {
    slot.job = null;
    const job = this.waiting.shift();
    if (job) this.start(slot, job);
  }

  private spawn(): Slot {
    const slot: Slot = {
      worker: new Worker(this.url, { execArgv: workerExecArgv() }),
      job: null,
      dead: false,
    };
    slot.worker.on('message', (res: DeriveResponse) => {
      const job = slot.job;
      if (!job) return;
      if (res.ok) job.resolve(Buffer.from(res.key, 'base64'));
      else job.reject(new Error(res.error));
      this.next(slot);
    });
    const fail = (e: Error) => {
      if (slot.dead) return;
      slot.dead = true;
      slot.job?.reject(e);
      slot.job = null;
      if (this.closing) return;
      const i = this.slots.indexOf(slot);
      if (i < 0) return;
      const fresh = this.spawn();
      this.slots[i] = fresh;
      this.next(fresh);
    };
    slot.worker.on('error', fail);
    slot.worker.on('exit', (code) => {
      if (!this.closing) fail(new Error(`a password worker exited with code ${code}`));
    });
    return slot;
  }
}
