#!/usr/bin/env node
/**
 * The start page's first load, measured from the build: what the browser fetches before the start page can be used
 * — the entry script of `dist/app/index.html`, every chunk it imports statically (and those chunks' own static
 * imports), its modulepreload links and its stylesheets — each gzipped at level 9. Chunks loaded by `import()`
 * (the features, the table, the solo host, the bots' worker) are not in it: they load when their page opens.
 * Types: `first-load.d.ts`; the budget is held by `e2e/first-load.test.ts`.
 *
 * ```
 * npm run build -w @hearts/web && node packages/web/scripts/first-load.js          # a table and the total
 * node packages/web/scripts/first-load.js --json                                   # {"files":[…],"total":n}
 * ```
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { URL, fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** The start page's first load may be at most this many bytes, gzipped (issue #43). */
export const FIRST_LOAD_BUDGET = 120_000;

const DIST = fileURLToPath(new URL('../dist/app', import.meta.url));

/** The files a built chunk imports statically (`import … from "./x.js"`, `import "./x.js"`; not `import("./x.js")`). */
export function staticImports(code) {
  const found = [];
  for (const m of code.matchAll(
    /(?:^|[;\n}])\s*(?:import|export)\s*(?:[\w$*{},\s]+?\s*from\s*)?["']([^"']+)["']/g,
  ))
    found.push(m[1]);
  return found;
}

/**
 * The files of the first load of the build in `dist` (default: this package's `dist/app`), each with its size and
 * its gzipped size, and the gzipped total.
 */
export function firstLoad(dist = DIST) {
  const index = join(dist, 'index.html');
  if (!existsSync(index)) throw new Error(`no build at ${dist}: run npm run build -w @hearts/web first`);
  const html = readFileSync(index, 'utf8');
  const local = (href) =>
    /^(?:[a-z]+:)?\/\//i.test(href) ? null : normalize(join(dist, href.replace(/^\.?\//, '')));
  const queue = [];
  for (const tag of html.match(/<(?:script|link)\b[^>]*>/g) ?? []) {
    const attr = (name) => new RegExp(`\\b${name}="([^"]*)"`).exec(tag)?.[1];
    const isScript = tag.startsWith('<script') && attr('type') === 'module' && attr('src');
    const rel = attr('rel');
    const href = isScript
      ? attr('src')
      : rel === 'stylesheet' || rel === 'modulepreload'
        ? attr('href')
        : null;
    const file = href ? local(href) : null;
    if (file) queue.push(file);
  }
  const seen = new Set();
  const files = [];
  while (queue.length > 0) {
    const file = queue.shift();
    if (seen.has(file)) continue;
    seen.add(file);
    const body = readFileSync(file);
    files.push({ file: relative(dist, file), bytes: body.length, gzip: gzipSync(body, { level: 9 }).length });
    if (file.endsWith('.js'))
      for (const spec of staticImports(body.toString('utf8')))
        if (spec.startsWith('.')) queue.push(normalize(join(dirname(file), spec)));
  }
  return { files, total: files.reduce((sum, f) => sum + f.gzip, 0) };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === normalize(process.argv[1])) {
  const { files, total } = firstLoad();
  if (process.argv.includes('--json'))
    console.log(JSON.stringify({ files, total, budget: FIRST_LOAD_BUDGET }));
  else {
    for (const f of files) console.log(`${String(f.gzip).padStart(9)}  ${f.file} (${f.bytes} bytes)`);
    console.log(
      `${String(total).padStart(9)}  the start page's first load, gzipped (budget ${FIRST_LOAD_BUDGET})`,
    );
  }
  process.exitCode = total > FIRST_LOAD_BUDGET ? 1 : 0;
}
