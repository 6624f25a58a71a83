// Command-line parsing with node's own parser: unknown flags and bad values are errors that name the flag.
import { parseArgs } from 'node:util';

export class UsageError extends Error {}

const OPTIONS = {
  transport: { type: 'string' },
  host: { type: 'string' },
  port: { type: 'string' },
  config: { type: 'string' },
  project: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
} as const;

export interface CliArgs {
  command: string | undefined;
  transport: 'stdio' | 'http';
  host: string | undefined;
  port: number | undefined;
  config: string | undefined;
  project: string | undefined;
  json: boolean;
  help: boolean;
  version: boolean;
}

export function parseCliArgs(argv: string[]): CliArgs {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const { values, positionals } = parsed;
  if (positionals.length > 1) throw new UsageError(`unexpected argument "${positionals[1]}"`);
  const transport = values.transport ?? 'stdio';
  if (transport !== 'stdio' && transport !== 'http') {
    throw new UsageError(`--transport must be "stdio" or "http", not "${transport}"`);
  }
  let port: number | undefined;
  if (values.port !== undefined) {
    port = Number(values.port);
    if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port must be a number from 0 to 65535, not "${values.port}"`);
  }
  return {
    command: positionals[0],
    transport,
    host: values.host,
    port,
    config: values.config,
    project: values.project,
    json: values.json ?? false,
    help: values.help ?? false,
    version: values.version ?? false,
  };
}
