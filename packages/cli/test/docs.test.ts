/** The repository's docs stand alone: every link stays inside it, and docs/rules.md says what the engine does. */
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { DEFAULT_RULES, PRESET_NAMES, RULE_NAMES, parseRules } from '@hearts/engine';
import { describe, expect, test } from 'vitest';
import { ROOT } from './cli.js';

async function docs(): Promise<string[]> {
  const names = await readdir(join(ROOT, 'docs'));
  return ['README.md', ...names.filter((n) => n.endsWith('.md')).map((n) => `docs/${n}`)];
}

/** The relative link targets of a markdown text (no web addresses, no anchors within the page). */
function links(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) {
    const target = m[1]!;
    if (/^[a-z]+:/i.test(target) || target.startsWith('#')) continue;
    out.push(target.split('#')[0]!);
  }
  return out;
}

describe('the docs stand alone', () => {
  test('every relative link of README.md and docs/*.md names a file inside the repository', async () => {
    const broken: string[] = [];
    for (const doc of await docs()) {
      const text = await readFile(join(ROOT, doc), 'utf8');
      if (text.includes('../shared')) broken.push(`${doc}: names ../shared`);
      for (const target of links(text)) {
        const file = resolve(ROOT, dirname(doc), target);
        if (relative(ROOT, file).startsWith('..')) broken.push(`${doc}: ${target} is outside the repository`);
        else if (!existsSync(file)) broken.push(`${doc}: ${target} does not exist`);
      }
    }
    expect(broken).toEqual([]);
  });
});

/** The rows of the first markdown table after `heading` whose first cell is a code span: name → cells. */
function tableRows(text: string, heading: string): Map<string, string[]> {
  const from = text.indexOf(heading);
  expect(from).toBeGreaterThanOrEqual(0);
  const rows = new Map<string, string[]>();
  for (const line of text.slice(from).split('\n')) {
    const m = /^\| `([^`]+)` +\|(.*)\|$/.exec(line);
    if (m)
      rows.set(
        m[1]!,
        m[2]!.split(' | ').map((c) => c.trim()),
      );
    else if (rows.size > 0 && !line.startsWith('|')) break;
  }
  return rows;
}

const codeSpans = (cell: string): string[] => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);

describe('docs/rules.md', () => {
  test('lists every rule option of the engine with its default first and exactly the values the engine takes', async () => {
    const text = await readFile(join(ROOT, 'docs/rules.md'), 'utf8');
    const rows = tableRows(text, '## Rule options');
    expect([...rows.keys()].sort()).toEqual([...RULE_NAMES].sort());
    for (const name of RULE_NAMES) {
      if (name === 'removedCards') continue;
      const values = codeSpans(rows.get(name)![0]!);
      expect(values[0], name).toBe(JSON.stringify(DEFAULT_RULES[name]));
      for (const v of values) {
        const r = parseRules({ [name]: JSON.parse(v) as unknown });
        expect(r.ok, `${name}: ${v}`).toBe(true);
      }
      // Where the engine takes a closed list, the doc lists all of it: the engine's refusal names the list.
      const refused = parseRules({ [name]: 'not a value' });
      expect(refused.ok).toBe(false);
      const list = refused.ok ? null : /must be one of (.*)$/.exec(refused.error.message);
      if (list) {
        const allowed = list[1]!
          .split(', ')
          .map((x) => (typeof DEFAULT_RULES[name] === 'string' ? `"${x}"` : x));
        expect(values.sort(), name).toEqual(allowed.sort());
      } else if (typeof DEFAULT_RULES[name] === 'boolean') {
        expect(values.sort(), name).toEqual(['false', 'true']);
      } else {
        // A whole number in a range: the doc names its highest value.
        const range = /whole number from (\d+) to (\d+)/.exec(refused.ok ? '' : refused.error.message);
        expect(range, name).not.toBeNull();
        expect(rows.get(name)![0], name).toContain(`–${range![2]}`);
      }
    }
    const removed = rows.get('removedCards')![0]!;
    for (const players of [3, 4, 5, 6]) {
      const r = parseRules({ players });
      expect(r.ok).toBe(true);
      if (r.ok) expect(removed).toContain(`${players} → \`${JSON.stringify(r.value.removedCards)}\``);
    }
  });

  test('names every preset', async () => {
    const text = await readFile(join(ROOT, 'docs/rules.md'), 'utf8');
    const rows = tableRows(text, '**Presets**');
    expect([...rows.keys()].sort()).toEqual([...PRESET_NAMES].sort());
  });
});
