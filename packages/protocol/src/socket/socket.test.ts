import { describe, expect, test } from 'vitest';
import {
  CLIENT_MESSAGES,
  CLIENT_SCHEMAS,
  LIMITS,
  LIVE_PROTOCOL,
  joinOptions,
  parseClientMessage,
  protocolRefusal,
} from './index.js';

describe('client messages are held to their schemas', () => {
  test('one schema per message type', () => {
    expect([...CLIENT_MESSAGES].sort()).toEqual(Object.keys(CLIENT_SCHEMAS).sort());
    expect(CLIENT_MESSAGES).toHaveLength(12);
  });

  test.each([
    ['move', { id: 'm1', move: { kind: 'play', card: 'QS' } }],
    ['move', { id: 'a_B-9', move: { kind: 'pass', cards: ['2C', 'AH', 'KD'] } }],
    ['move', { id: 'm2', move: { kind: 'moon', choice: 'minus' } }],
    ['sync', undefined],
    ['sync', {}],
    ['leave', null],
    ['chat', { text: ' hello ' }],
    ['mute', { seat: 3, muted: true }],
    ['kick', { seat: 0 }],
    ['options', { rules: { players: 3, targetScore: 50 }, botLevel: 'hard' }],
    ['commit', { handNumber: 2, commitment: 'a'.repeat(64) }],
    ['reveal', { handNumber: 0, seed: '0123456789abcdef'.repeat(4) }],
    ['watchers', { open: false }],
  ] as const)('%s %j is taken', (type, message) => {
    expect(parseClientMessage(type, message)).toMatchObject({ ok: true });
  });

  test('a chat line is trimmed', () => {
    expect(parseClientMessage('chat', { text: '  hi  ' })).toEqual({ ok: true, value: { text: 'hi' } });
  });

  test.each([
    ['move', { id: 'm1', move: { kind: 'play', card: 'ZZ' } }, /^move\.card: not a card$/],
    ['move', { id: 'm1', move: { kind: 'play', card: 'QS' }, extra: 1 }, /^message: /],
    ['move', { id: 'x'.repeat(LIMITS.idChars + 1), move: { kind: 'play', card: 'QS' } }, /^id: /],
    ['move', { id: 'm 1', move: { kind: 'play', card: 'QS' } }, /^id: /],
    ['move', { id: 'm1', move: { kind: 'pass', cards: Array(14).fill('2C') } }, /^move\.cards: /],
    ['move', { id: 'm1', move: { kind: 'moon', choice: 'both' } }, /^move\.choice: /],
    ['move', { id: 'm1', move: { kind: 'fold' } }, /^move/],
    ['sync', { please: true }, /^message: /],
    ['chat', { text: '   ' }, /^text: /],
    ['chat', { text: 'x'.repeat(LIMITS.chatChars + 1) }, /^text: /],
    ['mute', { seat: 6, muted: true }, /^seat: /],
    ['kick', { seat: 1.5 }, /^seat: /],
    ['options', { rules: {}, botLevel: 'grandmaster' }, /^botLevel: /],
    ['commit', { handNumber: 0, commitment: 'A'.repeat(64) }, /^commitment: 64 lowercase hex digits$/],
    ['reveal', { handNumber: -1, seed: 'a'.repeat(64) }, /^handNumber: /],
    ['watchers', { open: 'yes' }, /^open: /],
  ] as const)('%s %j is refused', (type, message, reason) => {
    const r = parseClientMessage(type, message);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toMatch(reason);
  });
});

describe('the protocol version on join', () => {
  test('every join option names this version', () => {
    expect(joinOptions()).toEqual({ protocol: LIVE_PROTOCOL });
    expect(joinOptions({ watch: true })).toEqual({ protocol: LIVE_PROTOCOL, watch: true });
    expect(joinOptions({ rated: true, targetScore: 100 })).toEqual({
      protocol: LIVE_PROTOCOL,
      rated: true,
      targetScore: 100,
    });
    expect(protocolRefusal(joinOptions())).toBeNull();
  });

  test.each([
    [undefined, 'names no protocol'],
    [{}, 'names no protocol'],
    [{ protocol: 1 }, 'names no protocol'],
    [{ protocol: 'hearts-live/0' }, 'speaks "hearts-live/0"'],
    [{ protocol: 'x'.repeat(500) }, `speaks "${'x'.repeat(40)}"`],
  ])('%j is refused with both versions named', (options, theirs) => {
    const why = protocolRefusal(options);
    expect(why).toContain(`this server speaks ${LIVE_PROTOCOL}`);
    expect(why).toContain(`the client ${theirs}`);
    expect(why).toMatch(/reload the page/);
  });
});
