/**
 * Whereabouts (who is online and where, notices to open apps) on Colyseus' presence in memory and on Redis. On
 * Redis, two instances stand for two server processes: what one writes the other reads, a notice published by one
 * reaches a listener of the other, and a process that dies without cleaning up is forgotten once its values run out.
 */
import { afterAll, describe, expect, test } from 'vitest';
import { LocalPresence, type Presence } from '@colyseus/core';
import type { Notice } from '@hearts/protocol/http';
import { PrefixedRedisPresence } from '../src/presence-redis.js';
import { Whereabouts } from '../src/whereabouts.js';
import { until } from './helpers.js';
import { scaledServices } from './services.js';

const invite = (id: string): Notice => ({
  type: 'invite',
  invite: { id, from: { name: 'Anna' }, room: 'ABC234', expiresAt: 99 },
});

/** Two processes' whereabouts over presences that share their data (one presence in memory for both). */
function describeWhereabouts(label: string, open: () => Promise<[Presence, Presence, () => Promise<void>]>) {
  describe(`whereabouts: ${label}`, () => {
    test('online while an app is open or a player is seated; where, newest first; offline when both end', async () => {
      const [pa, pb, done] = await open();
      let clock = 1000;
      const a = new Whereabouts(
        () => pa,
        () => 'p1',
        { now: () => clock, ttlMs: 60_000 },
      );
      const b = new Whereabouts(
        () => pb,
        () => 'p2',
        { now: () => clock, ttlMs: 60_000 },
      );
      expect((await b.of(['u1'])).get('u1')).toEqual({ online: false, places: [] });
      await a.appOpened('u1');
      await a.appOpened('u1'); // a second tab
      expect((await b.of(['u1'])).get('u1')).toEqual({ online: true, places: [] });
      await a.seated('u1', { room: 'T1', kind: 'quick' });
      clock = 2000;
      await b.seated('u1', { room: 'R1', kind: 'lobby' }); // on the other process
      expect((await a.of(['u1', 'u2'])).get('u1')).toEqual({
        online: true,
        places: [
          { room: 'R1', kind: 'lobby', since: 2000 },
          { room: 'T1', kind: 'quick', since: 1000 },
        ],
      });
      await a.appClosed('u1');
      expect((await b.of(['u1'])).get('u1')?.online).toBe(true); // the other tab is open
      await a.appClosed('u1');
      await a.unseated('u1', 'T1');
      expect((await b.of(['u1'])).get('u1')).toEqual({
        online: true,
        places: [{ room: 'R1', kind: 'lobby', since: 2000 }],
      });
      await b.unseated('u1', 'R1');
      expect((await a.of(['u1'])).get('u1')).toEqual({ online: false, places: [] });
      await a.close();
      await b.close();
      await done();
    });

    test('values run out unless renewed: a process that died is forgotten', async () => {
      const [pa, pb, done] = await open();
      let clock = 1000;
      const a = new Whereabouts(
        () => pa,
        () => 'p1',
        { now: () => clock, ttlMs: 60_000 },
      );
      const b = new Whereabouts(
        () => pb,
        () => 'p2',
        { now: () => clock, ttlMs: 60_000 },
      );
      await a.appOpened('u1');
      await a.seated('u1', { room: 'T1', kind: 'daily' });
      clock += 50_000;
      await a.renew();
      clock += 50_000; // renewed: still there
      expect((await b.of(['u1'])).get('u1')).toEqual({
        online: true,
        places: [{ room: 'T1', kind: 'daily', since: 1000 }],
      });
      clock += 60_000; // a stopped renewing (died): gone for b
      expect((await b.of(['u1'])).get('u1')).toEqual({ online: false, places: [] });
      await a.close();
      await b.close();
      await done();
    });

    test('a page asked for with the token: online for the ttl, seen by the other process; a poll writes now and then', async () => {
      const [pa, pb, done] = await open();
      let clock = 1000;
      const a = new Whereabouts(
        () => pa,
        () => 'p1',
        { now: () => clock, ttlMs: 60_000 },
      );
      const b = new Whereabouts(
        () => pb,
        () => 'p2',
        { now: () => clock, ttlMs: 60_000 },
      );
      await a.seen('u1');
      expect((await b.of(['u1'])).get('u1')).toEqual({ online: true, places: [] });
      clock += 59_000;
      expect((await b.of(['u1'])).get('u1')?.online).toBe(true);
      clock += 1_000; // not asked again: gone
      expect((await b.of(['u1'])).get('u1')?.online).toBe(false);
      await a.seen('u1'); // polled again: back
      clock += 2_000;
      await a.seen('u1'); // two seconds later: not written again (the value holds long enough)
      clock += 58_500;
      expect((await b.of(['u1'])).get('u1')?.online).toBe(false);
      // Connected, for a tournament's runner: also at a tournament's table (not shown to friends).
      await a.seated('u2', { room: 'T9', kind: 'tournament' });
      expect(await b.online(['u1', 'u2', 'u3'])).toEqual(new Set(['u2']));
      await a.seen('u3');
      expect(await b.online(['u1', 'u2', 'u3'])).toEqual(new Set(['u2', 'u3']));
      await a.close();
      await b.close();
      await done();
    });

    test('a notice reaches every listener of the user, on any process, until it stops listening', async () => {
      const [pa, pb, done] = await open();
      const a = new Whereabouts(
        () => pa,
        () => 'p1',
      );
      const b = new Whereabouts(
        () => pb,
        () => 'p2',
      );
      const heardA: Notice[] = [];
      const heardB: Notice[] = [];
      const other: Notice[] = [];
      const stopA = await a.listen('u1', (n) => heardA.push(n));
      const stopB = await b.listen('u1', (n) => heardB.push(n));
      const stopO = await b.listen('u2', (n) => other.push(n));
      await a.notify('u1', invite('i1'));
      await until('both heard it', () => heardA.length === 1 && heardB.length === 1);
      expect(heardB).toEqual([invite('i1')]);
      await stopB();
      await b.notify('u1', invite('i2'));
      await until('a heard the second', () => heardA.length === 2);
      await a.notify('u2', { type: 'friends' });
      await until('u2 heard theirs', () => other.length === 1);
      expect(heardB).toEqual([invite('i1')]);
      expect(heardA).toEqual([invite('i1'), invite('i2')]);
      await stopA();
      await stopO();
      await done();
    });
  });
}

describeWhereabouts('memory (one process)', async () => {
  const p = new LocalPresence();
  return [p, p, async () => p.shutdown()];
});

const services = await scaledServices('whereabouts on Redis');

describe.skipIf(services === null)('on Redis', () => {
  const s = services!;
  afterAll(() => s.cleanup());
  describeWhereabouts('Redis (two processes)', async () => {
    const prefix = s.prefix();
    const a = new PrefixedRedisPresence(s.redisUrl, prefix);
    const b = new PrefixedRedisPresence(s.redisUrl, prefix);
    return [a, b, async () => (a.shutdown(), b.shutdown())];
  });
});
