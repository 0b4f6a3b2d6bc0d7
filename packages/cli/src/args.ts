import { parseArgs, type ParseArgsConfig } from 'node:util';

/** Bad command-line usage: reported in one line with the command's usage, exit 2. */
export class UsageError extends Error {}

/** A subcommand of `hearts`. */
export interface Command {
  readonly summary: string; // one line for the command list
  readonly usage: string; // shown with --help and on bad usage
  run(argv: readonly string[]): Promise<number>; // resolves to the exit code
}

/** node:util parseArgs, with its errors turned into usage errors. */
export function parse<T extends NonNullable<ParseArgsConfig['options']>>(
  argv: readonly string[],
  options: T,
  allowPositionals = true,
): { values: { [K in keyof T]?: T[K]['type'] extends 'boolean' ? boolean : string }; positionals: string[] } {
  try {
    const r = parseArgs({ args: [...argv], options, allowPositionals, strict: true });
    return r as unknown as ReturnType<typeof parse<T>>;
  } catch (e) {
    throw new UsageError(e instanceof Error ? e.message : String(e));
  }
}

/** A whole number option, checked. */
export function intOption(value: string | undefined, name: string, dflt: number, min = 0): number {
  if (value === undefined) return dflt;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw new UsageError(`--${name} must be a whole number ≥ ${min}`);
  return n;
}

/** Writes one line of compact JSON to stdout. */
export function printJson(value: unknown): void {
  process.stdout.write(JSON.stringify(value) + '\n');
}
