// `gatehouse doctor [--root DIR] [--category X[,Y]] [--offline] [--cache-dir ABS] [--json]`: read-only
// diagnosis with stable finding IDs. Exit 0 = no error finding, 1 = at least one, 2 = usage, 3 = could
// not run. Without --json, stdout gets the summary line, and stderr one line per failed finding and one
// per reason checks were deferred, naming them (--json has every finding, deferred ones with their reason).
import { homedir } from 'node:os';
import { resolve } from 'node:path';
import { findProjectRoot } from '../config/project-root';
import { EXIT_USAGE } from '../runtime/commands';
import { emit, processIo, type CliIo } from '../runtime/cli-io';
import { runDoctor } from '../runtime/doctor/doctor';
import { deferredGroups } from '../runtime/doctor/findings';
import { RESULT_API_VERSION } from '../runtime/results';
import { CONFIG_FLAGS, parseFlags, UsageError } from './args';
import { gatehouseRun } from '../common/gatehouse-command';

const FLAGS = {
  ...CONFIG_FLAGS,
  root: { type: 'string', default: '.' },
  category: { type: 'string' },
  offline: { type: 'boolean', default: false },
  'cache-dir': { type: 'string' },
  json: { type: 'boolean', default: false },
} as const;

/** `containerMarkers`: the files that mark a container (tests name their own; default Docker's and Podman's). */
export async function doctor(argv: string[], io: CliIo = processIo(), options: { containerMarkers?: readonly string[] } = {}): Promise<number> {
  let values: ReturnType<typeof parseFlags<typeof FLAGS>>['values'];
  try {
    ({ values } = parseFlags(argv, FLAGS));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    const document = { apiVersion: RESULT_API_VERSION, kind: 'DoctorResult', status: 'unavailable', root: null, errors: [{ code: 'usage', message: error.message }] };
    return emit(io, argv.includes('--json'), EXIT_USAGE, document, `${error.message} (see "${gatehouseRun('--help')}")`, true);
  }
  const home = io.env.HOME || homedir();
  const outcome = await runDoctor({
    root: values.root,
    cwd: io.cwd,
    env: io.env,
    category: values.category ?? null,
    offline: values.offline,
    cacheDir: values['cache-dir'],
    homeDir: home,
    projectRoot: values.project ? resolve(io.cwd, values.project) : findProjectRoot(io.cwd, home),
    configPath: values.config ?? io.env.GATEHOUSE_CONFIG ?? null,
    containerMarkers: options.containerMarkers,
  });
  if (outcome.exitCode === 3) return emit(io, values.json, 3, outcome.document, outcome.line, true);
  if (!values.json) {
    for (const f of outcome.document.findings.filter((x) => x.status === 'failed')) {
      io.stderr(`gatehouse: [${f.severity}] ${f.id}${f.subject ? ` ${f.subject}` : ''}: ${f.message}\n`);
    }
    // The summary counts deferred checks; these lines say which, and why they did not run here.
    for (const group of deferredGroups(outcome.document.findings)) io.stderr(`gatehouse: [deferred] ${group.checks.join(', ')}: ${group.reason}\n`);
  }
  return emit(io, values.json, outcome.exitCode, outcome.document, outcome.line, false);
}
