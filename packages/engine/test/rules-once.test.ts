/**
 * The rules live once, in this package (RULES.md has one implementation). This guard reads the sources of every
 * other package and fails when a copy of a rule the engine exports comes back: a die, a trick winner, the end of
 * the game, a compiled-rules cache, a conversion of named moves, a roll of the die. Each line says what to use instead.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const OTHERS = ['bots', 'cli', 'live', 'server', 'shuffle', 'table', 'web'];

/** Patterns of a rule re-implemented, and the engine's export that replaces it. */
const COPIES: readonly (readonly [RegExp, string])[] = [
  [/\bDIE_SUITS\s*(:|=)/, 'DIE_SUITS'],
  [/\bDIE_SUITS\s*\[|\b(randomInt|drawBelow)\([^)]*,\s*6\)/, 'rollDie (the one roll of the die)'],
  [
    /function\s+(trickWinner|winningIndex)\b|\b(trickWinner|winningIndex)\s*=\s*\(/,
    'trickWinner / winningIndex',
  ],
  [/>=\s*[\w.]*targetScore\b/, 'gameEnd / reachesEnd'],
  [/\bcompileRules\s*\(/, 'compiledRules (one shared cache)'],
  [/Map<[^>]*HandConfig>/, 'compiledRules (one shared cache)'],
  [/function\s+(toMove|decisionToMove|toEngineMove)\b|\b(toMove|decisionToMove)\s*=\s*\(/, 'parseNamedMove'],
  [/\*\s*13\s*\+\s*5\b/, 'sevenOf'],
];

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name !== 'node_modules' && e.name !== 'dist') out.push(...sources(path));
    } else if (/\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)) out.push(path);
  }
  return out;
}

test('no package but the engine re-implements a rule the engine exports', () => {
  const found: string[] = [];
  let files = 0;
  for (const pkg of OTHERS) {
    for (const file of sources(join(root, 'packages', pkg, 'src'))) {
      files++;
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          for (const [pattern, use] of COPIES)
            if (pattern.test(line))
              found.push(`${relative(root, file)}:${i + 1}: use the engine's ${use}: ${line.trim()}`);
        });
    }
  }
  expect(files).toBeGreaterThan(50); // the sources were found
  expect(found).toEqual([]);
});
