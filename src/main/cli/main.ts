// The `gatehouse` command. Each subcommand lives in its own file, parses its own flags and returns an
// exit code; this file only dispatches and turns errors into a message plus an exit code
// (64 = usage, 78 = configuration error, as sysexits has it).
import { GatewayError } from '../common/errors';
import { GATEHOUSE_VERSION } from '../common/version';
import { UsageError } from './args';
import { auth } from './auth';
import { HELP } from './help';
import { doctor } from './doctor';
import { logs } from './logs';
import { mcp } from './mcp';
import { provision } from './provision';
import { proxy } from './proxy';
import { refresh } from './refresh';
import { secrets } from './secrets';
import { serve } from './serve';
import { service } from './service';
import { init } from './init';
import { setup } from './setup';
import { status } from './status';
import { trust } from './trust';
import { gatehouseRun } from '../common/gatehouse-command';

/** 'running' means the command keeps the process alive (a server) and sets no exit code. */
export type CommandResult = number | 'running';

const COMMANDS: Record<string, (argv: string[]) => Promise<CommandResult>> = {
  serve,
  status,
  secrets,
  proxy,
  mcp,
  doctor,
  trust,
  setup,
  logs,
  refresh,
  provision,
  auth,
  service,
  init,
};

export async function main(argv: string[]): Promise<CommandResult> {
  const [first, ...rest] = argv;
  if (first === '--version' || first === '-v') {
    process.stdout.write(`${GATEHOUSE_VERSION}\n`);
    return 0;
  }
  if (first === undefined || first === 'help' || first === '--help' || first === '-h') {
    process.stdout.write(HELP);
    return 0;
  }
  // Own keys only: "constructor" or "toString" must be unknown commands, not Object's methods.
  const command = Object.hasOwn(COMMANDS, first) ? COMMANDS[first] : undefined;
  if (!command) throw new UsageError(`unknown command "${first}"`);
  if (rest.includes('--help') || rest.includes('-h')) {
    process.stdout.write(HELP);
    return 0;
  }
  return command(rest);
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code !== 'running') process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof UsageError) {
      process.stderr.write(`gatehouse: ${error.message}\nRun "${gatehouseRun('--help')}" for usage.\n`);
      process.exit(64);
    }
    if (error instanceof GatewayError) {
      process.stderr.write(`gatehouse: ${error.message}\n${error.suggestion ? `next step: ${error.suggestion}\n` : ''}`);
      process.exit(error.code === 'E101' || error.code === 'E102' ? 78 : 1);
    }
    process.stderr.write(`gatehouse: unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(70);
  },
);
