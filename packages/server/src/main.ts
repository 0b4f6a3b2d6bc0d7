/**
 * `npm start`: the game server with the built web app on one port. Settings come from environment variables
 * (see config.ts); SIGTERM and SIGINT drain and stop.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { configFromEnv } from './config.js';
import { startServer } from './server.js';

const WEB_DIST = fileURLToPath(new URL('../../web/dist/app', import.meta.url));

export async function main(env: NodeJS.ProcessEnv = process.env): Promise<number> {
  // Colyseus takes its faster message encoding and terse errors in production.
  process.env['NODE_ENV'] ??= 'production';
  const parsed = configFromEnv({ WEB_ROOT: existsSync(WEB_DIST) ? WEB_DIST : '', ...env });
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
  await new Promise<void>((resolve) => {
    const stop = () => {
      process.off('SIGTERM', stop);
      process.off('SIGINT', stop);
      void server.close().then(resolve, resolve);
    };
    process.on('SIGTERM', stop);
    process.on('SIGINT', stop);
  });
  return 0;
}
