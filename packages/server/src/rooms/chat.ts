/**
 * A table's chat as the server keeps it (issue #42): every line said — the players' and the watchers' — is stored
 * with the table for moderators (reports read it; `retention.ts` removes it after `CHAT_RETENTION_DAYS`), within
 * bounds: a table keeps at most {@link CHAT_KEPT} lines of each person and of its watchers together, and every
 * writer is held to `LIMIT_CHAT` lines per address and per user. A line past a bound is refused to its writer
 * (`ERR_CHAT_FULL`, `ERR_CHAT_RATE`) and said to nobody, so what a table read is what is kept.
 *
 * One process runs a table, so the table's counts live here: read from the store once (a table restored after a
 * restart or on another process goes on from what is kept), then counted as lines are said.
 *
 * ```ts
 * const chat = new TableChat(tableId, { store: s.store.manners, limits: s.limits, log: s.log });
 * const refused = await chat.admit({ userId, address }, 'players');
 * if (refused) client.send('error', refused); else { sayIt(); chat.keep({ … }); }
 * ```
 *
 * Around it, {@link RoomChat} is what a table's room knows of its players' chat: the last lines for those who come
 * (back), whom each reader muted (by seat) or blocked (by user: read from the store as they join), and who reads a
 * line. The watchers' own chat lives with them (`watchers.ts`) and is kept here too.
 */
import type { Logger } from 'pino';
import type { Client } from '@colyseus/core';
import { CHAT_KEPT, type ChatLine, type ErrorMessage, type WatcherChatLine } from '@hearts/protocol/socket';
import type { ChatSource } from '@hearts/protocol/http';
import type { Limits } from '../limits.js';
import type { StoredChatLine } from '../store/manners.js';
import type { MannersStore } from '../store/types.js';

/** Who writes a line: the user, and the address their connection came from (rooms/guarded.ts `Auth`). */
export interface ChatWriter {
  readonly userId: string;
  readonly address?: string;
}

interface Counts {
  readonly byUser: Map<string, number>;
  watchers: number;
}

export class TableChat {
  private counts: Promise<Counts> | null = null;

  constructor(
    private readonly tableId: string,
    private readonly deps: {
      readonly store: MannersStore;
      readonly limits: Pick<Limits, 'take'>;
      readonly log: Pick<Logger, 'error'>;
    },
  ) {}

  /**
   * Whether the writer may say a line in the players' or the watchers' chat now: null, and the line is counted;
   * else the refusal to send back. The table's caps are checked (and the line counted) before the rates are taken,
   * in one step, so concurrent lines never pass a cap together.
   */
  async admit(writer: ChatWriter, source: ChatSource): Promise<ErrorMessage | null> {
    const counts = await this.load();
    const mine = counts.byUser.get(writer.userId) ?? 0;
    if (mine >= CHAT_KEPT.perPerson)
      return {
        code: 'ERR_CHAT_FULL',
        message: `this table keeps at most ${CHAT_KEPT.perPerson} lines of each person: you said them all`,
      };
    if (source === 'watchers' && counts.watchers >= CHAT_KEPT.watchers)
      return {
        code: 'ERR_CHAT_FULL',
        message: `this table keeps at most ${CHAT_KEPT.watchers} lines of its watchers: their chat is full`,
      };
    counts.byUser.set(writer.userId, mine + 1);
    if (source === 'watchers') counts.watchers++;
    for (const key of [`user:${writer.userId}`, writer.address ?? 'unknown']) {
      const limited = await this.deps.limits.take('chat', key);
      if (limited) {
        counts.byUser.set(writer.userId, (counts.byUser.get(writer.userId) ?? 1) - 1);
        if (source === 'watchers') counts.watchers--;
        return { code: 'ERR_CHAT_RATE', message: limited.message };
      }
    }
    return null;
  }

  /** Stores a line said (admitted first); a failure is logged, the chat goes on. */
  keep(line: Omit<StoredChatLine, 'tableId'>): void {
    this.deps.store
      .addChat({ ...line, tableId: this.tableId })
      .catch((e: unknown) =>
        this.deps.log.error({ err: e, table: this.tableId }, 'keeping a chat line failed'),
      );
  }

  /** The table's counts, read once; a failed read is logged and tried again at the next line. */
  private load(): Promise<Counts> {
    this.counts ??= this.deps.store.chatCounts(this.tableId).then(
      (rows) => {
        const byUser = new Map<string, number>();
        let watchers = 0;
        for (const r of rows) {
          byUser.set(r.userId, (byUser.get(r.userId) ?? 0) + r.lines);
          if (r.source === 'watchers') watchers += r.lines;
        }
        return { byUser, watchers };
      },
      (e: unknown) => {
        this.deps.log.error({ err: e, table: this.tableId }, 'reading the chat kept failed');
        this.counts = null;
        return { byUser: new Map<string, number>(), watchers: 0 };
      },
    );
    return this.counts;
  }
}

/** Lines of the players' chat a room keeps for those who join (or come back). */
export const CHAT_HISTORY = 50;

/** The players' chat of one room: its last lines, mutes and blocks, on top of what the table keeps (`TableChat`). */
export class RoomChat {
  private table: TableChat | null = null;
  private readonly mutes = new Map<string, Set<number>>(); // by user: seats whose chat they do not read
  private readonly blocks = new Map<string, ReadonlySet<string>>(); // by user: whom they blocked (chat hidden)
  private readonly lines: ChatLine[] = [];

  /** `deps` is read at the first use (the room's id is known by then). */
  constructor(
    private readonly deps: () => ConstructorParameters<typeof TableChat>[1] & { readonly tableId: string },
  ) {}

  /** What the table keeps of its chat, within its bounds. */
  get kept(): TableChat {
    const d = this.deps();
    return (this.table ??= new TableChat(d.tableId, d));
  }

  /**
   * Reads whom the user blocked (their chat is hidden from the user here, history included); on a store failure
   * nobody is hidden (logged), rather than keep the user out.
   */
  async loadBlocks(userId: string): Promise<void> {
    const d = this.deps();
    try {
      this.blocks.set(userId, new Set(await d.store.blockedIds(userId)));
    } catch (e) {
      d.log.error({ err: e, table: d.tableId }, 'reading blocks failed');
    }
  }

  /** Whom the user blocked, as read when they joined. */
  blockedBy(userId: string): ReadonlySet<string> | undefined {
    return this.blocks.get(userId);
  }

  mute(userId: string, seat: number, muted: boolean): void {
    let set = this.mutes.get(userId);
    if (!set) this.mutes.set(userId, (set = new Set()));
    if (muted) set.add(seat);
    else set.delete(seat);
  }

  /** Whether the user reads the seat's chat: not muted, and its speaker not someone they blocked. */
  reads(userId: string, seat: number, speaker: string | null | undefined): boolean {
    if (this.mutes.get(userId)?.has(seat)) return false;
    return !(speaker && this.blocks.get(userId)?.has(speaker));
  }

  /** A player's line (admitted first): kept with the table and sent to every reader. */
  say(
    line: ChatLine,
    userId: string,
    readers: Iterable<{ readonly client: Client; readonly userId: string }>,
  ): void {
    this.lines.push(line);
    if (this.lines.length > CHAT_HISTORY) this.lines.shift();
    this.kept.keep({
      userId,
      name: line.name,
      seat: line.seat,
      source: 'players',
      text: line.text,
      at: line.at,
    });
    for (const r of readers) if (this.reads(r.userId, line.seat, userId)) r.client.send('chat', line);
  }

  /** A watcher's line (said to the watchers by `Watchers.chat`): kept with the table. */
  keepWatcherLine(said: { readonly userId: string; readonly line: WatcherChatLine }): void {
    const { name, text, at } = said.line;
    this.kept.keep({ userId: said.userId, name, seat: null, source: 'watchers', text, at });
  }

  /** The last lines the user reads (on joining); `speakerOf` names who sits at a seat now. */
  history(userId: string, speakerOf: (seat: number) => string | null | undefined): ChatLine[] {
    return this.lines.filter((l) => this.reads(userId, l.seat, speakerOf(l.seat)));
  }

  /** A new game in the room (reopened after its game): its lines start afresh. */
  clear(): void {
    this.lines.length = 0;
  }
}
