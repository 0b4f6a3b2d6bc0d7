/**
 * Manners over HTTP (issue #20): blocks and their list, reports, the quick-match cool-down, and the moderators'
 * view of the reports (ADMIN_USERS; everyone else gets 404, as if the routes were not there). Blocks, unblocks and
 * reports count against LIMIT_MANNERS per user; a user blocks at most MANNERS_LIMITS.blocks players and reports at
 * most MANNERS_LIMITS.reportsPerDay times a day.
 */
import { MANNERS_LIMITS, type ModReport } from '@hearts/protocol/http';
import type { Handlers } from './api-router.js';
import { HttpError, rateLimitError } from './http-json.js';
import { randomString } from './ids.js';
import { coolDownOf, isModerator, leavePolicy } from './manners.js';
import type { Services } from './services.js';
import { ReportedAlreadyError, type StoredReport } from './store/manners.js';
import type { UserRecord } from './store/types.js';

/** Chat lines of a reported table the moderator reads at most (the last ones). */
export const MOD_CHAT_LINES = 200;
/** Reports a moderator's page lists at most. */
export const MOD_REPORTS = 100;

const DAY_MS = 24 * 3_600_000;

export function mannersHandlers(
  s: Services,
): Pick<Handlers, 'blocks' | 'block' | 'unblock' | 'report' | 'coolDown' | 'modReports' | 'modHandle'> {
  const store = s.store;
  const limit = async (user: UserRecord): Promise<void> => {
    const limited = await s.limits.take('manners', `user:${user.id}`);
    if (limited) throw rateLimitError(limited);
  };
  /** The list names each blocked player by name now, never by user id (issue #42). */
  const list = async (user: UserRecord) => ({
    blocked: (await store.manners.blocked(user.id)).map((b) => ({ name: b.name, since: b.since })),
  });
  /**
   * The human at the table's seat (at the deal), for a user who sat at that table or watched it; null otherwise —
   * an unknown table, a table the user never sat at or watched, a bot's seat and a seat nobody has are one answer
   * (issue #42, scenario 6: a stranger learns nothing of who sits where).
   */
  const seatedUser = async (user: UserRecord, tableId: string, seat: number): Promise<string | null> => {
    const t = await store.loadTable(tableId);
    if (!t) return null;
    const seats = t.table.seats;
    const present =
      seats.some((x) => x.kind === 'human' && x.userId === user.id) ||
      (await store.manners.hasWatched(tableId, user.id));
    const s = present ? seats[seat] : undefined;
    return s?.kind === 'human' ? s.userId : null;
  };
  const moderator = (user: UserRecord): void => {
    if (!isModerator(user, s.config)) throw new HttpError(404, 'ERR_NOT_FOUND', 'no such route');
  };
  const modReport = async (r: StoredReport): Promise<ModReport> => {
    const [chat, status, others] = await Promise.all([
      store.manners.chat(r.tableId, MOD_CHAT_LINES),
      store.tableStatus(r.tableId),
      store.manners.reports('open', MOD_REPORTS),
    ]);
    return {
      id: r.id,
      reporter: r.reporterName,
      reported: r.reportedName,
      reportedId: r.reportedId,
      tableId: r.tableId,
      seat: r.seat,
      reason: r.reason,
      text: r.text,
      at: r.at,
      status: r.status,
      handledAt: r.handledAt,
      finished: status?.status === 'finished',
      otherReports: others.filter((o) => o.reportedId === r.reportedId && o.id !== r.id).length,
      chat: chat.map((l) => ({
        name: l.name,
        seat: l.seat,
        source: l.source,
        text: l.text,
        at: l.at,
        reported: l.userId === r.reportedId,
      })),
    };
  };

  return {
    blocks: ({ user }) => list(user),
    block: async ({ user, body }) => {
      await limit(user);
      const target = 'userId' in body ? body.userId : await seatedUser(user, body.tableId, body.seat);
      if (target === null || !(await store.userById(target)))
        throw new HttpError(404, 'ERR_NOT_FOUND', 'no such player');
      if (target === user.id) throw new HttpError(400, 'ERR_SELF', 'you cannot block yourself');
      if ((await store.manners.blockCount(user.id)) >= MANNERS_LIMITS.blocks)
        throw new HttpError(
          409,
          'ERR_TOO_MANY',
          `you blocked ${MANNERS_LIMITS.blocks} players: unblock some first`,
        );
      await store.manners.block(user.id, target, Date.now());
      return list(user);
    },
    unblock: async ({ user, body }) => {
      await limit(user);
      const other = await store.userByName(body.name.trim());
      if (other) await store.manners.unblock(user.id, other.id);
      return list(user);
    },
    report: async ({ user, body }) => {
      await limit(user);
      const t = await store.loadTable(body.tableId);
      const seats = t?.table.seats ?? [];
      if (!seats.some((x) => x.kind === 'human' && x.userId === user.id))
        throw new HttpError(403, 'ERR_NOT_AT_TABLE', 'you report players of tables you sit at');
      const target = seats[body.seat];
      if (target?.kind !== 'human')
        throw new HttpError(403, 'ERR_NOT_AT_TABLE', 'that seat has no player to report');
      if (target.userId === user.id) throw new HttpError(400, 'ERR_SELF', 'you cannot report yourself');
      const now = Date.now();
      if ((await store.manners.reportsSince(user.id, now - DAY_MS)) >= MANNERS_LIMITS.reportsPerDay)
        throw new HttpError(
          409,
          'ERR_TOO_MANY',
          `at most ${MANNERS_LIMITS.reportsPerDay} reports a day: a moderator reads them all`,
        );
      const id = `r${randomString(15, 'abcdefghijkmnopqrstuvwxyz23456789')}`;
      try {
        await store.manners.addReport({
          id,
          reporterId: user.id,
          reportedId: target.userId,
          tableId: body.tableId,
          seat: body.seat,
          reason: body.reason,
          text: body.text.trim(),
          at: now,
        });
      } catch (e) {
        if (e instanceof ReportedAlreadyError) throw new HttpError(409, 'ERR_REPORTED', e.message);
        throw e;
      }
      s.log.info({ report: id, table: body.tableId, reason: body.reason }, 'a player was reported');
      return { id };
    },
    coolDown: ({ user }) => coolDownOf(store, user.id, Date.now(), leavePolicy(s.config)),
    modReports: async ({ user, query }) => {
      moderator(user);
      const reports = await store.manners.reports(query.status, MOD_REPORTS);
      return { reports: await Promise.all(reports.map(modReport)) };
    },
    modHandle: async ({ user, params, body }) => {
      moderator(user);
      if (!(await store.manners.handleReport(params.id, body.status, user.id, Date.now()))) {
        const r = await store.manners.report(params.id);
        if (!r) throw new HttpError(404, 'ERR_NOT_FOUND', 'no such report');
        throw new HttpError(409, 'ERR_HANDLED', 'the report was handled already');
      }
      s.log.info({ report: params.id, status: body.status, by: user.id }, 'a report was handled');
      return { report: await modReport((await store.manners.report(params.id))!) };
    },
  };
}
