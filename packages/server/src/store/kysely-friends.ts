/** {@link FriendsStore} on any Kysely database (SQLite, PostgreSQL): portable queries only, like the rest of the store. */
import type { Kysely } from 'kysely';
import { linkId } from '../ids.js';
import type {
  FriendInvite,
  FriendLink,
  LinkCounts,
  ReceivedInvite,
  RequestOutcome,
  RequestsFrom,
} from './friends.js';
import { isUniqueViolation } from './sql-errors.js';
import type { Database } from './schema.js';
import type { FriendsStore } from './types.js';

type Db = Kysely<Database>;

/** The pair's key: the lower id first. */
const pair = (a: string, b: string): { user_low: string; user_high: string } =>
  a < b ? { user_low: a, user_high: b } : { user_low: b, user_high: a };

export class KyselyFriends implements FriendsStore {
  constructor(private readonly db: Db) {}

  async request(fromId: string, toId: string, at: number): Promise<RequestOutcome> {
    if (fromId === toId) throw new Error('a user cannot befriend themselves');
    const key = pair(fromId, toId);
    try {
      await this.db
        .insertInto('friendships')
        .values({
          id: linkId(),
          ...key,
          requester: fromId,
          status: 'pending',
          created_at: at,
          accepted_at: null,
        })
        .execute();
      return 'requested';
    } catch (e) {
      if (!isUniqueViolation(e)) throw e;
    }
    // A row exists: the other side's request is accepted now (once, by this update), or it is ours or done.
    const accepted = await this.db
      .updateTable('friendships')
      .set({ status: 'accepted', accepted_at: at })
      .where('user_low', '=', key.user_low)
      .where('user_high', '=', key.user_high)
      .where('status', '=', 'pending')
      .where('requester', '=', toId)
      .executeTakeFirst();
    if (Number(accepted.numUpdatedRows) > 0) return 'accepted';
    const row = await this.db
      .selectFrom('friendships')
      .select(['status'])
      .where('user_low', '=', key.user_low)
      .where('user_high', '=', key.user_high)
      .executeTakeFirst();
    if (!row) return this.request(fromId, toId, at); // removed meanwhile: ask anew
    return row.status === 'accepted' ? 'friends' : 'pending';
  }

  async accept(userId: string, otherId: string, at: number): Promise<boolean> {
    const key = pair(userId, otherId);
    const r = await this.db
      .updateTable('friendships')
      .set({ status: 'accepted', accepted_at: at })
      .where('user_low', '=', key.user_low)
      .where('user_high', '=', key.user_high)
      .where('status', '=', 'pending')
      .where('requester', '=', otherId)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  async remove(userId: string, otherId: string): Promise<boolean> {
    const key = pair(userId, otherId);
    return this.db.transaction().execute(async (tx) => {
      const r = await tx
        .deleteFrom('friendships')
        .where('user_low', '=', key.user_low)
        .where('user_high', '=', key.user_high)
        .executeTakeFirst();
      await tx
        .deleteFrom('friend_invites')
        .where((w) =>
          w.or([
            w.and([w('from_id', '=', userId), w('to_id', '=', otherId)]),
            w.and([w('from_id', '=', otherId), w('to_id', '=', userId)]),
          ]),
        )
        .execute();
      return Number(r.numDeletedRows) > 0;
    });
  }

  /** The user's links, each row read from where the user is (low or high side), with the other's name now. */
  private rowsOf(userId: string, linkId?: string) {
    const side = (mine: 'user_low' | 'user_high', theirs: 'user_low' | 'user_high') => {
      let q = this.db
        .selectFrom('friendships')
        .innerJoin('users', 'users.id', `friendships.${theirs}`)
        .select([
          'friendships.id as link',
          'users.id',
          'users.name',
          'requester',
          'status',
          'friendships.created_at',
          'accepted_at',
        ])
        .where(mine, '=', userId);
      if (linkId !== undefined) q = q.where('friendships.id', '=', linkId);
      return q;
    };
    return side('user_low', 'user_high').unionAll(side('user_high', 'user_low')).execute();
  }

  private linkOf(userId: string, r: Awaited<ReturnType<KyselyFriends['rowsOf']>>[number]): FriendLink {
    const status = r.status === 'accepted' ? 'friend' : r.requester === userId ? 'outgoing' : 'incoming';
    return {
      id: r.link ?? '',
      userId: r.id,
      name: r.name,
      status,
      since: Number(status === 'friend' ? (r.accepted_at ?? r.created_at) : r.created_at),
    };
  }

  async links(userId: string): Promise<FriendLink[]> {
    const order = { friend: 0, incoming: 1, outgoing: 2 } as const;
    return (await this.rowsOf(userId))
      .map((r) => this.linkOf(userId, r))
      .sort(
        (a, b) =>
          order[a.status] - order[b.status] ||
          a.name.localeCompare(b.name, 'de', { sensitivity: 'base' }) ||
          (a.userId < b.userId ? -1 : 1),
      );
  }

  async link(userId: string, linkId: string): Promise<FriendLink | null> {
    const [r] = await this.rowsOf(userId, linkId);
    return r ? this.linkOf(userId, r) : null;
  }

  async counts(userId: string): Promise<LinkCounts> {
    const rows = await this.db
      .selectFrom('friendships')
      .select(['status', 'requester', (e) => e.fn.countAll<number | string>().as('n')])
      .where((w) => w.or([w('user_low', '=', userId), w('user_high', '=', userId)]))
      .groupBy(['status', 'requester'])
      .execute();
    const counts = { friends: 0, outgoing: 0, incoming: 0 };
    for (const r of rows) {
      const kind = r.status === 'accepted' ? 'friends' : r.requester === userId ? 'outgoing' : 'incoming';
      counts[kind] += Number(r.n);
    }
    return counts;
  }

  async declineAll(userId: string): Promise<number> {
    const r = await this.db
      .deleteFrom('friendships')
      .where('status', '=', 'pending')
      .where('requester', '<>', userId)
      .where((w) => w.or([w('user_low', '=', userId), w('user_high', '=', userId)]))
      .executeTakeFirst();
    return Number(r.numDeletedRows);
  }

  async requestsFrom(userId: string): Promise<RequestsFrom> {
    const r = await this.db
      .selectFrom('friend_settings')
      .select('requests')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return r?.requests === 'known' ? 'known' : 'anyone';
  }

  async setRequestsFrom(userId: string, from: RequestsFrom): Promise<void> {
    await this.db
      .insertInto('friend_settings')
      .values({ user_id: userId, requests: from })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ requests: from }))
      .execute();
  }

  async known(a: string, b: string): Promise<boolean> {
    const together = await this.db
      .selectFrom('table_players as x')
      .innerJoin('table_players as y', 'y.table_id', 'x.table_id')
      .select('x.table_id')
      .where('x.user_id', '=', a)
      .where('y.user_id', '=', b)
      .limit(1)
      .executeTakeFirst();
    if (together) return true;
    const theirs = new Set(await this.friendIds(b));
    return (await this.friendIds(a)).some((id) => theirs.has(id));
  }

  async areFriends(a: string, b: string): Promise<boolean> {
    const key = pair(a, b);
    const r = await this.db
      .selectFrom('friendships')
      .select('status')
      .where('user_low', '=', key.user_low)
      .where('user_high', '=', key.user_high)
      .executeTakeFirst();
    return r?.status === 'accepted';
  }

  async friendIds(userId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('friendships')
      .select(['user_low', 'user_high'])
      .where('status', '=', 'accepted')
      .where((w) => w.or([w('user_low', '=', userId), w('user_high', '=', userId)]))
      .execute();
    return rows.map((r) => (r.user_low === userId ? r.user_high : r.user_low));
  }

  async addInvite(i: FriendInvite): Promise<void> {
    await this.db
      .insertInto('friend_invites')
      .values({
        id: i.id,
        from_id: i.fromId,
        to_id: i.toId,
        room_id: i.roomId,
        created_at: i.createdAt,
        expires_at: i.expiresAt,
      })
      .execute();
  }

  async invites(toId: string, now: number): Promise<ReceivedInvite[]> {
    await this.db
      .deleteFrom('friend_invites')
      .where('to_id', '=', toId)
      .where('expires_at', '<=', now)
      .execute();
    const rows = await this.db
      .selectFrom('friend_invites')
      .innerJoin('users', 'users.id', 'friend_invites.from_id')
      .select([
        'friend_invites.id',
        'from_id',
        'to_id',
        'room_id',
        'friend_invites.created_at',
        'expires_at',
        'users.name',
      ])
      .where('to_id', '=', toId)
      .where('expires_at', '>', now)
      .orderBy('friend_invites.created_at', 'desc')
      .orderBy('friend_invites.id')
      .execute();
    return rows.map((r) => ({
      id: r.id,
      fromId: r.from_id,
      fromName: r.name,
      toId: r.to_id,
      roomId: r.room_id,
      createdAt: Number(r.created_at),
      expiresAt: Number(r.expires_at),
    }));
  }

  async dropInvite(id: string, toId: string): Promise<boolean> {
    const r = await this.db
      .deleteFrom('friend_invites')
      .where('id', '=', id)
      .where('to_id', '=', toId)
      .executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }
}
