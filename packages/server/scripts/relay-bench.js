#!/usr/bin/env node
/**
 * The floor under `hearts loadtest`: a bare WebSocket relay loaded the same way, and (with --url) the game server
 * right after it, so that the server's CPU per move and its ratio to the relay's come from one command.
 *
 * The relay is `ws` (the very copy the game server's transport uses) in a child process of its own: clients join a
 * table of four by URL; a move is one 60-byte binary message in, and the relay sends one 100-byte message (one
 * buffer for all four) to each of the table's four connections; nothing else. The load is the loadtest's: N tables
 * of four clients, started evenly over --ramp seconds; per table and hand (--hands H, default 1) 56 decisions as in
 * a hand of Hearts (four passes at once, then 52 plays one seat after the other), each after a thinking time drawn
 * uniformly between T/2 and 3T/2 (--think-ms T); a move's latency runs from its send until the last of the table's
 * four clients has it. The game server plays games of H hands (`hearts loadtest --hands H`): a table's own work (its
 * start, its results, its players leaving) is then spread over H hands' moves, as in a real game of several hands.
 * Server CPU is the relay process' own CPU time from the first start to the last table's end, divided by the moves.
 *
 * With --floor, each round also runs the floor: the relay doing the work no game server can skip, with the same
 * clients and load. Per move it decodes a move message (msgpack, as a client frames one), checks and applies it
 * with the engine (a real game per table, passing left every hand: the four passes, then the seat to act plays its
 * first legal card; the next hand dealt when one ends),
 * writes it durably (an event row through the game server's own SQLite store and event writer, with the server's
 * group-commit window `WRITE_WINDOW_MS`) and, once written, sends each seat its `play` message (`playMessages`,
 * msgpack). What the game server spends above the floor is its own: room, protocol, table, clock.
 *
 *   node packages/server/scripts/relay-bench.js --tables 1000 --think-ms 1000 --ramp 30
 *   node packages/server/scripts/relay-bench.js --tables 1000 --think-ms 1000 --ramp 30 \
 *     --url http://127.0.0.1:3999 --rounds 3      # then `hearts loadtest` with the same load; the ratio
 *   node packages/server/scripts/relay-bench.js --tables 600 --think-ms 1000 --ramp 15 --floor
 */
/* global fetch */
import { Buffer } from 'node:buffer';
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout } from 'node:timers';
import { URL, fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const require = createRequire(fileURLToPath(import.meta.resolve('@colyseus/ws-transport')));
const { WebSocket, WebSocketServer } = require('ws');

// The floor's games: passing every hand (the relay's clients pass at the start of every hand), to the highest target.
const FLOOR_RULES = { passCycle: 'left', targetScore: 100_000 };
const IN_BYTES = 60;
const OUT_BYTES = 100;
const PASSES = 4;
const PLAYS = 52;

const USAGE = `Usage: node packages/server/scripts/relay-bench.js --tables N [--hands H] [--think-ms T] [--ramp S] [--floor]
         [--url URL [--metrics-token T] [--workers W] [--rounds R]] [--json]
  --tables    tables of four clients
  --hands     hands per table (default 1): 56 decisions each
  --think-ms  mean thinking time per decision (uniform between T/2 and 3T/2; default 0)
  --ramp      start the tables evenly over S seconds (default 0)
  --url       a running game server: after each relay run, hearts loadtest with the same load (--workers W
              passed on), and the ratio of the two servers' CPU per move
  --rounds    relay and game server runs, in turn (default 1)
  --floor     each round also runs the floor: the relay with the work no game server can skip (a move decoded,
              checked and applied by the engine, written durably to SQLite, each seat's message encoded)
  --json      one line of JSON`;

// --- the relay --------------------------------------------------------------------------------------------------

/** The relay's HTTP server (its CPU time and memory at `/cpu`) with a WebSocket server on it. */
function relayServer() {
  const http = createServer((req, res) => {
    if (req.url === '/cpu') {
      const u = process.cpuUsage();
      res.end(JSON.stringify({ cpuSeconds: (u.user + u.system) / 1e6, rssBytes: process.memoryUsage().rss }));
    } else res.writeHead(404).end();
  });
  return { http, wss: new WebSocketServer({ server: http }) };
}

function serve() {
  const tables = new Map();
  const { http, wss } = relayServer();
  wss.on('connection', (ws, req) => {
    const id = req.url ?? '/';
    let table = tables.get(id);
    if (!table) tables.set(id, (table = new Set()));
    table.add(ws);
    ws.on('message', (data) => {
      const out = Buffer.allocUnsafe(OUT_BYTES);
      data.copy(out, 0, 0, 8); // the move's table counter and seat: how the clients know which move it was
      for (const peer of table) peer.send(out);
    });
    ws.on('close', () => {
      table.delete(ws);
      if (table.size === 0) tables.delete(id);
    });
  });
  http.listen(0, '127.0.0.1', () => process.stdout.write(`${http.address().port}\n`));
}

/** The floor: the relay with the work no game server can skip (see the top of this file). */
async function serveFloor() {
  const { pack, unpack } = require('@colyseus/msgpackr');
  const engine = await import('@hearts/engine');
  const { playMessages } = await import('@hearts/table');
  const { EventWriter, configFromEnv, openSqliteStore } = await import('@hearts/server');
  const dir = mkdtempSync(join(tmpdir(), 'hearts-floor-'));
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  process.on('SIGTERM', () => process.exit(0));
  // The game server's own store (its schema, its append at once) and writer, with the server's group-commit window
  // (WRITE_WINDOW_MS, as the game server reads it).
  const config = configFromEnv(process.env);
  if (!config.ok) throw new Error(config.error);
  const store = await openSqliteStore(join(dir, 'floor.sqlite'));
  const writer = new EventWriter(store, 1, config.value.writeWindowMs);
  const body = pack({ id: 'm7Kx2pQ9', move: { kind: 'play', card: 'QS' } }); // a move message's body, as sent
  const newGame = engine.newGame(FLOOR_RULES);
  if (!newGame.ok) throw new Error(`the floor's rules: ${newGame.error.message}`);
  const tables = new Map();
  let tableCount = 0;
  const { http, wss } = relayServer();
  wss.on('connection', (ws, req) => {
    const key = req.url ?? '/';
    let table = tables.get(key);
    if (!table) {
      const n = tableCount++;
      const rng = engine.seededRandom(n);
      const game = engine.dealRandom(newGame.value, rng);
      tables.set(key, (table = { id: `floor-${n}`, peers: new Set(), game, rng, seq: 0 }));
      const seats = [0, 1, 2, 3].map((i) => ({
        kind: 'human',
        userId: `u${i}`,
        name: `P${i}`,
        rating: 1500,
      }));
      const record = {
        id: table.id,
        kind: 'friends',
        rated: false,
        rules: game.rules,
        seats,
        botLevel: 'medium',
      };
      void store.createTable({ ...record, status: 'playing', createdAt: Date.now() }); // before the first move
    }
    table.peers.add(ws);
    ws.on('message', (data) => {
      const message = unpack(Buffer.from(body)); // decoded from a buffer of its own, as each frame arrives
      if (table.game.phase === 'deal') table.game = engine.dealRandom(table.game, table.rng); // the next hand
      const prev = table.game;
      let seat = data.readUInt32LE(4);
      let card = message.move.card;
      let next;
      if (prev.phase === 'pass')
        next = engine.passCards(prev, seat, engine.handOf(prev, seat).toArray().slice(0, 3));
      else {
        seat = engine.seatsToAct(prev)[0];
        card = engine.legalMoves(prev, seat).names()[0];
        next = engine.applyMove(prev, seat, { kind: 'play', card: engine.parseCard(card) });
      }
      if (!next.ok) throw new Error(`the floor's move was refused: ${next.error.code}`);
      table.game = next.value;
      const seq = table.seq++;
      const clientId = `${message.id}-${seq}`;
      const event = {
        type: 'move',
        seat,
        move: { kind: 'play', card },
        by: 'player',
        bankMs: 30000,
        clientId,
      };
      const written = () => {
        const ms = playMessages(prev, table.game, seat, card, 30000, seq + 1, clientId);
        let s = 0;
        for (const peer of table.peers) {
          const body = pack(ms?.[s++] ?? event); // a pass gets the event itself (a snapshot in the game server)
          const out = Buffer.allocUnsafe(8 + body.length);
          data.copy(out, 0, 0, 8);
          body.copy(out, 8);
          peer.send(out);
        }
      };
      writer.append([{ tableId: table.id, seq, event, at: Date.now() }]).then(written, (e) => {
        process.stderr.write(`the floor could not write: ${e}\n`);
        process.exit(1);
      });
    });
    ws.on('close', () => {
      table.peers.delete(ws);
      if (table.peers.size === 0) tables.delete(key);
    });
  });
  http.listen(0, '127.0.0.1', () => process.stdout.write(`${http.address().port}\n`));
}

// --- the load -----------------------------------------------------------------------------------------------------

/** A small seeded generator (mulberry32), for the thinking times. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

const percentile = (sorted, p) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function relayStats(port) {
  const res = await fetch(`http://127.0.0.1:${port}/cpu`);
  return res.json();
}

/** Runs the relay in a child process and loads it; resolves to the run's figures. */
async function relayRun({ tables, hands, thinkMs, rampMs }, floor = false) {
  const args = [fileURLToPath(import.meta.url), '--serve', ...(floor ? ['--floor'] : [])];
  const child = spawn(process.execPath, args, {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    // The relay ending before its run does ends the run (the floor stops at a move the engine refuses).
    const exited = new Promise((_, reject) =>
      child.once('exit', (code) => reject(new Error(`the relay exited (${code})`))),
    );
    exited.catch(() => undefined);
    const port = await Promise.race([
      new Promise((resolve) => child.stdout.once('data', (d) => resolve(Number(String(d).trim())))),
      exited,
    ]);
    const rng = random(1);
    const think = () => (thinkMs > 0 ? thinkMs / 2 + thinkMs * rng() : 0);
    const url = `ws://127.0.0.1:${port}`;
    const baseline = await relayStats(port);

    // Open every table's four connections, 100 at a time.
    const runs = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: Math.min(100, tables) }, async () => {
        while (next < tables) {
          const t = next++;
          const clients = await Promise.all(
            [0, 1, 2, 3].map(
              () =>
                new Promise((resolve, reject) => {
                  const ws = new WebSocket(`${url}/t${t}`);
                  ws.binaryType = 'nodebuffer';
                  ws.once('open', () => resolve(ws));
                  ws.once('error', reject);
                }),
            ),
          );
          runs[t] = { index: t, clients };
        }
      }),
    );
    await new Promise((r) => setTimeout(r, 200)); // the relay has seen every connection

    const latencies = [];
    const passLatencies = [];
    const playLatencies = [];
    let moves = 0;
    const before = await relayStats(port);
    const ownBefore = process.cpuUsage();
    const started = performance.now();
    const message = Buffer.alloc(IN_BYTES);
    const played = Promise.all(
      runs.map(
        (run) =>
          new Promise((resolveTable) => {
            const seen = new Map(); // move number → { at, count, kind }
            let hand = 0;
            let played = 0; // this hand's
            let passed = 0; // this hand's
            let sent = 0; // move numbers of the table
            const send = (seat, n, kind) => {
              setTimeout(() => {
                seen.set(n, { at: performance.now(), count: 0, kind });
                const m = Buffer.from(message); // a new message each time, as a client encodes each move
                m.writeUInt32LE(n, 0);
                m.writeUInt32LE(seat, 4);
                run.clients[seat].send(m);
              }, think());
            };
            const received = (data) => {
              const n = data.readUInt32LE(0);
              const s = seen.get(n);
              if (!s || ++s.count < 4) return;
              const ms = performance.now() - s.at;
              seen.delete(n);
              moves++;
              latencies.push(ms);
              (s.kind === 'pass' ? passLatencies : playLatencies).push(ms);
              if (s.kind === 'pass' && ++passed < PASSES) return;
              if (played === PLAYS) {
                if (++hand === hands) resolveTable();
                else start();
                return;
              }
              const k = played++;
              send(k % 4, sent++, 'play');
            };
            for (const c of run.clients) c.on('message', received);
            const start = () => {
              played = 0;
              passed = 0;
              for (let seat = 0; seat < PASSES; seat++) send(seat, sent++, 'pass');
            };
            setTimeout(start, (run.index * rampMs) / tables);
          }),
      ),
    );
    await Promise.race([played, exited]);
    const seconds = (performance.now() - started) / 1000;
    const own = process.cpuUsage(ownBefore);
    const after = await relayStats(port);
    for (const run of runs) for (const c of run.clients) c.close();
    for (const l of [latencies, passLatencies, playLatencies]) l.sort((a, b) => a - b);
    const round = (x) => Math.round(x * 10) / 10;
    return {
      tables,
      moves,
      seconds: round(seconds),
      latencyMs: {
        p50: round(percentile(latencies, 50)),
        p95: round(percentile(latencies, 95)),
        p99: round(percentile(latencies, 99)),
      },
      passLatencyMs: { p50: round(percentile(passLatencies, 50)), p99: round(percentile(passLatencies, 99)) },
      playLatencyMs: { p50: round(percentile(playLatencies, 50)), p99: round(percentile(playLatencies, 99)) },
      serverCpuUsPerMove: Math.round(((after.cpuSeconds - before.cpuSeconds) * 1e6) / Math.max(1, moves)),
      clientCpuUsPerMove: Math.round((own.user + own.system) / Math.max(1, moves)),
      serverMemory: {
        baselineMb: Math.round(baseline.rssBytes / 1e5) / 10,
        peakMb: Math.round(after.rssBytes / 1e5) / 10,
        perConnectionKb: Math.round((after.rssBytes - baseline.rssBytes) / 1024 / (4 * tables)),
      },
    };
  } finally {
    child.kill();
  }
}

/** `hearts loadtest --json` with the same load against the game server. */
function heartsRun(o) {
  const bin = fileURLToPath(new URL('../../cli/bin/hearts.js', import.meta.url));
  const args = [
    'loadtest',
    '--url',
    o.url,
    '--tables',
    String(o.tables),
    '--hands',
    String(o.hands),
    '--json',
  ];
  if (o.thinkMs > 0) args.push('--think-ms', String(o.thinkMs));
  if (o.rampMs > 0) args.push('--ramp', String(o.rampMs / 1000));
  if (o.workers) args.push('--workers', String(o.workers));
  if (o.metricsToken) args.push('--metrics-token', o.metricsToken);
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [bin, ...args], { maxBuffer: 1 << 24 }, (error, stdout, stderr) => {
      // The loadtest's own report lines (tables that did not open or finish), without its progress.
      for (const l of stderr.split('\n'))
        if (l && !/^\d+ of \d+ tables finished$/.test(l)) process.stderr.write(`  hearts loadtest: ${l}\n`);
      const line = stdout.trim().split('\n').pop();
      if (!line?.startsWith('{'))
        reject(new Error(`hearts loadtest failed: ${stderr.trim().split('\n').pop()}`));
      else resolve(JSON.parse(line));
    });
  });
}

/** The first run's server CPU per move over the second's, to two places. */
const ratioOf = (a, b) => Math.round((a.serverCpuUsPerMove / b.serverCpuUsPerMove) * 100) / 100;

async function main() {
  const { values } = parseArgs({
    options: {
      serve: { type: 'boolean' },
      floor: { type: 'boolean' },
      tables: { type: 'string' },
      hands: { type: 'string' },
      'think-ms': { type: 'string' },
      ramp: { type: 'string' },
      url: { type: 'string' },
      'metrics-token': { type: 'string' },
      workers: { type: 'string' },
      rounds: { type: 'string' },
      json: { type: 'boolean' },
      help: { type: 'boolean' },
    },
  });
  if (values.serve) return values.floor ? serveFloor() : serve();
  const num = (v, name, dflt, min) => {
    if (v === undefined) return dflt;
    const n = Number(v);
    if (!Number.isFinite(n) || n < min) throw new Error(`--${name} must be a number ≥ ${min}\n${USAGE}`);
    return n;
  };
  if (values.help || values.tables === undefined) {
    process.stderr.write(`${USAGE}\n`);
    process.exitCode = values.help ? 0 : 2;
    return;
  }
  const o = {
    tables: Math.floor(num(values.tables, 'tables', 0, 1)),
    hands: Math.floor(num(values.hands, 'hands', 1, 1)),
    thinkMs: Math.floor(num(values['think-ms'], 'think-ms', 0, 0)),
    rampMs: Math.round(num(values.ramp, 'ramp', 0, 0) * 1000),
    url: values.url,
    metricsToken: values['metrics-token'] ?? process.env.METRICS_TOKEN,
    workers: values.workers === undefined ? undefined : Math.floor(num(values.workers, 'workers', 1, 1)),
  };
  const rounds = Math.floor(num(values.rounds, 'rounds', 1, 1));
  const results = [];
  const line = (name, x) =>
    `${name.padEnd(7)} ${String(x.moves).padStart(7)} moves in ${x.seconds} s   p50 ${x.latencyMs.p50}  p99 ${x.latencyMs.p99} ms   server ${x.serverCpuUsPerMove} µs/move   client ${x.clientCpuUsPerMove} µs/move`;
  for (let r = 0; r < rounds; r++) {
    const relay = await relayRun(o);
    if (!values.json) process.stdout.write(`round ${r + 1}\n${line('relay', relay)}\n`);
    const floor = values.floor ? await relayRun(o, true) : null;
    const floorRatio = floor && ratioOf(floor, relay);
    if (!values.json && floor)
      process.stdout.write(`${line('floor', floor)}\n  floor / relay ${floorRatio}\n`);
    const hearts = o.url ? await heartsRun(o) : null;
    const ratio = hearts?.serverCpuUsPerMove != null ? ratioOf(hearts, relay) : null;
    results.push({ relay, ...(floor ? { floor, floorRatio } : {}), hearts, ratio });
    if (!values.json && hearts)
      process.stdout.write(
        `${line('hearts', hearts)}\n` +
          `        tables completed ${hearts.tablesCompleted} of ${hearts.tables}; passes / plays / end of hand p99 ` +
          `${hearts.passLatencyMs.p99} / ${hearts.playLatencyMs.p99} / ${hearts.endLatencyMs.p99} ms\n` +
          `  ratio (server CPU per move) ${ratio}` +
          (floor ? `; to the floor ${ratioOf(hearts, floor)}` : '') +
          '\n',
      );
  }
  const ratios = results
    .map((x) => x.ratio)
    .filter((x) => x !== null)
    .sort((a, b) => a - b);
  const median = ratios.length ? ratios[Math.floor((ratios.length - 1) / 2)] : null;
  if (values.json) process.stdout.write(`${JSON.stringify({ rounds: results, medianRatio: median })}\n`);
  else if (median !== null && rounds > 1)
    process.stdout.write(`median ratio ${median} (${ratios.join(', ')})\n`);
  if (results.some((x) => x.hearts && x.hearts.tablesCompleted !== x.hearts.tables)) process.exitCode = 1;
}

main().catch((e) => {
  process.stderr.write(`relay-bench: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exitCode = 2;
});
