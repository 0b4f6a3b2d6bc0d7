/**
 * The web app's floors (docs/architecture.md): kit ← table ← features ← app. ESLint's `import-x/no-restricted-paths`
 * (eslint.config.js) keeps every import on its floor or below; this test keeps what a lint rule cannot see: every
 * source file stands on one of the four floors, and the features, which may use one another, do so without a circle
 * (a feature that others use stands below them, as a floor of its own would).
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = dirname(fileURLToPath(import.meta.url));
const FLOORS = ['kit', 'table', 'features', 'app'] as const;
const TEST_SUPPORT = new Set(['test-support.tsx', 'testing.ts']);

/** The app's source files (tests and test helpers aside), relative to src, with `/` between folders. */
function sources(dir = SRC): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) return sources(p);
    const rel = relative(SRC, p).split('\\').join('/');
    return /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && !TEST_SUPPORT.has(rel) ? [rel] : [];
  });
}

/** The files of src that `file` imports: static, dynamic, side effect only, and workers (`new URL(…)`). */
function importsOf(file: string, exists: (rel: string) => boolean): string[] {
  const text = readFileSync(join(SRC, file), 'utf8');
  const specs = [...text.matchAll(/(?:from|import|import\(|new URL\()\s*'(\.{1,2}\/[^'?]+)/g)].map(
    (m) => m[1]!,
  );
  return specs.flatMap((spec) => {
    const base = relative(SRC, resolve(SRC, dirname(file), spec))
      .split('\\')
      .join('/');
    const hit = [base, `${base}.ts`, `${base}.tsx`].find(exists);
    return hit ? [hit] : [];
  });
}

const featureOf = (file: string): string | null => /^features\/([^/]+)\//.exec(file)?.[1] ?? null;

/** Each import from one feature into another, as `from -> to: file -> file`. */
type FeatureImports = ReadonlyMap<string, ReadonlyMap<string, string>>;

/** The features' imports of one another (the first file import that ties each pair, for the message). */
function featureImports(files: readonly string[]): FeatureImports {
  const known = new Set(files);
  const graph = new Map<string, Map<string, string>>();
  for (const file of files) {
    const from = featureOf(file);
    if (!from) continue;
    for (const target of importsOf(file, (f) => known.has(f))) {
      const to = featureOf(target);
      if (!to || to === from) continue;
      const edges = graph.get(from) ?? new Map<string, string>();
      if (!edges.has(to)) edges.set(to, `${file} -> ${target}`);
      graph.set(from, edges);
    }
  }
  return graph;
}

/** Every circle of the graph, each as its features in order with the file imports that close it. */
function circles(graph: FeatureImports): string[][] {
  const found: string[][] = [];
  const seen = new Set<string>();
  const visit = (node: string, path: string[]): void => {
    const at = path.indexOf(node);
    if (at >= 0) {
      const loop = path.slice(at);
      const key = [...loop].sort().join(' ');
      if (!seen.has(key)) {
        seen.add(key);
        const next = (i: number) => loop[(i + 1) % loop.length]!;
        found.push(loop.map((f, i) => `${f} -> ${next(i)} (${graph.get(f)!.get(next(i))})`));
      }
      return;
    }
    for (const next of graph.get(node)?.keys() ?? []) visit(next, [...path, node]);
  };
  for (const node of graph.keys()) visit(node, []);
  return found;
}

describe('the web app’s floors', () => {
  const files = sources();

  it('every source file stands on a floor: src/kit, src/table, src/features/<feature> or src/app', () => {
    const off = files.filter((f) => {
      const [floor, feature, ...rest] = f.split('/');
      if (!(FLOORS as readonly string[]).includes(floor!)) return true;
      return floor === 'features' && (rest.length === 0 || !feature);
    });
    expect(off).toEqual([]);
  });

  it('the features use one another without a circle', () => {
    const graph = featureImports(files);
    expect(graph.size).toBeGreaterThan(0); // the imports were read: some features do use others
    expect(circles(graph)).toEqual([]);
  });

  it('a circle of features is found, with the imports that close it', () => {
    const graph: FeatureImports = new Map([
      ['live', new Map([['tournament', 'features/live/a.ts -> features/tournament/b.ts']])],
      ['tournament', new Map([['live', 'features/tournament/c.ts -> features/live/d.ts']])],
      ['shop', new Map([['profile', 'features/shop/e.ts -> features/profile/f.ts']])],
    ]);
    expect(circles(graph)).toEqual([
      [
        'live -> tournament (features/live/a.ts -> features/tournament/b.ts)',
        'tournament -> live (features/tournament/c.ts -> features/live/d.ts)',
      ],
    ]);
  });
});
