/**
 * A bot that is another program, spoken to in `hearts-bot/1` (docs/bot-protocol.md): `cmd:<shell command>` in
 * the arena. One process serves every seat it plays (each `decide` message is self-contained); it is started at
 * its first decision, when the arena waits for it (a thread busy with our own bots for minutes would otherwise
 * see the hello's deadline pass before it read the answer). A slow, silent,
 * crashed or wrong bot never stops a match: its decision fails with a reason and the arena plays a random
 * legal move instead and reports it.
 *
 * ```ts
 * const bot = new ExternalBot('node examples/random-bot.mjs', 'random-bot');
 * const decision = await bot.decide(observation(state, 1), { timeMs: 100, random: seededRandom(1) });
 * await bot.close();
 * ```
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';
import {
  PROTOCOL,
  decideMessage,
  parseMove,
  type ArenaPlayer,
  type Decision,
  type DecideOptions,
} from '@hearts/bots';
import type { Observation } from '@hearts/engine';

export interface ExternalBotOptions {
  readonly startMs?: number; // how long the hello answer may take
  readonly graceMs?: number; // added to each decision's time budget before it counts as no answer
  readonly log?: (line: string) => void; // where the program's stderr lines go
}

/** After this many decisions in a row without an answer the program is stopped and replaced by random moves. */
const MAX_TIMEOUTS = 3;

interface Pending {
  readonly id: number;
  readonly resolve: (line: string) => void;
  readonly reject: (e: Error) => void;
}

export class ExternalBot implements ArenaPlayer {
  private running: { readonly child: ChildProcessWithoutNullStreams; readonly exited: Promise<void> } | null =
    null;
  private pending: Pending | null = null;
  private dead: string | null = null;
  private nextId = 1;
  private timeouts = 0; // decisions in a row without an answer
  private ready: Promise<void> | null = null;
  private readonly graceMs: number;
  botName: string | null = null; // the name the program gave in its hello

  constructor(
    readonly command: string,
    readonly name: string,
    private readonly options: ExternalBotOptions = {},
  ) {
    this.graceMs = options.graceMs ?? 2000;
  }

  /** Starts the program and sends the hello (once); resolves when it has answered. */
  private start(): Promise<void> {
    if (this.ready) return this.ready;
    // Its own process group, so that stopping it also stops whatever the shell started.
    const child = spawn(this.command, { shell: true, stdio: ['pipe', 'pipe', 'pipe'], detached: true });
    this.running = { child, exited: new Promise((resolve) => child.once('exit', () => resolve())) };
    child.on('error', (e) => this.die(`cannot start: ${e.message}`));
    child.on('exit', (code, signal) => this.die(signal ? `killed by ${signal}` : `exited with code ${code}`));
    child.stdin.on('error', () => this.die('closed its input'));
    const log = this.options.log ?? ((line: string) => process.stderr.write(`[${this.name}] ${line}\n`));
    createInterface({ input: child.stderr }).on('line', log);
    createInterface({ input: child.stdout }).on('line', (line) => this.onLine(line));
    this.ready = this.request(0, { type: 'hello', protocol: PROTOCOL }, this.options.startMs ?? 10_000).then(
      (line) => {
        const m = JSON.parse(line) as { type?: unknown; name?: unknown; message?: unknown };
        if (m.type !== 'hello') throw new Error(`answered the hello with ${line.slice(0, 80)}`);
        this.botName = typeof m.name === 'string' ? m.name : null;
      },
    );
    this.ready.catch((e: Error) => this.die(`bad hello: ${e.message}`));
    return this.ready;
  }

  private die(reason: string): void {
    if (this.dead) return;
    this.dead = reason;
    const p = this.pending;
    this.pending = null;
    p?.reject(new Error(`${this.name} ${reason}`));
  }

  private onLine(line: string): void {
    const p = this.pending;
    if (!p) return; // late answer to a decision that timed out
    let id: unknown;
    try {
      id = (JSON.parse(line) as { id?: unknown }).id;
    } catch {
      id = undefined;
    }
    if (id !== undefined && id !== p.id && p.id !== 0) return; // a stale answer
    this.pending = null;
    p.resolve(line);
  }

  private request(id: number, message: unknown, timeoutMs: number): Promise<string> {
    if (this.dead) return Promise.reject(new Error(`${this.name} ${this.dead}`));
    return new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => {
        if (this.pending?.id === id) this.pending = null;
        reject(new Error(`${this.name} gave no answer within ${timeoutMs} ms`));
      }, timeoutMs);
      this.pending = {
        id,
        resolve: (line) => {
          clearTimeout(timer);
          resolve(line);
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(e);
        },
      };
      this.running!.child.stdin.write(JSON.stringify(message) + '\n');
    });
  }

  async decide(obs: Observation, options: DecideOptions): Promise<Decision> {
    await this.start();
    const id = this.nextId++;
    let line: string;
    try {
      line = await this.request(id, decideMessage(obs, id, options.timeMs), options.timeMs + this.graceMs);
      this.timeouts = 0;
    } catch (e) {
      if (!this.dead && ++this.timeouts >= MAX_TIMEOUTS) {
        this.die(`stopped answering (${MAX_TIMEOUTS} decisions in a row without an answer)`);
        this.kill();
      }
      throw e;
    }
    const r = parseMove(line, id, obs);
    if (!r.ok) throw new Error(`${this.name}: ${r.error}`);
    return r.value;
  }

  /** Says quit and waits briefly for the program to end; kills it if it does not. */
  async close(): Promise<void> {
    if (!this.running) return; // never asked for a decision: never started
    const { child, exited } = this.running;
    if (child.exitCode === null && child.signalCode === null) {
      if (!this.dead) child.stdin.write(JSON.stringify({ type: 'quit' }) + '\n');
      child.stdin.end();
      const timer = setTimeout(() => this.kill(), this.dead ? 0 : 2000);
      await exited;
      clearTimeout(timer);
    }
    this.kill(); // anything the command left running
    child.stdout.destroy();
    child.stderr.destroy();
  }

  /** Stops the program's whole process group. */
  private kill(): void {
    try {
      const pid = this.running?.child.pid;
      if (pid !== undefined) process.kill(-pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}
