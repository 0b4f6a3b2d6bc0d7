import type { Client } from '@colyseus/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CLOSE_CODES } from '@hearts/protocol/socket';
import { Connections, Encoder, ReconnectWindows } from './connections.js';

/** A connection that records what it was sent and how it was closed. */
function client(sessionId: string) {
  const c = {
    sessionId,
    raw: [] as Buffer[],
    closed: null as number | null,
    enqueueRaw(bytes: Buffer) {
      c.raw.push(bytes);
    },
    leave(code?: number) {
      c.closed = code ?? null;
    },
  };
  return c;
}
const asClient = (c: ReturnType<typeof client>) => c as unknown as Client;

describe('a room’s players’ connections', () => {
  it('one live connection per user: a second device replaces the first', () => {
    const conns = new Connections(new Encoder());
    const phone = client('s1');
    const laptop = client('s2');
    conns.add(asClient(phone), { userId: 'ann', name: 'Ann' });
    conns.add(asClient(laptop), { userId: 'ann', name: 'Ann' });
    expect(phone.closed).toBe(CLOSE_CODES.replaced);
    expect(conns.size).toBe(1);
    expect(conns.clientOf('ann')).toBe(laptop);
    // The replaced connection's own leave finds nothing; the live one's is the user's leave.
    expect(conns.remove(asClient(phone))).toBeUndefined();
    expect(conns.remove(asClient(laptop))).toMatchObject({ conn: { userId: 'ann' }, left: true });
    expect(conns.online('ann')).toBe(false);
  });

  it('a message for everyone is encoded once and sent to each', () => {
    const encoder = new Encoder();
    const conns = new Connections(encoder);
    const [a, b] = [client('s1'), client('s2')];
    conns.add(asClient(a), { userId: 'ann', name: 'Ann' });
    conns.add(asClient(b), { userId: 'bob', name: 'Bob' });
    const m = { seats: [1, 2] };
    conns.toAll('again', m);
    conns.toUser('bob', 'again', m);
    expect(a.raw).toHaveLength(1);
    expect(b.raw).toHaveLength(2);
    expect(b.raw[1]).toBe(a.raw[0]); // the very same bytes
    expect(encoder.encode('again', { seats: [1, 2] })).not.toBe(a.raw[0]); // another object: encoded anew
  });

  it('a dropped user is closed with the code given and gone', () => {
    const conns = new Connections(new Encoder());
    const a = client('s1');
    conns.add(asClient(a), { userId: 'ann', name: 'Ann' });
    conns.drop('ann', CLOSE_CODES.kicked);
    expect(a.closed).toBe(CLOSE_CODES.kicked);
    expect([conns.size, conns.online('ann'), conns.remove(asClient(a))]).toEqual([0, false, undefined]);
  });
});

describe('reconnection windows', () => {
  afterEach(() => vi.useRealTimers());

  it('run out once after their time unless closed or opened again', () => {
    vi.useFakeTimers();
    const windows = new ReconnectWindows();
    const out: string[] = [];
    windows.open('ann', 1000, () => out.push('ann'));
    windows.open('bob', 1000, () => out.push('bob'));
    vi.advanceTimersByTime(600);
    windows.open('bob', 1000, () => out.push('bob again')); // a new window replaces the old
    windows.open('cy', 1000, () => out.push('cy'));
    windows.close('cy');
    vi.advanceTimersByTime(400);
    expect(out).toEqual(['ann']);
    vi.advanceTimersByTime(600);
    expect(out).toEqual(['ann', 'bob again']);
    windows.open('dee', 1000, () => out.push('dee'));
    windows.closeAll();
    vi.advanceTimersByTime(5000);
    expect(out).toEqual(['ann', 'bob again']);
  });
});
