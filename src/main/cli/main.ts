// The `gatehouse` command. Each subcommand lives in its own file; this one only dispatches and turns
// errors into a message plus an exit code (78 = configuration error, as sysexits has it).
import { GatewayError } from '../core/errors';
import { GATEHOUSE_VERSION } from '../core/version';
import { parseCliArgs, UsageError } from './args';
import { HELP } from './help';
import { serve } from './serve';
import { status } from './status';

export async function main(argv: string[]): Promise<number | 'running'> {
  const args = parseCliArgs(argv);
  if (args.version) {
    process.stdout.write(`${GATEHOUSE_VERSION}\n`);
    return 0;
  }
  if (args.help || args.command === undefined || args.command === 'help') {
    process.stdout.write(HELP);
    return 0;
  }
  switch (args.command) {
    case 'serve':
      await serve(args);
      return 'running';
    case 'status':
      return status(args);
    default:
      throw new UsageError(`unknown command "${args.command}"`);
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code !== 'running') process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof UsageError) {
      process.stderr.write(`gatehouse: ${error.message}\nRun "gatehouse --help" for usage.\n`);
      process.exit(64);
    }
    if (error instanceof GatewayError) {
      process.stderr.write(`gatehouse: ${error.message}\n${error.suggestion ? `next step: ${error.suggestion}\n` : ''}`);
      process.exit(error.code === 'E101' ? 78 : 1);
    }
    process.stderr.write(`gatehouse: unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(70);
  },
);
