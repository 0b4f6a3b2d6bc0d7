/** The settings of the edge's limits: defaults, parsing, and refusals of values that do not fit. */
import { expect, test, vi } from 'vitest';
import { DEFAULT_CONFIG, configFromEnv, defaultMaxConnections } from '../../src/config.js';
import { main } from '../../src/main.js';

const bad = (env: Record<string, string>): string => {
  const r = configFromEnv(env);
  return r.ok ? '' : r.error;
};

test('defaults: limits on, metrics off the main port, no proxy trusted', () => {
  const r = configFromEnv({});
  expect(r.ok && r.value).toMatchObject({
    trustProxy: false,
    maxConnectionsPerIp: 256,
    headersTimeoutMs: 10_000,
    requestTimeoutMs: 30_000,
    matchmakeMaxBody: 4096,
    guestLimit: { count: 20, seconds: 3600 },
    roomLimit: { count: 10, seconds: 60 },
    joinLimit: { count: 120, seconds: 60 },
    listLimit: { count: 60, seconds: 60 },
    friendLimit: { count: 120, seconds: 60 },
    inviteLimit: { count: 20, seconds: 600 },
    loginFreePerName: 5,
    loginFreePerIp: 20,
    metricsToken: null,
    metricsPort: null,
    metricsHost: '127.0.0.1',
  });
  expect(DEFAULT_CONFIG.maxConnections).toBeGreaterThan(DEFAULT_CONFIG.maxConnectionsPerIp);
});

test('values are read and checked', () => {
  const r = configFromEnv({
    TRUST_PROXY: 'true',
    MAX_CONNECTIONS_PER_IP: '1000',
    LIMIT_GUESTS: '5 / 60',
    LIMIT_JOINS: '300/60',
    LIMIT_DAILY: '40/30',
    LIMIT_TOURNAMENTS: '50/20',
    LIMIT_PUZZLES: '30/60',
    PUZZLES_FILE: 'data/puzzles.jsonl.gz',
    DAILY_BOT_LEVEL: 'hard',
    METRICS_TOKEN: 'x'.repeat(16),
    METRICS_PORT: '9100',
    HEADERS_TIMEOUT_MS: '2000',
    REQUEST_TIMEOUT_MS: '2000',
  });
  expect(r.ok && r.value).toMatchObject({
    trustProxy: true,
    maxConnectionsPerIp: 1000,
    guestLimit: { count: 5, seconds: 60 },
    joinLimit: { count: 300, seconds: 60 },
    dailyLimit: { count: 40, seconds: 30 },
    tournamentLimit: { count: 50, seconds: 20 },
    puzzleLimit: { count: 30, seconds: 60 },
    puzzlesFile: expect.stringMatching(/^\/.*data\/puzzles\.jsonl\.gz$/),
    dailyBotLevel: 'hard',
    metricsToken: 'x'.repeat(16),
    metricsPort: 9100,
    headersTimeoutMs: 2000,
  });
  expect(bad({ TRUST_PROXY: 'maybe' })).toMatch(/TRUST_PROXY must be true or false/);
  expect(bad({ LIMIT_ROOMS: '10' })).toMatch(/LIMIT_ROOMS must be count\/seconds/);
  expect(bad({ LIMIT_ROOMS: '0/60' })).toMatch(/LIMIT_ROOMS/);
  expect(bad({ MAX_CONNECTIONS_PER_IP: '0' })).toMatch(/MAX_CONNECTIONS_PER_IP/);
  expect(bad({ METRICS_TOKEN: 'short' })).toMatch(/METRICS_TOKEN must have at least 16/);
  expect(bad({ METRICS_PORT: 'x' })).toMatch(/METRICS_PORT/);
  expect(bad({ HEADERS_TIMEOUT_MS: '60000' })).toMatch(
    /HEADERS_TIMEOUT_MS must not be longer than REQUEST_TIMEOUT_MS/,
  );
  expect(bad({ MATCHMAKE_MAX_BODY: '10' })).toMatch(/MATCHMAKE_MAX_BODY/);
  expect(bad({ LIMIT_DAILY: 'lots' })).toMatch(/LIMIT_DAILY must be count\/seconds/);
  expect(bad({ LIMIT_TOURNAMENTS: '5' })).toMatch(/LIMIT_TOURNAMENTS must be count\/seconds/);
  expect(bad({ DAILY_BOT_LEVEL: 'godlike' })).toMatch(/DAILY_BOT_LEVEL must be one of random, easy/);
  const rotating = configFromEnv({ SECRET: 'n'.repeat(16), SECRET_PREVIOUS: 'o'.repeat(16) });
  expect(rotating.ok && rotating.value).toMatchObject({
    secret: 'n'.repeat(16),
    secretPrevious: 'o'.repeat(16),
  });
  expect(bad({ SECRET: 'n'.repeat(16), SECRET_PREVIOUS: 'short' })).toMatch(
    /SECRET_PREVIOUS must have at least 16/,
  );
  expect(bad({ SECRET_PREVIOUS: 'o'.repeat(16) })).toMatch(/SECRET_PREVIOUS needs SECRET/);
});

test('the connection backstop stays below the open-file limit', () => {
  const limits = (soft: string) =>
    `Limit                     Soft Limit           Hard Limit           Units\nMax open files            ${soft}                ${soft}                files\n`;
  expect(defaultMaxConnections(limits('20000'))).toBe(17_936);
  expect(defaultMaxConnections(limits('1024'))).toBe(857);
  expect(defaultMaxConnections(limits('unlimited'))).toBe(20_000);
  expect(defaultMaxConnections(limits('50'))).toBe(64);
});

test('manners settings: moderators by name (lower-cased), the cool-down numbers, LIMIT_MANNERS; bad values refused', () => {
  const d = configFromEnv({});
  expect(d.ok && d.value).toMatchObject({
    adminUsers: [],
    leaveLimit: 3,
    leaveWindowMs: 24 * 3_600_000,
    leaveCoolDownMs: 30 * 60_000,
    mannersLimit: { count: 30, seconds: 3600 },
  });
  const r = configFromEnv({
    ADMIN_USERS: ' Anna Blue, ben ',
    LEAVE_LIMIT: '5',
    LEAVE_WINDOW_HOURS: '12',
    LEAVE_COOLDOWN_MINUTES: '10',
    LIMIT_MANNERS: '5/60',
  });
  expect(r.ok && r.value).toMatchObject({
    adminUsers: ['anna blue', 'ben'],
    leaveLimit: 5,
    leaveWindowMs: 12 * 3_600_000,
    leaveCoolDownMs: 10 * 60_000,
    mannersLimit: { count: 5, seconds: 60 },
  });
  for (const env of [{ ADMIN_USERS: 'a,,b' }, { LEAVE_LIMIT: '0' }, { LEAVE_COOLDOWN_MINUTES: 'x' }])
    expect(configFromEnv(env).ok).toBe(false);
});

test('DAILY_TEST_NOW moves the daily clock in tests only: a production start with it is refused', async () => {
  const at = '2026-12-07T23:30:00Z';
  const r = configFromEnv({ NODE_ENV: 'test', DAILY_TEST_NOW: at });
  expect(r.ok && r.value.dailyTestNow).toBe(Date.parse(at));
  expect(configFromEnv({ NODE_ENV: 'test' }).ok && DEFAULT_CONFIG.dailyTestNow).toBeNull();
  expect(bad({ NODE_ENV: 'production', DAILY_TEST_NOW: at })).toMatch(/DAILY_TEST_NOW is for tests only/);
  expect(bad({ DAILY_TEST_NOW: at })).toMatch(/DAILY_TEST_NOW is for tests only/);
  for (const v of ['tomorrow', '2026-12-07', '2026-13-40T25:00:00Z', '1765150200000'])
    expect(bad({ NODE_ENV: 'test', DAILY_TEST_NOW: v })).toMatch(/DAILY_TEST_NOW must be an instant/);
  // The start command (NODE_ENV unset: production) refuses it in words and starts nothing.
  const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  try {
    expect(await main([], { DAILY_TEST_NOW: at, PORT: '0', DATABASE: ':memory:' })).toBe(2);
    expect(String(errors.mock.calls[0]?.[0])).toMatch(/DAILY_TEST_NOW is for tests only/);
  } finally {
    errors.mockRestore();
  }
});
