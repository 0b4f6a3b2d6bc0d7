/** The built `hearts` command, run as a user runs it, for the command tests. */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll } from 'vitest';

/** The repository root. */
export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** The command's entry point, which loads the build in packages/cli/dist. */
export const BIN = join(ROOT, 'packages/cli/bin/hearts.js');

/** How a run ended: the exit code (-1 when a signal stopped it) and all it printed. */
export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs the built command with these arguments, from the system's temporary directory unless `cwd` says otherwise.
 * The command reads `input` on its standard input, or finds that input already ended when there is none.
 */
export function runHearts(
  args: readonly string[],
  options: { cwd?: string; input?: string } = {},
): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: options.cwd ?? tmpdir() });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
    // A command that stops before reading all its input is not an error of the test's.
    child.stdin.on('error', () => {});
    child.stdin.end(options.input);
  });
}

/** Runs the built command with these arguments from the system's temporary directory. */
export function hearts(...args: string[]): Promise<Run> {
  return runHearts(args);
}

/** Makes the test file fail at once, and say why, when the command has not been built. */
export function requireBuilt(): void {
  beforeAll(() => {
    if (!existsSync(join(ROOT, 'packages/cli/dist/main.js')))
      throw new Error('build first: the test runs the built command (npm run build)');
  });
}
