/**
 * The store is reached through its interfaces only (GameStore and its ProgressStore): outside src/store no code
 * casts its way to the Kysely database, asks whether a store is the Kysely one, or builds queries itself (the
 * migrations too are the store's: store/migrations.ts, store/progress-migrations.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

const SRC = join(dirname(fileURLToPath(import.meta.url)), '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? sources(join(dir, e.name))
      : e.name.endsWith('.ts') && !e.name.endsWith('.test.ts')
        ? [join(dir, e.name)]
        : [],
  );
}

const FORBIDDEN: readonly [RegExp, string][] = [
  [/as unknown as Kysely/, 'a cast to the Kysely database'],
  [/instanceof KyselyStore/, 'a test for the Kysely store'],
  [/\.db\.(selectFrom|insertInto|updateTable|deleteFrom|transaction)\b/, 'a query on the store’s database'],
  [/from 'kysely'/, 'Kysely itself'],
];

test('outside src/store, the store is reached through its interfaces only', () => {
  const found = sources(SRC).flatMap((file) => {
    const name = relative(SRC, file).split('\\').join('/');
    if (name.startsWith('store/')) return [];
    const text = readFileSync(file, 'utf8');
    return FORBIDDEN.flatMap(([re, what]) => (re.test(text) ? [`${name}: ${what}`] : []));
  });
  expect(found).toEqual([]);
});
