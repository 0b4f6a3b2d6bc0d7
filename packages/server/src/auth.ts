/**
 * Identity without sign-up: a guest gets a name and a signed token (kept in the browser); claiming the name with
 * a password lets its owner sign in on other devices. Passwords are scrypt hashes computed off the file-serving
 * threads (passwords.ts); names that pose as bots or staff are refused (names.ts).
 *
 * Tokens are `h2.<userId>.<generation>.<issued, seconds>.<HMAC-SHA256>` (docs/security.md, "Identity"). A token
 * is good for `tokenTtlMs` after it was issued and only while the user's token generation is the one it names:
 * claiming the name and "sign out everywhere" move the generation on. A token older than a day is renewed: the
 * caller hands the fresh one back (GET /api/me, joining a room). Tokens of the first format, `<userId>.<HMAC>`,
 * are taken while the user's generation is still 0, as if issued when this version first started.
 *
 * ```ts
 * const id = await Identity.open(store, { secret: null, hasher: new PasswordHasher({ workers: 1, queue: 16 }) });
 * const { user, token } = await id.guest('de'); // user.name: "Gast 4821"
 * (await id.session(token))?.user.id; // user.id
 * ```
 */
import type { PublicUser } from '@hearts/protocol/http';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { NAME_PATTERN } from '@hearts/protocol/socket';
import { randomString, userId } from './ids.js';
import { nameRefusal } from './names.js';
import type { PasswordHasher } from './passwords.js';
import { NameTakenError, type GameStore, type UserRecord } from './store/types.js';
import { isProvisional } from './rating/model.js';

export const INITIAL_RATING = 1500;

const DAY = 24 * 60 * 60 * 1000;
/** Default lifetime of a token that is not renewed. */
export const TOKEN_TTL_MS = 180 * DAY;
/** A token older than this is renewed when it is used (at most half its lifetime). */
const RENEW_AFTER_MS = DAY;
/** Tokens issued up to this far in the future (clocks of several processes) are taken. */
const CLOCK_SKEW_MS = 5 * 60 * 1000;

/** The word a new guest's name starts with, by the language tag of the player's UI: German "Gast", else "Guest". */
export function guestWord(lang: string | undefined): string {
  return lang?.split('-')[0]?.toLowerCase() === 'de' ? 'Gast' : 'Guest';
}

/**
 * The language a browser prefers most by its Accept-Language header (`de-AT,de;q=0.9,en;q=0.8` → `de-AT`), for a
 * guest request that names none; undefined without a header or with only `*`. Reads at most 16 entries.
 */
export function preferredLanguage(header: string | undefined): string | undefined {
  let best: string | undefined;
  let bestQ = 0;
  for (const entry of (header ?? '').split(',', 16)) {
    const [tag = '', ...params] = entry.trim().split(';');
    if (!/^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/.test(tag)) continue; // also `*`
    const q = params.map((p) => /^\s*q=([01](\.\d{0,3})?)\s*$/.exec(p)).find(Boolean);
    const weight = q ? Number(q[1]) : 1;
    if (weight > bestQ) [best, bestQ] = [tag, weight];
  }
  return best;
}

/** Why an identity request was refused. */
export type IdentityError =
  | 'ERR_BAD_NAME'
  | 'ERR_RESERVED_NAME' // poses as a bot or as staff
  | 'ERR_NAME_TAKEN'
  | 'ERR_BAD_PASSWORD' // too short or too long
  | 'ERR_ALREADY_CLAIMED'
  | 'ERR_WRONG_LOGIN'
  | 'ERR_NO_USER';

export class IdentityRefusal extends Error {
  constructor(
    readonly code: IdentityError,
    message: string,
  ) {
    super(message);
  }
}

/** What a client learns about its user (never the password hash): declared in `@hearts/protocol/http`. */
export type { PublicUser } from '@hearts/protocol/http';

export const publicUser = (u: UserRecord): PublicUser => ({
  id: u.id,
  name: u.name,
  claimed: u.passwordHash !== null,
  rating: Math.round(u.rating),
  provisional: isProvisional(u.games),
  games: u.games,
});

/** What a well-signed token says; whether it still holds depends on the user and the clock. */
export interface TokenClaims {
  readonly userId: string;
  readonly generation: number; // the legacy format: 0
  readonly issuedAt: number | null; // ms; null: the legacy format (no time in it)
  readonly previousSecret: boolean; // signed with a secret being rotated out (SECRET_PREVIOUS): renewed when used
}

/** A token that holds: its user, and a fresh token when this one is old enough to renew (else null). */
export interface Session {
  readonly user: UserRecord;
  readonly renewed: string | null;
}

export interface IdentityOptions {
  readonly secret: string | null; // signs tokens; null: one generated once and kept in the database
  readonly previousSecret?: string | null; // the secret before a rotation: its tokens still hold, renewed when used
  readonly hasher: PasswordHasher;
  readonly tokenTtlMs?: number; // default TOKEN_TTL_MS
  readonly clock?: () => number; // default Date.now
  /** ADMIN_USERS, lower-cased: these names are taken only with {@link Identity.moderatorCode} (and then may be reserved words). */
  readonly moderators?: readonly string[];
}

const ID = /^[A-Za-z0-9_-]{1,40}$/;

export class Identity {
  private readonly ttl: number;
  private readonly renewAfter: number;
  private readonly clock: () => number;
  private readonly moderators: readonly string[];

  private constructor(
    private readonly store: GameStore,
    private readonly secret: Buffer,
    private readonly previous: Buffer | null,
    private readonly legacyEpoch: number, // when tokens of the first format count as issued
    readonly hasher: PasswordHasher,
    options: IdentityOptions,
  ) {
    this.ttl = options.tokenTtlMs ?? TOKEN_TTL_MS;
    this.renewAfter = Math.min(RENEW_AFTER_MS, this.ttl / 2);
    this.clock = options.clock ?? Date.now;
    this.moderators = options.moderators ?? [];
  }

  /**
   * The code that takes a moderator's name (one of ADMIN_USERS) while nobody holds it: signed with the token
   * secret, so every process of a server prints the same one at start, and it is worth nothing once the name is
   * taken (names are unique). Without it a configured name is refused as reserved, so nobody else takes it first.
   */
  moderatorCode(name: string): string {
    return this.mac(`hearts-moderator/1:${name.trim().toLowerCase()}`).slice(0, 16);
  }

  /** Signs with the configured secret, or one generated once and kept in the database. */
  static async open(store: GameStore, options: IdentityOptions): Promise<Identity> {
    const s = options.secret ?? (await store.initSetting('token-secret', randomBytes(32).toString('hex')));
    const now = (options.clock ?? Date.now)();
    const epoch = Number(await store.initSetting('legacy-token-epoch', String(now)));
    const previous = options.previousSecret ? Buffer.from(options.previousSecret, 'utf8') : null;
    return new Identity(store, Buffer.from(s, 'utf8'), previous, epoch, options.hasher, options);
  }

  /** A token for the user's current generation, issued now. */
  tokenFor(user: Pick<UserRecord, 'id' | 'tokenGeneration'>): string {
    const body = `${user.id}.${user.tokenGeneration}.${Math.floor(this.clock() / 1000)}`;
    return `h2.${body}.${this.mac(`hearts-token/2:${body}`)}`;
  }

  /**
   * What a token says when its signature is good (by the secret, or the previous one while it is rotated out),
   * else null (forged, malformed). Not whether it still holds.
   */
  verify(token: unknown): TokenClaims | null {
    if (typeof token !== 'string' || token.length > 200) return null;
    const parts = token.split('.');
    const signedBy = (mac: string, text: string): boolean | null =>
      this.same(mac, this.mac(text))
        ? false
        : this.previous && this.same(mac, this.mac(text, this.previous))
          ? true
          : null;
    if (parts.length === 5 && parts[0] === 'h2') {
      const [, id, gen, iat, mac] = parts as [string, string, string, string, string];
      if (!ID.test(id) || !/^\d{1,9}$/.test(gen) || !/^\d{1,12}$/.test(iat)) return null;
      const previousSecret = signedBy(mac, `hearts-token/2:${id}.${gen}.${iat}`);
      if (previousSecret === null) return null;
      return { userId: id, generation: Number(gen), issuedAt: Number(iat) * 1000, previousSecret };
    }
    if (parts.length === 2) {
      const [id, mac] = parts as [string, string];
      if (!ID.test(id)) return null;
      const previousSecret = signedBy(mac, `hearts-user/1:${id}`);
      if (previousSecret === null) return null;
      return { userId: id, generation: 0, issuedAt: null, previousSecret };
    }
    return null;
  }

  /** The user a token speaks for, if it holds now (signature, lifetime, generation), and its renewal. */
  async session(token: unknown): Promise<Session | null> {
    const claims = this.verify(token);
    if (!claims) return null;
    const now = this.clock();
    const issued = claims.issuedAt ?? this.legacyEpoch;
    if (issued > now + CLOCK_SKEW_MS || now - issued >= this.ttl) return null;
    const user = await this.store.userById(claims.userId);
    if (!user || user.tokenGeneration !== claims.generation) return null;
    const renew = claims.issuedAt === null || claims.previousSecret || now - issued >= this.renewAfter;
    return { user, renewed: renew ? this.tokenFor(user) : null };
  }

  async user(token: unknown): Promise<UserRecord | null> {
    return (await this.session(token))?.user ?? null;
  }

  /** A new guest with a free name like "Guest 4821", "Gast 4821" in German (`lang`: a language tag; else English). */
  async guest(lang?: string): Promise<{ user: UserRecord; token: string }> {
    const word = guestWord(lang);
    for (let digits = 4; ; digits++) {
      const user: UserRecord = {
        id: userId(),
        name: `${word} ${randomString(digits, '0123456789')}`,
        passwordHash: null,
        tokenGeneration: 0,
        rating: INITIAL_RATING,
        games: 0,
        createdAt: this.clock(),
        lastPlayedAt: null,
        claimedAt: null, // a guest: no name claimed (as the store reads it back)
      };
      try {
        await this.store.createUser(user);
        return { user, token: this.tokenFor(user) };
      } catch (e) {
        if (!(e instanceof NameTakenError) || digits > 12) throw e;
      }
    }
  }

  /**
   * Renames a guest (a claimed name stays). A moderator's name (ADMIN_USERS) needs its {@link moderatorCode} and is
   * then taken even when it holds a reserved word ("mod1"); without the code it is refused as reserved.
   */
  async rename(id: string, name: unknown, code?: string): Promise<UserRecord> {
    const user = await this.existing(id);
    if (typeof name !== 'string' || !NAME_PATTERN.test(name.trim()))
      throw new IdentityRefusal('ERR_BAD_NAME', 'a name has 2–24 letters, digits, spaces, _ . or -');
    const wanted = name.trim();
    if (user.passwordHash !== null && user.name.toLowerCase() !== wanted.toLowerCase())
      throw new IdentityRefusal('ERR_ALREADY_CLAIMED', 'a claimed name cannot be changed');
    const moderator =
      this.moderators.includes(wanted.toLowerCase()) && user.name.toLowerCase() !== wanted.toLowerCase();
    if (moderator) {
      if (code === undefined || !this.same(code, this.moderatorCode(wanted)))
        throw new IdentityRefusal(
          'ERR_RESERVED_NAME',
          `"${wanted}" is a moderator's name: it is taken with the code the server logs at start`,
        );
    } else {
      const refused = nameRefusal(wanted);
      if (refused) throw new IdentityRefusal('ERR_RESERVED_NAME', refused);
    }
    try {
      await this.store.renameUser(id, wanted);
    } catch (e) {
      if (e instanceof NameTakenError) throw new IdentityRefusal('ERR_NAME_TAKEN', e.message);
      throw e;
    }
    return this.existing(id);
  }

  /**
   * Keeps the guest's name with a password, for signing in on other devices. Every token issued before stops
   * working: the answer carries this device's new one.
   */
  async claim(id: string, password: unknown): Promise<{ user: UserRecord; token: string }> {
    const user = await this.existing(id);
    if (user.passwordHash !== null)
      throw new IdentityRefusal('ERR_ALREADY_CLAIMED', 'the name is already claimed');
    checkPassword(password);
    if (!(await this.store.claimUser(id, await this.hasher.hash(password))))
      throw new IdentityRefusal('ERR_ALREADY_CLAIMED', 'the name is already claimed');
    const claimed = await this.existing(id);
    return { user: claimed, token: this.tokenFor(claimed) };
  }

  /** Every token of the user stops working; the answer carries this device's new one. */
  async signOutEverywhere(id: string): Promise<{ user: UserRecord; token: string }> {
    await this.existing(id);
    await this.store.rotateTokens(id);
    const user = await this.existing(id);
    return { user, token: this.tokenFor(user) };
  }

  /**
   * Signs in with name and password. Unknown names and names without a password cost one scrypt check with
   * today's parameters all the same (a dummy check). A hash with older parameters is hashed anew on success; on
   * a failure a dummy check takes its place, so that an old (cheaper) hash does not answer sooner than a dummy.
   * Rejects with HasherBusy when the hasher's queue is full.
   */
  async login(name: unknown, password: unknown): Promise<{ user: UserRecord; token: string }> {
    if (typeof name !== 'string' || name.length > 64 || typeof password !== 'string' || password.length > 200)
      throw new IdentityRefusal('ERR_WRONG_LOGIN', 'wrong name or password');
    const user = await this.store.userByName(name.trim());
    let ok = false;
    if (user?.passwordHash != null) {
      const check = await this.hasher.verify(password, user.passwordHash);
      ok = check.ok;
      if (check.stale) await this.upgrade(user, password, ok);
    } else {
      await this.hasher.verifyDummy(password);
    }
    if (!user || !ok) throw new IdentityRefusal('ERR_WRONG_LOGIN', 'wrong name or password');
    return { user, token: this.tokenFor(user) };
  }

  /**
   * After a check against a hash of older parameters: the right password is hashed anew with today's (a re-hash,
   * tokens stay); a wrong one costs a dummy check. A busy hasher leaves the upgrade for the next sign-in.
   */
  private async upgrade(user: UserRecord, password: string, ok: boolean): Promise<void> {
    let fresh: string | false;
    try {
      fresh = ok ? await this.hasher.hash(password) : await this.hasher.verifyDummy(password);
    } catch {
      return;
    }
    if (fresh !== false) await this.store.setPassword(user.id, fresh);
  }

  private async existing(id: string): Promise<UserRecord> {
    const user = await this.store.userById(id);
    if (!user) throw new IdentityRefusal('ERR_NO_USER', 'no such user');
    return user;
  }

  private mac(text: string, secret: Buffer = this.secret): string {
    return createHmac('sha256', secret).update(text).digest('base64url');
  }

  private same(given: string, expected: string): boolean {
    const a = Buffer.from(given);
    const b = Buffer.from(expected);
    return a.length === b.length && timingSafeEqual(a, b);
  }
}

function checkPassword(password: unknown): asserts password is string {
  if (typeof password !== 'string' || password.length < 8 || password.length > 200)
    throw new IdentityRefusal('ERR_BAD_PASSWORD', 'a password has 8 to 200 characters');
}
