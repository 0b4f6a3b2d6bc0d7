/**
 * The reverse proxies of deploy/ (nginx, HAProxy) in front of test servers, as operators run them: the shipped
 * configuration file itself, with only its addresses, certificate and log paths put in (each substitution must
 * find its line, so a changed file cannot be tested by accident as something else). Each proxy runs as a child
 * process of the test in a folder of its own (its pid file, temporary files, logs), on free loopback ports, and
 * is stopped when the test file ends.
 *
 * ```ts
 * const p = await startProxy('nginx', [3001, 3002]); // the two processes' ports
 * await fetch(`${p.url}/healthz`);
 * await p.close();
 * ```
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll } from 'vitest';
import { freePort, until } from './helpers.js';

export const DEPLOY = fileURLToPath(new URL('../../../deploy/', import.meta.url));
export const NGINX_SITE = join(DEPLOY, 'nginx/hearts.conf');
export const HAPROXY_CONFIG = join(DEPLOY, 'haproxy/hearts.cfg');

export type ProxyKind = 'nginx' | 'haproxy';

/** Debian's binaries (`apt-get install nginx haproxy`, as .ci/run does); NGINX or HAPROXY name others. */
export const PROXY_BINARIES: Readonly<Record<ProxyKind, string>> = {
  nginx: process.env['NGINX'] ?? '/usr/sbin/nginx',
  haproxy: process.env['HAPROXY'] ?? '/usr/sbin/haproxy',
};

/**
 * Null when the proxy is installed, else why not. Under `CI=true` a missing proxy throws: CI must run the tests
 * through it.
 */
export function proxyMissing(kind: ProxyKind, warn = true): string | null {
  if (existsSync(PROXY_BINARIES[kind])) return null;
  const why = `${kind} is not installed at ${PROXY_BINARIES[kind]} (apt-get install ${kind}, as .ci/run does)`;
  if (process.env['CI'] === 'true') throw new Error(`CI=true: ${why}`);
  if (warn) console.warn(`Skipping the tests through ${kind}: ${why}`);
  return why;
}

/** One line a proxy logged per request: the answer's status and the process that gave it. */
export interface Logged {
  readonly status: number;
  readonly upstream: string; // host:port of the process (the last one tried)
  readonly line: string;
}

export interface RunningProxy {
  readonly kind: ProxyKind;
  readonly url: string; // http://127.0.0.1:<port> (https:// with `tls`)
  readonly port: number;
  readonly redirectPort: number; // the plain-HTTP server that sends everyone to HTTPS
  readonly dir: string; // its folder: the rendered configuration, logs, pid file
  /** The access log so far. */
  logged(): Logged[];
  close(): Promise<void>;
}

export interface ProxyOptions {
  readonly tls?: boolean; // serve HTTPS with the test certificate (default: plain HTTP on the same port)
  readonly perAddress?: number; // open connections per client address (a load test: all from 127.0.0.1)
}

/** A self-signed certificate for 127.0.0.1, made once per test file. */
export interface Certificate {
  readonly cert: string; // PEM file paths
  readonly key: string;
  readonly pem: string; // certificate and key in one file (HAProxy)
  readonly text: string; // the certificate, for a client's `ca`
}

const proxies = new Set<RunningProxy>();
const folders: string[] = [];
afterAll(async () => {
  await Promise.all([...proxies].map((p) => p.close()));
  for (const d of folders.splice(0)) rmSync(d, { recursive: true, force: true });
});

let certificate: Certificate | null = null;

export function testCertificate(): Certificate {
  if (certificate) return certificate;
  const dir = mkdtempSync(join(tmpdir(), 'hearts-cert-'));
  folders.push(dir);
  const cert = join(dir, 'cert.pem');
  const key = join(dir, 'key.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '2',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  const text = readFileSync(cert, 'utf8');
  const pem = join(dir, 'hearts.pem');
  writeFileSync(pem, text + readFileSync(key, 'utf8'));
  certificate = { cert, key, pem, text };
  return certificate;
}

/** Replaces `from` by `to` in `text`; `from` must be there (a test of a changed file must fail, not drift). */
function put(text: string, from: string, to: string): string {
  if (!text.includes(from)) throw new Error(`the shipped proxy configuration no longer has "${from}"`);
  return text.split(from).join(to);
}

export interface Rendered {
  readonly port: number | null; // null: the shipped addresses as they are (for `nginx -t`, `haproxy -c`)
  readonly redirectPort: number;
  readonly processes: readonly number[]; // the ports of process 1 and 2 (one port: both are that one process)
  readonly dir: string;
  readonly tls: boolean;
  readonly perAddress?: number; // in place of the shipped 256
}

/** deploy/nginx/hearts.conf with the test's addresses, certificate and log paths. */
export function renderNginxSite(site: string, r: Rendered): string {
  const cert = testCertificate();
  const [one, two = one] = r.processes;
  let t = site;
  if (r.port !== null) {
    t = put(t, 'listen 443 ssl http2;', `listen 127.0.0.1:${r.port}${r.tls ? ' ssl http2' : ''};`);
    t = put(t, 'listen [::]:443 ssl http2;\n', '');
    t = put(t, 'listen 80;', `listen 127.0.0.1:${r.redirectPort};`);
    t = put(t, 'listen [::]:80;\n', '');
  }
  t = put(t, '/etc/letsencrypt/live/hearts.example.com/fullchain.pem', cert.cert);
  t = put(t, '/etc/letsencrypt/live/hearts.example.com/privkey.pem', cert.key);
  t = put(t, '/var/log/nginx/hearts.access.log', join(r.dir, 'access.log'));
  t = put(t, '/var/log/nginx/hearts.error.log', join(r.dir, 'error.log'));
  t = put(t, '/var/www/html', r.dir);
  if (r.perAddress !== undefined)
    t = put(t, 'limit_conn hearts_per_address 256;', `limit_conn hearts_per_address ${r.perAddress};`);
  if (r.port === null) return t;
  t = put(t, '127.0.0.1:3001', `127.0.0.1:${one}`);
  t = put(t, '127.0.0.1:3002', `127.0.0.1:${two}`);
  return t;
}

/** The main configuration around the site, as Debian's /etc/nginx/nginx.conf is, but all inside `dir`. */
export function nginxMain(dir: string): string {
  const temp = (name: string) => `${name}_temp_path ${join(dir, 'tmp', name)};`;
  return [
    `pid ${join(dir, 'nginx.pid')};`,
    `error_log ${join(dir, 'error.log')} warn;`,
    'daemon off;',
    'worker_processes 1;',
    // As root (CI), the workers run as nobody: the folder must let them in.
    ...(process.getuid?.() === 0 ? ['user nobody nogroup;'] : []),
    'events { worker_connections 8192; }',
    'http {',
    `  ${temp('client_body')} ${temp('proxy')} ${temp('fastcgi')} ${temp('uwsgi')} ${temp('scgi')}`,
    '  access_log off;',
    `  include ${join(dir, 'hearts.conf')};`,
    '}',
    '',
  ].join('\n');
}

/** deploy/haproxy/hearts.cfg with the test's addresses and certificate; its log goes to its stdout. */
export function renderHaproxy(config: string, r: Rendered): string {
  const cert = testCertificate();
  const [one, two = one] = r.processes;
  let t = config;
  if (r.port === null) return put(t, '/etc/haproxy/certs/hearts.example.com.pem', cert.pem);
  t = put(t, 'log /dev/log local0', 'log stdout format raw local0');
  t = put(t, 'maxconn 20000', 'maxconn 4000'); // two descriptors a connection: within a test's open-file limit
  t = put(
    t,
    'bind :::443 v4v6 ssl crt /etc/haproxy/certs/hearts.example.com.pem alpn h2,http/1.1',
    `bind 127.0.0.1:${r.port}${r.tls ? ` ssl crt ${cert.pem} alpn http/1.1` : ''}`,
  );
  t = put(t, 'bind :::80 v4v6', `bind 127.0.0.1:${r.redirectPort}`);
  if (r.perAddress !== undefined) t = put(t, 'sc0_conn_cur gt 256', `sc0_conn_cur gt ${r.perAddress}`);
  t = put(t, '127.0.0.1:3001', `127.0.0.1:${one}`);
  t = put(t, '127.0.0.1:3002', `127.0.0.1:${two}`);
  return t;
}

const NGINX_LINE = /" (\d{3}) \d+ upstream=(?:[^ ]*, )?([^ ,]+) /;
const HAPROXY_LINE = /" (\d{3}) \d+ upstream=([^ ]+) /;

/** Checks a rendered configuration with the proxy's own test (`nginx -t`, `haproxy -c`); throws its words. */
export function checkConfig(kind: ProxyKind, dir: string): string {
  const args =
    kind === 'nginx'
      ? ['-t', '-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'startup.log')]
      : ['-c', '-f', join(dir, 'haproxy.cfg')];
  try {
    return execFileSync(PROXY_BINARIES[kind], args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (e) {
    const x = e as { stdout?: string; stderr?: string };
    throw new Error(`${kind} rejects its configuration:\n${x.stdout ?? ''}${x.stderr ?? ''}`, { cause: e });
  }
}

/** Writes the rendered configuration of `kind` into a new folder; returns the folder. */
export function prepare(kind: ProxyKind, r: Omit<Rendered, 'dir'>): string {
  const dir = mkdtempSync(join(tmpdir(), `hearts-${kind}-`));
  folders.push(dir);
  mkdirSync(join(dir, 'tmp'));
  if (process.getuid?.() === 0) chmodSync(dir, 0o755);
  if (kind === 'nginx') {
    writeFileSync(join(dir, 'hearts.conf'), renderNginxSite(readFileSync(NGINX_SITE, 'utf8'), { ...r, dir }));
    writeFileSync(join(dir, 'nginx.conf'), nginxMain(dir));
  } else {
    writeFileSync(
      join(dir, 'haproxy.cfg'),
      renderHaproxy(readFileSync(HAPROXY_CONFIG, 'utf8'), { ...r, dir }),
    );
  }
  return dir;
}

/**
 * Starts the proxy `kind` from the shipped configuration in front of the processes listening on `processes`
 * (one or two ports, on 127.0.0.1), and waits until it answers `/healthz`.
 */
export async function startProxy(
  kind: ProxyKind,
  processes: readonly number[],
  options: ProxyOptions = {},
): Promise<RunningProxy> {
  if (processes.length < 1 || processes.length > 2)
    throw new Error('the shipped configurations name two processes: start one or two');
  const tls = options.tls ?? false;
  const port = await freePort();
  const redirectPort = await freePort();
  const dir = prepare(kind, {
    port,
    redirectPort,
    processes,
    tls,
    ...(options.perAddress !== undefined ? { perAddress: options.perAddress } : {}),
  });
  const args =
    kind === 'nginx'
      ? ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'startup.log')]
      : ['-db', '-f', join(dir, 'haproxy.cfg')];
  const proc: ChildProcess = spawn(PROXY_BINARIES[kind], args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  proc.stdout!.on('data', (b: Buffer) => (out += b.toString()));
  proc.stderr!.on('data', (b: Buffer) => (out += b.toString()));
  const gone = new Promise<void>((r) => proc.once('exit', () => r()));
  const url = `${tls ? 'https' : 'http'}://127.0.0.1:${port}`;
  const logText = (): string =>
    kind === 'nginx'
      ? existsSync(join(dir, 'access.log'))
        ? readFileSync(join(dir, 'access.log'), 'utf8')
        : ''
      : out;
  const running: RunningProxy = {
    kind,
    url,
    port,
    redirectPort,
    dir,
    logged() {
      const pattern = kind === 'nginx' ? NGINX_LINE : HAPROXY_LINE;
      return logText()
        .split('\n')
        .flatMap((line) => {
          const m = pattern.exec(line);
          return m ? [{ status: Number(m[1]), upstream: m[2]!, line }] : [];
        });
    },
    async close() {
      proxies.delete(running);
      if (proc.exitCode === null && proc.signalCode === null) {
        proc.kill('SIGTERM');
        await gone;
      }
    },
  };
  proxies.add(running);
  // Listening: the plain port answers (with TLS, a TCP connect is all the test asks here).
  await until(
    `${kind} to listen on ${port}`,
    async () => {
      if (proc.exitCode !== null) return true;
      const r = await fetch(`http://127.0.0.1:${redirectPort}/`, { redirect: 'manual' }).catch(() => null);
      return r !== null;
    },
    15_000,
    50,
  );
  if (proc.exitCode !== null) {
    proxies.delete(running);
    throw new Error(
      `${kind} exited at once: ${out}${existsSync(join(dir, 'error.log')) ? readFileSync(join(dir, 'error.log'), 'utf8') : ''}`,
    );
  }
  return running;
}
