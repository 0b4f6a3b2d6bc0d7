import { createHmac } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { Identity, IdentityRefusal } from './auth.js';
import { HasherBusy, PasswordHasher, parseHash, type ScryptParams } from './passwords.js';
import { openSqliteStore } from './store/sqlite.js';
import type { KyselyStore } from './store/kysely-store.js';

const SECRET = 'a test secret of enough length';
const DAY = 24 * 60 * 60 * 1000;
const TTL = 30 * DAY;
/** Cheap parameters: these tests are about the rules, not the cost. */
const FAST: ScryptParams = { N: 2 ** 10, r: 8, p: 1, keylen: 32 };

let store: KyselyStore;
let hasher: PasswordHasher;
let now: number;
let id: Identity;

beforeEach(async () => {
  store = await openSqliteStore(':memory:');
  hasher = new PasswordHasher({ workers: 1, queue: 8, params: FAST });
  now = Date.UTC(2026, 0, 1);
  id = await Identity.open(store, { secret: SECRET, hasher, tokenTtlMs: TTL, clock: () => now });
});
afterEach(async () => {
  await hasher.close();
  await store.close();
});

/** A token of the first format, `<userId>.<HMAC>`, as servers before issued them. */
const legacyToken = (userId: string) =>
  `${userId}.${createHmac('sha256', SECRET).update(`hearts-user/1:${userId}`).digest('base64url')}`;

describe('tokens', () => {
  test('name the user, its generation and the time they were issued', async () => {
    const { user, token } = await id.guest();
    expect(token).toMatch(/^h2\.u[a-z0-9]+\.0\.\d+\.[A-Za-z0-9_-]{43}$/);
    expect(id.verify(token)).toEqual({
      userId: user.id,
      generation: 0,
      issuedAt: now,
      previousSecret: false,
    });
    expect((await id.session(token))?.user.id).toBe(user.id);
  });

  test('run out after their lifetime unless renewed; one older than a day is renewed when used', async () => {
    const { user, token } = await id.guest();
    now += DAY - 1000;
    expect(await id.session(token)).toEqual({ user, renewed: null });
    now += 1000;
    const renewed = (await id.session(token))!.renewed!;
    expect(id.verify(renewed)).toMatchObject({ userId: user.id, issuedAt: now });
    now += TTL - DAY - 1000;
    expect(await id.session(token)).not.toBeNull(); // just before its end
    now += 1000;
    expect(await id.session(token)).toBeNull(); // its lifetime is over
    expect(await id.user(token)).toBeNull();
    expect((await id.session(renewed))?.user.id).toBe(user.id); // the renewal lives on
  });

  test('issued in the future (past a little clock skew) are refused', async () => {
    const { user, token } = await id.guest();
    now -= 10 * 60 * 1000;
    expect(await id.session(token)).toBeNull();
    now += 6 * 60 * 1000;
    expect((await id.session(token))?.user.id).toBe(user.id);
  });

  test('claiming the name rotates them: older tokens stop, the claim carries the new one', async () => {
    const { user, token } = await id.guest();
    const other = await id.session(token); // a second device of the same guest
    expect(other).not.toBeNull();
    const claimed = await id.claim(user.id, 'correct horse battery');
    expect(claimed.user.tokenGeneration).toBe(1);
    expect(await id.session(token)).toBeNull();
    expect((await id.session(claimed.token))?.user.id).toBe(user.id);
    const login = await id.login(user.name, 'correct horse battery');
    expect(id.verify(login.token)?.generation).toBe(1);
  });

  test('"sign out everywhere" rotates them and hands this device a new one', async () => {
    const { user, token } = await id.guest();
    const out = await id.signOutEverywhere(user.id);
    expect(await id.session(token)).toBeNull();
    expect((await id.session(out.token))?.user.id).toBe(user.id);
    await expect(id.signOutEverywhere('nobody')).rejects.toBeInstanceOf(IdentityRefusal);
  });

  test('forged or malformed ones are refused', async () => {
    const { user, token } = await id.guest();
    const [h, uid, gen, iat, mac] = token.split('.') as [string, string, string, string, string];
    const other = await id.guest();
    const forged = [
      `${h}.${other.user.id}.${gen}.${iat}.${mac}`, // another user, the same signature
      `${h}.${uid}.1.${iat}.${mac}`, // another generation
      `${h}.${uid}.${gen}.${Number(iat) + 1}.${mac}`, // another time
      `${h}.${uid}.${gen}.${iat}.${mac.slice(0, -2)}${mac.endsWith('AA') ? 'BB' : 'AA'}`,
      `${uid}.${mac}`, // the first format with the second's signature
      token + '.x',
      '',
      'x'.repeat(300),
      `${h}.${uid}.${gen}.-1.${mac}`,
    ];
    for (const f of forged) expect(await id.session(f)).toBeNull();
    expect(await id.session(null)).toBeNull();
    expect(await id.session(42)).toBeNull();
    const otherSecret = await Identity.open(store, {
      secret: 'another secret of enough length',
      hasher,
      clock: () => now,
    });
    expect(otherSecret.verify(token)).toBeNull();
    expect(id.verify(token)?.userId).toBe(user.id);
  });

  test('rotating the secret: tokens of the previous one hold while SECRET_PREVIOUS names it, renewed at once', async () => {
    const { user, token } = await id.guest();
    const old = legacyToken(user.id);
    const rotated = await Identity.open(store, {
      secret: 'the new secret, at least 16 characters',
      previousSecret: SECRET,
      hasher,
      tokenTtlMs: TTL,
      clock: () => now,
    });
    for (const t of [token, old]) {
      const session = await rotated.session(t);
      expect(session?.user.id).toBe(user.id);
      // Renewed on first use, however young: the fresh token is signed with the new secret alone.
      expect(rotated.verify(session!.renewed!)).toMatchObject({ userId: user.id, previousSecret: false });
      expect(id.verify(session!.renewed!)).toBeNull();
    }
    // Without SECRET_PREVIOUS (the rotation over, or a stolen secret), they no longer hold.
    const after = await Identity.open(store, {
      secret: 'the new secret, at least 16 characters',
      hasher,
      tokenTtlMs: TTL,
      clock: () => now,
    });
    expect(await after.session(token)).toBeNull();
    expect(await after.session(old)).toBeNull();
    // The lifetime and the generation still count for a token of the previous secret.
    now += TTL;
    expect(await rotated.session(token)).toBeNull();
  });

  test('the first format keeps working for existing users until the generation moves, and is renewed', async () => {
    const { user } = await id.guest();
    const old = legacyToken(user.id);
    const session = await id.session(old);
    expect(session?.user.id).toBe(user.id);
    expect(id.verify(session!.renewed!)).toEqual({
      userId: user.id,
      generation: 0,
      issuedAt: now,
      previousSecret: false,
    });
    // As if issued when this version first started: it runs out a lifetime later.
    now += TTL - 1000;
    expect(await id.session(old)).not.toBeNull();
    now += 1000;
    expect(await id.session(old)).toBeNull();
  });

  test('a first-format token stops working when its user claims the name', async () => {
    const { user } = await id.guest();
    const old = legacyToken(user.id);
    await id.claim(user.id, 'correct horse battery');
    expect(await id.session(old)).toBeNull();
  });
});

describe('passwords', () => {
  test('a login with a hash of older parameters hashes it anew with today’s', async () => {
    const { user } = await id.guest();
    const weak = new PasswordHasher({ workers: 1, queue: 1, params: { ...FAST, N: 2 ** 9 } });
    try {
      await store.setPassword(user.id, await weak.hash('correct horse battery'));
    } finally {
      await weak.close();
    }
    expect(parseHash((await store.userById(user.id))!.passwordHash!)?.params.N).toBe(2 ** 9);
    const dummy = vi.spyOn(hasher, 'verifyDummy');
    await expect(id.login(user.name, 'wrong horse battery')).rejects.toMatchObject({
      code: 'ERR_WRONG_LOGIN',
    });
    expect(parseHash((await store.userById(user.id))!.passwordHash!)?.params.N).toBe(2 ** 9); // not on a failure
    expect(dummy).toHaveBeenCalledTimes(1); // the cheaper old hash is followed by today's cost
    const login = await id.login(user.name, 'correct horse battery');
    expect(login.user.id).toBe(user.id);
    const stored = (await store.userById(user.id))!.passwordHash!;
    expect(parseHash(stored)?.params).toEqual(FAST);
    expect((await hasher.verify('correct horse battery', stored)).ok).toBe(true);
    expect((await id.login(user.name, 'correct horse battery')).user.id).toBe(user.id);
  });

  test('unknown names and names without a password cost a dummy check, like a real one', async () => {
    const { user } = await id.guest();
    const dummy = vi.spyOn(hasher, 'verifyDummy');
    const real = vi.spyOn(hasher, 'verify');
    await expect(id.login('Nobody Here', 'some password')).rejects.toMatchObject({ code: 'ERR_WRONG_LOGIN' });
    await expect(id.login(user.name, 'some password')).rejects.toMatchObject({ code: 'ERR_WRONG_LOGIN' });
    expect(dummy).toHaveBeenCalledTimes(2);
    expect(real).not.toHaveBeenCalled();
    // The dummy check runs on the pool like a real one: it is refused when the pool is full.
    const full = new PasswordHasher({ workers: 1, queue: 0, params: { ...FAST, N: 2 ** 14 } });
    try {
      const busy = await Identity.open(store, { secret: SECRET, hasher: full, clock: () => now });
      const first = full.hash('fills the only thread');
      await expect(busy.login('Nobody Here', 'some password')).rejects.toBeInstanceOf(HasherBusy);
      await first;
    } finally {
      await full.close();
    }
  });

  test('closing the pool rejects what runs and waits', async () => {
    const closing = new PasswordHasher({ workers: 1, queue: 1, params: { ...FAST, N: 2 ** 14 } });
    // The expectations hold the promises before the close rejects them (no unhandled rejection in between).
    const running = expect(closing.hash('one password')).rejects.toThrow(/closed/);
    const waiting = expect(closing.hash('two password')).rejects.toThrow(/closed/);
    await closing.close();
    await running;
    await waiting;
    await expect(closing.hash('three password')).rejects.toThrow(/closed/);
  });

  test('a malformed stored hash never matches', async () => {
    expect(await hasher.verify('x', 'scrypt$x')).toEqual({ ok: false, stale: false });
    expect(parseHash('scrypt$1073741824$8$1$c2FsdHNhbHQ=$' + 'A'.repeat(44))).toBeNull(); // N too large
    expect(parseHash('scrypt$1000$8$1$c2FsdHNhbHQ=$' + 'A'.repeat(44))).toBeNull(); // not a power of two
  });

  test('the pool refuses at once when its queue is full, and serves again afterwards', async () => {
    const small = new PasswordHasher({ workers: 1, queue: 2, params: { ...FAST, N: 2 ** 14 } });
    try {
      const accepted = [small.hash('one password'), small.hash('two password'), small.hash('three passw')];
      expect(small.busy).toBe(3);
      await expect(small.hash('four password')).rejects.toBeInstanceOf(HasherBusy);
      await expect(small.verifyDummy('five password')).rejects.toBeInstanceOf(HasherBusy);
      const hashes = await Promise.all(accepted);
      expect(small.busy).toBe(0);
      expect((await small.verify('two password', hashes[1]!)).ok).toBe(true);
      expect((await small.verify('one password', hashes[1]!)).ok).toBe(false);
    } finally {
      await small.close();
    }
  });
});
