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
 */
import type { Logger } from 'pino';
import { CHAT_KEPT, type ErrorMessage } from '@hearts/table/protocol';
import type { ChatSource } from '@hearts/live/api';
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
