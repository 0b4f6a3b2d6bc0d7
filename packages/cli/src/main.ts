import { COMMANDS } from './commands/index.js';
import { UsageError } from './args.js';

const HELP = `hearts — tools for the Hearts platform

Usage: hearts <command> [options]

Commands:
${Object.entries(COMMANDS)
  .map(([name, c]) => `  ${name.padEnd(10)} ${c.summary}`)
  .join('\n')}

Run "hearts <command> --help" for a command's options.`;

/** Runs the command line; resolves to the exit code. Never throws for bad input. */
export async function main(argv: readonly string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(HELP + '\n');
    return name ? 0 : 2;
  }
  const command = COMMANDS[name];
  if (!command) {
    process.stderr.write(`hearts: unknown command "${name}"\n${HELP}\n`);
    return 2;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    process.stdout.write(command.usage + '\n');
    return 0;
  }
  try {
    return await command.run(rest);
  } catch (e) {
    if (e instanceof UsageError) {
      process.stderr.write(`hearts ${name}: ${e.message}\n${command.usage}\n`);
      return 2;
    }
    process.stderr.write(`hearts ${name}: ${e instanceof Error ? e.message : String(e)}\n`);
    return 2;
  }
}
