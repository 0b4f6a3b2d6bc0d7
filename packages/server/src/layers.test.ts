/**
 * The server's floors (packages/server/floors.json, drawn in docs/architecture.md): base ← store ← domain ← rooms ←
 * http ← main. ESLint's `import-x/no-restricted-paths` (eslint.config.js, built from the same list) keeps every
 * import on its floor or below; this test holds what a lint rule cannot see — every source file stands on exactly one
 * floor, so a new file has to be placed — and checks the imports once more with its own reading of them.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = dirname(fileURLToPath(import.meta.url));

interface Floor {
  readonly name: string;
  readonly says: string;
  readonly files: readonly string[]; // under src/; a path ending in / is a folder
}

const FLOORS = (
  JSON.parse(readFileSync(join(SRC, '..', 'floors.json'), 'utf8')) as { floors: readonly Floor[] }
).floors;

/** The server's source files (tests aside), relative to src, with `/` between folders. */
function sources(dir = SRC): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) return sources(p);
    return /\.ts$/.test(f) && !/\.test\.ts$/.test(f) ? [relative(SRC, p).split('\\').join('/')] : [];
  });
}

/** The floors a file stands on (one, when the list is right). */
function floorsOf(file: string, floors: readonly Floor[]): number[] {
  return floors.flatMap((f, i) =>
    f.files.some((p) => (p.endsWith('/') ? file.startsWith(p) : file === p)) ? [i] : [],
  );
}

/** The files of src that `file` imports: static, dynamic, re-exports and workers (`new URL(…)`). */
function importsOf(file: string, text: string): string[] {
  const specs = [...text.matchAll(/(?:from|import|import\(|new URL\()\s*'(\.{1,2}\/[^'?]+)'/g)].map(
    (m) => m[1]!,
  );
  return specs.map((spec) =>
    relative(SRC, resolve(SRC, dirname(file), spec))
      .split('\\')
      .join('/')
      .replace(/\.js$/, '.ts'),
  );
}

/** Every import from a lower floor to a higher one, as `file (floor) -> file (floor)`. */
function upward(
  files: readonly string[],
  read: (file: string) => string,
  floors: readonly Floor[],
): string[] {
  const known = new Set(files);
  return files.flatMap((file) => {
    const [from] = floorsOf(file, floors);
    return importsOf(file, read(file)).flatMap((target) => {
      const [to] = floorsOf(target, floors);
      if (!known.has(target) || from === undefined || to === undefined || to <= from) return [];
      return [`${file} (${floors[from]!.name}) -> ${target} (${floors[to]!.name})`];
    });
  });
}

describe('the server’s floors', () => {
  const files = sources();

  it('every source file stands on exactly one floor', () => {
    expect(files.length).toBeGreaterThan(50);
    expect(files.filter((f) => floorsOf(f, FLOORS).length !== 1)).toEqual([]);
    // …and every path listed names a file or folder that is there.
    const stale = FLOORS.flatMap((f) => f.files).filter(
      (p) => !files.some((x) => x === p || (p.endsWith('/') && x.startsWith(p))),
    );
    expect(stale).toEqual([]);
  });

  it('no import runs from a lower floor to a higher one', () => {
    const read = (f: string) => readFileSync(join(SRC, f), 'utf8');
    const imports = files.flatMap((f) => importsOf(f, read(f)));
    expect(imports.length).toBeGreaterThan(200); // the imports were read
    expect(upward(files, read, FLOORS)).toEqual([]);
  });

  it('an import back up is found, with its floors', () => {
    const floors: Floor[] = [
      { name: 'base', says: '', files: ['ids.ts'] },
      { name: 'rooms', says: '', files: ['rooms/'] },
    ];
    const texts: Record<string, string> = {
      'ids.ts': "import { TableRoom } from './rooms/table-room.js';",
      'rooms/table-room.ts':
        "import { tableId } from '../ids.js';\nconst w = new URL('../ids.js', import.meta.url);",
    };
    expect(upward(Object.keys(texts), (f) => texts[f]!, floors)).toEqual([
      'ids.ts (base) -> rooms/table-room.ts (rooms)',
    ]);
  });
});
