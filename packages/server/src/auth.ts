/**
 * Identity without sign-up: a guest gets a name and a signed token (kept in the browser); claiming the name with
 * a password lets its owner sign in on other devices. Tokens are `<userId>.<HMAC-SHA256>`; passwords are kept as
 * scrypt hashes.
 *
 * ```ts
 * const id = await Identity.open(store, null);
 * const { user, token } = await id.guest();
 * id.verify(token); // user.id
 * ```
 */
import { createHmac, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { NAME_PATTERN } from '@hearts/live/protocol';
import { randomString, userId } from './ids.js';
import { NameTakenError, type GameStore, type UserRecord } from './store/types.js';
import { isProvisional } from './rating/model.js';

export const INITIAL_RATING = 1500;
const SCRYPT = { N: 16384, r: 8, p: 1, keylen: 32 } as const;

function scryptAsync(password: string, salt: Buffer, keylen: number, N: number, r: number, p: number) {
  return new Promise<Buffer>((resolve, reject) =>
    scrypt(password, salt, keylen, { N, r, p, maxmem: 64 * 1024 * 1024 }, (e, key) =>
      e ? reject(e) : resolve(key),
    ),
  );
}

/** `scrypt$N$r$p$salt$hash` (base64). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, SCRYPT.keylen, SCRYPT.N, SCRYPT.r, SCRYPT.p);
  return ['scrypt', SCRYPT.N, SCRYPT.r, SCRYPT.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [kind, n, r, p, salt, hash] = stored.split('$');
  if (kind !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await scryptAsync(password, Buffer.from(salt, 'base64'), expected.length, +n, +r, +p);
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** Why an identity request was refused. */
export type IdentityError =
  | 'ERR_BAD_NAME'
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

/** What a client learns about its user (never the password hash). */
export interface PublicUser {
  readonly id: string;
  readonly name: string;
  readonly claimed: boolean;
  readonly rating: number;
  readonly provisional: boolean; // fewer rated games than PROVISIONAL.games: shown as "1500?"
  readonly games: number;
}

export const publicUser = (u: UserRecord): PublicUser => ({
  id: u.id,
  name: u.name,
  claimed: u.passwordHash !== null,
  rating: Math.round(u.rating),
  provisional: isProvisional(u.games),
  games: u.games,
});

export class Identity {
  private constructor(
    private readonly store: GameStore,
    private readonly secret: Buffer,
  ) {}

  /** Signs with the configured secret, or one generated once and kept in the database. */
  static async open(store: GameStore, secret: string | null): Promise<Identity> {
    const s = secret ?? (await store.initSetting('token-secret', randomBytes(32).toString('hex')));
    return new Identity(store, Buffer.from(s, 'utf8'));
  }

  tokenFor(id: string): string {
    return `${id}.${this.sign(id)}`;
  }

  /** The user id a token speaks for, or null for a forged or malformed token. */
  verify(token: unknown): string | null {
    if (typeof token !== 'string' || token.length > 200) return null;
    const dot = token.indexOf('.');
    if (dot <= 0) return null;
    const id = token.slice(0, dot);
    const given = Buffer.from(token.slice(dot + 1));
    const expected = Buffer.from(this.sign(id));
    return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
  }

  async user(token: unknown): Promise<UserRecord | null> {
    const id = this.verify(token);
    return id === null ? null : this.store.userById(id);
  }

  /** A new guest with a free name like "Guest 4821". */
  async guest(now = Date.now()): Promise<{ user: UserRecord; token: string }> {
    for (let digits = 4; ; digits++) {
      const user: UserRecord = {
        id: userId(),
        name: `Guest ${randomString(digits, '0123456789')}`,
        passwordHash: null,
        rating: INITIAL_RATING,
        games: 0,
        createdAt: now,
        lastPlayedAt: null,
      };
      try {
        await this.store.createUser(user);
        return { user, token: this.tokenFor(user.id) };
      } catch (e) {
        if (!(e instanceof NameTakenError) || digits > 12) throw e;
      }
    }
  }

  /** Renames a guest (a claimed name stays). */
  async rename(id: string, name: unknown): Promise<UserRecord> {
    const user = await this.existing(id);
    if (typeof name !== 'string' || !NAME_PATTERN.test(name.trim()))
      throw new IdentityRefusal('ERR_BAD_NAME', 'a name has 2–24 letters, digits, spaces, _ . or -');
    if (user.passwordHash !== null && user.name.toLowerCase() !== name.trim().toLowerCase())
      throw new IdentityRefusal('ERR_ALREADY_CLAIMED', 'a claimed name cannot be changed');
    try {
      await this.store.renameUser(id, name.trim());
    } catch (e) {
      if (e instanceof NameTakenError) throw new IdentityRefusal('ERR_NAME_TAKEN', e.message);
      throw e;
    }
    return this.existing(id);
  }

  /** Keeps the guest's name with a password, for signing in on other devices. */
  async claim(id: string, password: unknown): Promise<UserRecord> {
    const user = await this.existing(id);
    if (user.passwordHash !== null)
      throw new IdentityRefusal('ERR_ALREADY_CLAIMED', 'the name is already claimed');
    checkPassword(password);
    await this.store.setPassword(id, await hashPassword(password as string));
    return this.existing(id);
  }

  async login(name: unknown, password: unknown): Promise<{ user: UserRecord; token: string }> {
    const user =
      typeof name === 'string' && name.length <= 64 ? await this.store.userByName(name.trim()) : null;
    const okPassword =
      typeof password === 'string' &&
      password.length <= 200 &&
      user?.passwordHash != null &&
      (await verifyPassword(password, user.passwordHash));
    if (!user || !okPassword) throw new IdentityRefusal('ERR_WRONG_LOGIN', 'wrong name or password');
    return { user, token: this.tokenFor(user.id) };
  }

  private async existing(id: string): Promise<UserRecord> {
    const user = await this.store.userById(id);
    if (!user) throw new IdentityRefusal('ERR_NO_USER', 'no such user');
    return user;
  }

  private sign(id: string): string {
    return createHmac('sha256', this.secret).update(`hearts-user/1:${id}`).digest('base64url');
  }
}

function checkPassword(password: unknown): asserts password is string {
  if (typeof password !== 'string' || password.length < 8 || password.length > 200)
    throw new IdentityRefusal('ERR_BAD_PASSWORD', 'a password has 8 to 200 characters');
}
