// @ts-check
import { defaultClientConditions, defineConfig } from 'vite';

/** The web app: built to dist/app, served by serve.js. Workspace packages are bundled from their sources. */
export default defineConfig({
  base: './',
  resolve: { conditions: ['source', ...defaultClientConditions] },
  build: {
    outDir: 'dist/app',
    emptyOutDir: true,
    target: 'es2022',
    reportCompressedSize: false,
  },
  worker: { format: 'es' },
  oxc: { jsx: { runtime: 'automatic' } },
});
