/**
 * Bots off the main thread: a pool of worker threads, each running `@hearts/bots`. A table of bots thinking hard
 * never stalls the other tables. A bot sees only its seat's observation.
 *
 * ```ts
 * const pool = new BotPool(2);
 * const decision = await pool.decide(observation(state, 2), 'medium', 300);
 * await pool.close();
 * ```
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Decision, Level } from '@hearts/bots';
import type { Observation } from '@hearts/engine';
import type { BotRequest, BotResponse } from '@hearts/protocol/bot-worker';

/**
 * Anything that answers bot decisions (the pool, or a test double that must still be a real bot); the arguments in
 * the order of the table's `BotPort` and of the bot worker's `BotDecide`.
 */
export interface BotDecider {
  decide(observation: Observation, level: Level, timeMs: number): Promise<Decision>;
}

interface Slot {
  worker: Worker;
  dead: boolean;
  pending: Map<number, { resolve(d: Decision): void; reject(e: Error): void }>;
}

/** A compiled worker (`bot-worker.js`, `hash-worker.js`) beside this file, or (sources under test) the built one. */
export function workerUrl(file: string): URL {
  const here = new URL(`./${file}`, import.meta.url);
  if (existsSync(fileURLToPath(here))) return here;
  const built = new URL(`../dist/${file}`, import.meta.url);
  if (existsSync(fileURLToPath(built))) return built;
  throw new Error(`the worker ${file} is not built: run \`npm run build\``);
}

/**
 * The parent's Node options without custom import conditions: under the test runner the parent resolves the
 * workspace packages to their TypeScript sources (`--conditions source`), which a plain worker cannot load.
 */
export function workerExecArgv(): string[] {
  const out: string[] = [];
  const args = process.execArgv;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--conditions' || a === '-C') i++;
    else if (!a.startsWith('--conditions=') && !a.startsWith('-C=')) out.push(a);
  }
  return out;
}

export class BotPool implements BotDecider {
  private readonly slots: Slot[] = [];
  private readonly url = workerUrl('bot-worker.js');
  private nextId = 0;
  private closing = false;

  constructor(size: number) {
    for (let i = 0; i < Math.max(1, size); i++) this.slots.push(this.spawn());
  }

  /** Asks a bot; rejects when the worker fails (the caller falls back to a legal move of its own). */
  decide(observation: Observation, level: Level, timeMs: number): Promise<Decision> {
    if (this.closing) return Promise.reject(new Error('the bot pool is closed'));
    let slot = this.slots[0]!;
    for (const s of this.slots) if (s.pending.size < slot.pending.size) slot = s;
    const id = ++this.nextId;
    return new Promise<Decision>((resolve, reject) => {
      slot.pending.set(id, { resolve, reject });
      slot.worker.postMessage({ id, level, timeMs, observation } satisfies BotRequest);
    });
  }

  /** Requests waiting for an answer. */
  get busy(): number {
    return this.slots.reduce((n, s) => n + s.pending.size, 0);
  }

  async close(): Promise<void> {
    this.closing = true;
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
  }

  private spawn(): Slot {
    const slot: Slot = {
      worker: new Worker(this.url, { execArgv: workerExecArgv() }),
      dead: false,
      pending: new Map(),
    };
    slot.worker.on('message', (res: BotResponse) => {
      const p = slot.pending.get(res.id);
      if (!p) return;
      slot.pending.delete(res.id);
      if (res.ok) p.resolve(res.decision);
      else p.reject(new Error(res.error));
    });
    const fail = (e: Error) => {
      if (slot.dead) return;
      slot.dead = true;
      for (const p of slot.pending.values()) p.reject(e);
      slot.pending.clear();
      if (this.closing) return;
      const i = this.slots.indexOf(slot);
      if (i >= 0) this.slots[i] = this.spawn();
    };
    slot.worker.on('error', fail);
    slot.worker.on('exit', (code) => {
      if (!this.closing) fail(new Error(`a bot worker exited with code ${code}`));
    });
    slot.worker.unref();
    return slot;
  }
}
