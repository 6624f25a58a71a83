// Flag parsing shared by the subcommands, on node's own parser: unknown flags and bad values are usage
// errors that name the flag. Each subcommand declares and parses its own flags.
import { parseArgs, type ParseArgsConfig } from 'node:util';

export class UsageError extends Error {}

type Options = NonNullable<ParseArgsConfig['options']>;

export function parseFlags<O extends Options>(argv: string[], options: O, positionals = 0) {
  const parsed = asUsageError(() => parseArgs({ args: argv, options, allowPositionals: positionals > 0, strict: true }));
  if (parsed.positionals.length > positionals) throw new UsageError(`unexpected argument "${parsed.positionals[positionals]}"`);
  return parsed;
}

/** node's parser throws a plain error naming the flag; the caller shows it as a usage error. */
function asUsageError<T>(parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

export function parsePort(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port must be a number from 0 to 65535, not "${value}"`);
  return port;
}

/** Flags every command that reads config understands. */
export const CONFIG_FLAGS = {
  config: { type: 'string' },
  project: { type: 'string' },
  policy: { type: 'string' },
} as const;
