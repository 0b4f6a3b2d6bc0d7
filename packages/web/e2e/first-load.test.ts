/**
 * The start page's first load (issue #43): at most FIRST_LOAD_BUDGET bytes gzipped, measured from the build by
 * scripts/first-load.js, which must name exactly what Chromium fetches before the start page answers; every other
 * screen brings its code when it opens, and the service worker keeps every built file for offline play.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIRST_LOAD_BUDGET, firstLoad, staticImports } from '../scripts/first-load.js';
import { WEB_DIR, watchErrors, withApp } from './harness';

const app = withApp();
const DIST = join(WEB_DIR, 'dist', 'app');

describe("the start page's first load", () => {
  it('stays within its budget, gzipped', () => {
    const { files, total } = firstLoad(DIST);
    const html = readFileSync(join(DIST, 'index.html'), 'utf8');
    const entry = /<script type="module"[^>]*src="\.\/([^"]+)"/.exec(html)![1]!;
    expect(files.map((f) => f.file)).toContain(entry);
    expect(files.some((f) => f.file.endsWith('.css'))).toBe(true);
    expect(total).toBe(files.reduce((sum, f) => sum + f.gzip, 0));
    expect(total).toBeLessThanOrEqual(FIRST_LOAD_BUDGET);
  });

  it('is what Chromium fetches before the start page answers; a page fetches its own code when it opens', async () => {
    const context = await app.browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US' });
    const page = await context.newPage();
    const errors = watchErrors(page);
    const fetched: string[] = [];
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (/\.(js|css)$/.test(path)) fetched.push(path.replace(/^\//, ''));
    });
    await page.goto(`${app.url}/?sw=off`);
    await page.getByRole('button', { name: 'Play', exact: true }).waitFor();
    await page.waitForFunction(() => performance.getEntriesByName('hearts:interactive').length > 0);
    expect(fetched.sort()).toEqual(
      firstLoad(DIST)
        .files.map((f) => f.file)
        .sort(),
    );
    const before = fetched.length;
    await page.getByRole('button', { name: 'Score pad for real cards' }).click();
    await page.getByRole('heading', { level: 1, name: 'Score pad' }).waitFor();
    expect(fetched.slice(before).some((f) => /PadScreen-.*\.js$/.test(f))).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('leaves out no built file from the service worker, so every page opens offline', () => {
    const sw = readFileSync(join(DIST, 'sw.js'), 'utf8');
    const listed = new Set(JSON.parse(/\[[^\]]*"\.\/index\.html"[^\]]*\]/.exec(sw)![0]) as string[]);
    const built = readdirSync(join(DIST, 'assets')).map((f) => `./assets/${f}`);
    expect(built.length).toBeGreaterThan(10);
    expect(built.filter((f) => !listed.has(f))).toEqual([]);
  });
});

describe('staticImports', () => {
  it('follows import and export statements, not import() calls or strings', () => {
    const code =
      'import{a as b}from"./one.js";import"./two.css";export{c}from"./three.js";' +
      'const x=()=>import("./lazy.js");const s=`import of ./four.js`;';
    expect(staticImports(code)).toEqual(['./one.js', './two.css', './three.js']);
  });
});
