/**
 * `hearts-server` (and `npm start`): the game server with the built web app on one port. Settings come from
 * environment variables (see config.ts); SIGTERM and SIGINT drain and stop. Started by npm (`npm start`), it also
 * stops when npm is gone, so that stopping what one started stops the server. `hearts-server backup FILE` and
 * `hearts-server restore FILE` copy the SQLite database (backup.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { backupSqlite, reportText, restoreSqlite } from './backup.js';
import { configFromEnv, type ServerConfig } from './config.js';
import { startServer } from './server.js';
import { redact } from './store/postgres.js';

const WEB_DIST = fileURLToPath(new URL('../../web/dist/app', import.meta.url));
/** The shipped puzzle library (`hearts puzzles build`). */
const PUZZLES = fileURLToPath(new URL('../data/puzzles.jsonl.gz', import.meta.url));

const USAGE = `Usage: hearts-server                 the game server (settings from the environment: README.md)
       hearts-server backup FILE     an online backup of the SQLite database (DATABASE) into FILE, while it runs
       hearts-server restore FILE    a backup into DATABASE, which must not exist yet (the server stopped)`;

/** The start line: where the data is, whether Redis is shared, and which process (and route) this is. */
export function startLine(config: ServerConfig, processId: string): string {
  const storage =
    config.databaseUrl !== null
      ? `PostgreSQL ${redact(config.databaseUrl)}${config.databaseSchema ? ` (schema ${config.databaseSchema})` : ''}`
      : `SQLite ${config.database}`;
  const redis =
    config.redisUrl !== null ? `Redis ${redact(config.redisUrl)} (prefix ${config.redisPrefix})` : 'no Redis';
  const route = config.processRoute !== null ? `, route /${config.processRoute}/` : '';
  return `storage: ${storage}; ${redis}; process ${processId}${route}; pid ${process.pid}`;
}

export async function main(
  argv: readonly string[] = [],
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  const [command, ...rest] = argv;
  if (command === '--help' || command === '-h' || command === 'help') {
    console.log(USAGE);
    return 0;
  }
  if (command === 'backup' || command === 'restore') return copyMain(command, rest, env);
  if (command !== undefined) {
    console.error(`Unknown command "${command}".\n${USAGE}`);
    return 2;
  }
  // Colyseus takes its faster message encoding and terse errors in production.
  process.env['NODE_ENV'] ??= 'production';
  const parsed = configFromEnv({
    WEB_ROOT: existsSync(WEB_DIST) ? WEB_DIST : '',
    PUZZLES_FILE: existsSync(PUZZLES) ? PUZZLES : '',
    ...env,
  });
  if (!parsed.ok) {
    console.error(parsed.error);
    return 2;
  }
  const config = parsed.value;
  if (config.webRoot === null || !existsSync(config.webRoot))
    console.error('The web app is not built: serving the game server only. Run: npm run build');
  let server;
  try {
    server = await startServer(config);
  } catch (e) {
    const code = (e as { code?: string }).code;
    console.error(
      code === 'EADDRINUSE'
        ? `Port ${config.port} is already in use: set PORT to another one.`
        : `The server could not start: ${e instanceof Error ? e.message : String(e)}`,
    );
    return 1;
  }
  console.log(server.url);
  console.log(startLine(config, server.services.presence.processId));
  await new Promise<void>((resolve) => {
    let watch: NodeJS.Timeout | undefined;
    const stop = () => {
      process.off('SIGTERM', stop);
      process.off('SIGINT', stop);
      clearInterval(watch);
      void server.close().then(resolve, resolve);
    };
    process.on('SIGTERM', stop);
    process.on('SIGINT', stop);
    // Under npm (`npm start`), a signal to npm does not reach us (npm's shell is in between), and npm killed
    // outright leaves us behind: when npm is gone, drain and stop as on SIGTERM.
    if (env['npm_lifecycle_event'] !== undefined) {
      const starterGone = watchStarter();
      watch = setInterval(() => {
        if (!starterGone()) return;
        server.services.log.warn('npm, which started this server, is gone: stopping');
        stop();
      }, 500);
    }
  });
  return 0;
}

/** The parent process id of `pid` (Linux: /proc), or null when it cannot be read. */
function parentOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    return Number.isInteger(ppid) ? ppid : null;
  } catch {
    return null;
  }
}

/**
 * Whether the npm that started this process is gone: our parent changed (npm, or its shell, died), or — where npm
 * runs us through a shell (`sh -c`) — the shell's parent changed (npm was killed; the shell lives on). Without
 * /proc only the first is seen.
 */
function watchStarter(): () => boolean {
  const parent = process.ppid;
  let shell = false;
  try {
    shell = /^(?:sh|dash|bash|zsh|ash)$/.test(readFileSync(`/proc/${parent}/comm`, 'utf8').trim());
  } catch {
    // not Linux: the parent alone
  }
  const grandparent = shell ? parentOf(parent) : null;
  return () => process.ppid !== parent || (grandparent !== null && parentOf(parent) !== grandparent);
}

async function copyMain(
  command: 'backup' | 'restore',
  args: readonly string[],
  env: NodeJS.ProcessEnv,
): Promise<number> {
  if (args.length !== 1 || args[0]!.startsWith('-')) {
    console.error(`hearts-server ${command} needs one FILE.\n${USAGE}`);
    return 2;
  }
  const parsed = configFromEnv(env);
  if (!parsed.ok) {
    console.error(parsed.error);
    return 2;
  }
  if (parsed.value.databaseUrl !== null) {
    console.error(
      `DATABASE_URL is set: this server keeps its data in PostgreSQL. Back it up with pg_dump (docs/deploy.md).`,
    );
    return 2;
  }
  if (parsed.value.database === ':memory:') {
    console.error('DATABASE is :memory:: there is no database file to copy.');
    return 2;
  }
  try {
    const report =
      command === 'backup'
        ? await backupSqlite(parsed.value.database, args[0]!)
        : await restoreSqlite(args[0]!, parsed.value.database);
    console.log(`${command === 'backup' ? 'Backed up' : 'Restored'} ${reportText(report)}`);
    return 0;
  } catch (e) {
    // The words, not a stack trace (the server's handlers of uncaught errors would also keep the exit code 0).
    console.error(`hearts-server ${command}: ${e instanceof Error ? e.message : String(e)}`);
    return 1;
  }
}
