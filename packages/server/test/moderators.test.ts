/**
 * Issue #42, scenario 7: the moderator could not exist. With `ADMIN_USERS=mod1` the name "mod1" was refused as
 * reserved (so were its variants), the server said nothing at start, and the moderator's page could never be used;
 * `/api/admin/reports` without a token answered 401 where docs/security.md said 404. Now the server logs at start,
 * for each configured name nobody holds, a warning with the code that takes it (and only that code does: nobody
 * else takes the name first); the name holder claims it with a password and is a moderator. Without a valid token
 * `/api/admin/*` answers 401 as every signed-in route, signed in as anyone else 404 — as docs/security.md says.
 * The account answers (`/api/me`, and those that hand out a token) say whether the user is a moderator.
 * On SQLite and PostgreSQL (the account is stored).
 */
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, test } from 'vitest';
import type { ModReport } from '@hearts/protocol/http';
import { warnAboutModerators } from '../src/manners.js';
import { api, guest, serverPerTest } from './helpers.js';
import { DATABASES, storeOn } from './databases.js';

/** A logger whose warnings are kept (nothing printed). */
function warnings() {
  const lines: { msg: string; moderator?: string; code?: string }[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) {
        const o = JSON.parse(line) as { level: number; msg: string; moderator?: string; code?: string };
        if (o.level >= 40) lines.push(o);
      }
      done();
    },
  });
  return { lines, logger: pino({ level: 'warn' }, sink) };
}

describe.each(DATABASES)('moderators on %s', (db) => {
  const startServer = serverPerTest();

  test('with ADMIN_USERS=mod1, mod1 is taken with the code of the start log, claimed, and reads the reports', async () => {
    const log = warnings();
    const t = await startServer({ adminUsers: ['mod1'] }, { store: await storeOn(db), logger: log.logger });
    const url = t.url;
    // The start log names the moderator without an account, with the code that takes the name.
    const warned = log.lines.filter((l) => l.moderator === 'mod1');
    expect(warned).toHaveLength(1);
    const code = warned[0]!.code!;
    expect(code).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(warned[0]!.msg).toContain('no account');

    // Without the code (or with a wrong one) the name is reserved: nobody takes it before the moderator.
    const someone = await guest(url);
    for (const body of [{ name: 'mod1' }, { name: 'Mod1', code: 'x'.repeat(16) }, { name: 'mod1', code: '' }])
      expect((await api(url, '/api/name', { token: someone.token, body })).body).toMatchObject({
        error: 'ERR_RESERVED_NAME',
      });
    // Another reserved word stays reserved, code or not.
    expect(
      (await api(url, '/api/name', { token: someone.token, body: { name: 'mod2', code } })).body,
    ).toMatchObject({ error: 'ERR_RESERVED_NAME' });

    const mod = await guest(url);
    const named = await api(url, '/api/name', { token: mod.token, body: { name: 'Mod1', code } });
    expect(named.body).toMatchObject({ user: { name: 'Mod1', claimed: false } });
    // Not yet a moderator: the name is not kept with a password.
    expect((await api(url, '/api/admin/reports', { token: mod.token })).status).toBe(404);
    // Taken: the code does nothing more.
    expect(
      (await api(url, '/api/name', { token: someone.token, body: { name: 'mod1', code } })).body,
    ).toMatchObject({ error: 'ERR_NAME_TAKEN' });

    const claimed = await api<{ token: string }>(url, '/api/claim', {
      token: mod.token,
      body: { password: 'a long enough password' },
    });
    expect(claimed.body).toMatchObject({ user: { name: 'Mod1', claimed: true } });
    const reports = await api<{ reports: ModReport[] }>(url, '/api/admin/reports', {
      token: claimed.body.token,
    });
    expect(reports.status).toBe(200);
    expect(reports.body.reports).toEqual([]);

    // Kept with a password: no warning at the next start.
    const again = warnings();
    const s = t.server.services;
    expect(await warnAboutModerators(['mod1'], s.store, s.identity, again.logger)).toEqual([]);
    expect(again.lines).toEqual([]);
  });

  test('the account answers tell a moderator so (the web app links to their page by it), and nobody else', async () => {
    const t = await startServer({ adminUsers: ['mod1'] }, { store: await storeOn(db) });
    const url = t.url;
    const moderator = (r: { body: Record<string, unknown> }) => r.body['moderator'];
    const me = (token: string) => api(url, '/api/me', { token });
    const password = 'a long enough password';

    const first = await api<{ token: string }>(url, '/api/guest', { body: {} });
    expect(moderator(first)).toBe(false);
    expect(moderator(await me(first.body.token))).toBe(false);
    // A player who keeps a name not in ADMIN_USERS is none.
    expect((await api(url, '/api/name', { token: first.body.token, body: { name: 'Anna' } })).status).toBe(
      200,
    );
    const anna = await api<{ token: string }>(url, '/api/claim', {
      token: first.body.token,
      body: { password },
    });
    expect([anna.status, moderator(anna)]).toEqual([200, false]);
    expect(moderator(await me(anna.body.token))).toBe(false);
    const annaIn = await api(url, '/api/login', { body: { name: 'Anna', password } });
    expect([annaIn.status, moderator(annaIn)]).toEqual([200, false]);

    // The moderator's name held by a guest is not yet a moderator's: only once it is kept with a password.
    const mod = await guest(url);
    const code = t.server.services.identity.moderatorCode('mod1');
    expect((await api(url, '/api/name', { token: mod.token, body: { name: 'mod1', code } })).status).toBe(
      200,
    );
    expect(moderator(await me(mod.token))).toBe(false);
    const kept = await api<{ token: string }>(url, '/api/claim', { token: mod.token, body: { password } });
    expect([kept.status, moderator(kept)]).toEqual([200, true]);
    expect(moderator(await me(kept.body.token))).toBe(true);
    const modIn = await api<{ token: string }>(url, '/api/login', { body: { name: 'MOD1', password } });
    expect([modIn.status, moderator(modIn)]).toEqual([200, true]);
    const everywhere = await api(url, '/api/signout-everywhere', { token: modIn.body.token, body: {} });
    expect([everywhere.status, moderator(everywhere)]).toEqual([200, true]);
    // The others stay none.
    expect(moderator(await me(anna.body.token))).toBe(false);
  });

  test('a moderator name a guest holds without a password is warned about, and grants nothing', async () => {
    const store = await storeOn(db);
    const first = await startServer({}, { store });
    const holder = await guest(first.url);
    expect(
      (await api(first.url, '/api/name', { token: holder.token, body: { name: 'Anna Blue' } })).status,
    ).toBe(200);
    const log = warnings();
    const s = first.server.services;
    expect(await warnAboutModerators(['anna blue'], s.store, s.identity, log.logger)).toEqual(['anna blue']);
    expect(log.lines).toEqual([
      expect.objectContaining({ moderator: 'anna blue', msg: expect.stringContaining('without a password') }),
    ]);
    expect(log.lines[0]!.code).toBeUndefined();
  });

  test('/api/admin/* answers as docs/security.md says: 401 without a valid token, 404 to anyone but a moderator', async () => {
    const t = await startServer({ adminUsers: ['mod1'] }, { store: await storeOn(db) });
    const url = t.url;
    for (const token of [undefined, 'not-a-token']) {
      const list = await api(url, '/api/admin/reports', { ...(token && { token }) });
      expect([list.status, list.body]).toEqual([401, expect.objectContaining({ error: 'ERR_SIGN_IN' })]);
      const handle = await api(url, '/api/admin/reports/r1', {
        ...(token && { token }),
        body: { status: 'resolved' },
      });
      expect([handle.status, handle.body]).toEqual([401, expect.objectContaining({ error: 'ERR_SIGN_IN' })]);
    }
    const player = await guest(url);
    const list = await api(url, '/api/admin/reports', { token: player.token });
    expect([list.status, list.body]).toEqual([404, expect.objectContaining({ error: 'ERR_NOT_FOUND' })]);
    const handle = await api(url, '/api/admin/reports/r1', {
      token: player.token,
      body: { status: 'resolved' },
    });
    expect([handle.status, handle.body]).toEqual([404, expect.objectContaining({ error: 'ERR_NOT_FOUND' })]);
  });
});
