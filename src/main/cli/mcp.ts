// `gatehouse mcp verify|prepare [--root DIR] [--offline] [--cache-dir ABS] [--json]`: checks a Python
// runtime root (policy, digests, lock, headers, uv) and prepares uv's cache. Exit codes are the
// runtime contract's: 0 success, 2 usage, 3 any check failed.
import { EXIT_USAGE, prepareCommand, verifyCommand } from '../runtime/commands';
import { emit, processIo, type CliIo } from '../runtime/cli-io';
import { RESULT_API_VERSION } from '../runtime/results';
import { parseFlags, UsageError } from './args';
import { gatehouseRun } from '../common/gatehouse-command';

const FLAGS = {
  root: { type: 'string', default: '.' },
  offline: { type: 'boolean', default: false },
  'cache-dir': { type: 'string' },
  json: { type: 'boolean', default: false },
} as const;

const SUBCOMMANDS = { verify: 'McpVerification', prepare: 'RuntimePreparation' } as const;

export async function mcp(argv: string[], io: CliIo = processIo()): Promise<number> {
  const [sub, ...rest] = argv;
  const wantsJson = argv.includes('--json');
  if (sub !== 'verify' && sub !== 'prepare') {
    return usage(io, wantsJson, 'McpVerification', sub === undefined ? 'mcp needs a subcommand: verify or prepare' : `unknown mcp subcommand "${sub}"; use verify or prepare`);
  }
  let values: ReturnType<typeof parseFlags<typeof FLAGS>>['values'];
  try {
    ({ values } = parseFlags(rest, FLAGS));
  } catch (error) {
    if (error instanceof UsageError) return usage(io, wantsJson, SUBCOMMANDS[sub], error.message);
    throw error;
  }
  const options = { root: values.root, offline: values.offline, cacheDir: values['cache-dir'], env: io.env, cwd: io.cwd };
  const outcome = sub === 'verify' ? await verifyCommand(options) : await prepareCommand(options);
  return emit(io, values.json, outcome.exitCode, outcome.document, outcome.line, outcome.exitCode !== 0);
}

function usage(io: CliIo, json: boolean, kind: string, message: string): number {
  const document = { apiVersion: RESULT_API_VERSION, kind, status: 'failed', root: null, errors: [{ code: 'usage', message }] };
  return emit(io, json, EXIT_USAGE, document, `${message} (see "${gatehouseRun('--help')}")`, true);
}
