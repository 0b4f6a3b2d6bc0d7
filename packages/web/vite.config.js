// @ts-check
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { URL, fileURLToPath } from 'node:url';
import { defaultClientConditions, defineConfig } from 'vite';

const here = (/** @type {string} */ p) => fileURLToPath(new URL(p, import.meta.url));

/**
 * Writes sw.js: the service worker with the list of every built and public file, and a version that changes
 * whenever any of them does.
 * @returns {import('vite').Plugin}
 */
function serviceWorker() {
  return {
    name: 'hearts-service-worker',
    apply: 'build',
    generateBundle(_options, bundle) {
      const built = Object.keys(bundle).filter((f) => !f.endsWith('.map'));
      const publicFiles = readdirSync(here('./public'));
      const files = ['./', 'index.html', ...built, ...publicFiles].map((f) => (f === './' ? f : `./${f}`));
      const hash = createHash('sha256');
      for (const f of Object.values(bundle)) hash.update(f.type === 'chunk' ? f.code : f.source);
      for (const f of publicFiles) hash.update(readFileSync(here(`./public/${f}`)));
      const source = readFileSync(here('./sw/sw.js'), 'utf8')
        .replace("['__PRECACHE__']", JSON.stringify(files))
        .replace('__VERSION__', hash.digest('hex').slice(0, 16));
      this.emitFile({ type: 'asset', fileName: 'sw.js', source });
    },
  };
}

/** The web app: built to dist/app, served by serve.js. Workspace packages are bundled from their sources. */
export default defineConfig({
  base: './',
  resolve: {
    conditions: ['source', ...defaultClientConditions],
    // colyseus.js' MessagePack without generated code: the server's Content-Security-Policy forbids eval, and the
    // default build probes `Function('')` on load (a CSP violation report) before falling back to this.
    alias: [{ find: /^@colyseus\/msgpackr$/, replacement: '@colyseus/msgpackr/index-no-eval' }],
  },
  build: {
    outDir: 'dist/app',
    emptyOutDir: true,
    target: 'es2022',
    reportCompressedSize: false,
  },
  worker: { format: 'es' },
  plugins: [serviceWorker()],
});
