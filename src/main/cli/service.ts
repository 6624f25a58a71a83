// `gatehouse service install|uninstall|status`: the headless gateway as a user service — a systemd user
// unit on Linux, a launchd agent on macOS (Windows: see the README). install and uninstall preview what
// they would write and run; --write does it. The auth token lives in a 0600 env file or the keychain,
// never in the unit. status reads the service manager's state and the gateway's /health.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { resolve } from 'node:path';
import { writeFileAtomic } from '../common/atomic-write';
import { GatewayError, safeMessage } from '../common/errors';
import { gatehouseRun } from '../common/gatehouse-command';
import { defaultLauncher } from '../clients/launcher';
import { defaultSecretStore } from '../secrets/store';
import { ensureEnvFile, ensureKeychainToken, TOKEN_NAME } from '../service/service-token';
import { installPlan, listenOf, managerFor, parseShow, removePlan, serviceFile, statusCommand, type ServiceHost } from '../service/service-plan';
import { buildSpec, serviceEnvFile, type TokenSource } from '../service/service-spec';
import { readDesktopSettings, settingsFilePath } from '../settings/desktop-settings';
import { gatewayPort } from '../settings/port';
import { parseFlags, parsePort, UsageError } from './args';

const FLAGS = {
  port: { type: 'string' },
  host: { type: 'string' },
  auth: { type: 'string', default: 'env-file' },
  config: { type: 'string' },
  policy: { type: 'string' },
  write: { type: 'boolean', default: false },
  json: { type: 'boolean', default: false },
} as const;

export interface CommandRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs one command of a plan (argv, never a shell). Exported for the tests' real runs. */
export function runCommand(argv: string[]): CommandRun {
  const [command = '', ...args] = argv;
  const run = spawnSync(command, args, { encoding: 'utf8', timeout: 30_000 });
  if (run.error) return { status: null, stdout: '', stderr: safeMessage(run.error) };
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

function host(): ServiceHost {
  return { platform: process.platform, env: process.env, home: homedir(), uid: process.getuid?.() ?? 0 };
}

const out = (line = '') => process.stdout.write(`${line}\n`);
const shown = (argv: string[]) => argv.map((word) => (/^[\w./:=@%+,-]+$/.test(word) ? word : JSON.stringify(word))).join(' ');

export async function service(argv: string[]): Promise<number> {
  const [action, ...rest] = argv;
  if (action === 'install') return install(rest);
  if (action === 'uninstall') return uninstall(rest);
  if (action === 'status') return status(rest);
  throw new UsageError(`gatehouse service needs install, uninstall or status${action ? `, not "${action}"` : ''}`);
}

function tokenSource(value: string): TokenSource {
  if (value === 'none' || value === 'keychain' || value === 'env-file') return value;
  throw new UsageError(`--auth must be env-file, keychain or none, not "${value}"`);
}

async function install(argv: string[]): Promise<number> {
  const { values } = parseFlags(argv, FLAGS);
  const where = host();
  const launcher = defaultLauncher();
  if (!launcher) throw new GatewayError('E101', 'cannot find this package\'s bin/gatehouse.mjs to put in the unit', {}, 'run gatehouse service install from an installed package or a checkout');
  const source = tokenSource(values.auth);
  const spec = buildSpec({
    launcher,
    host: values.host,
    // --port, else settings.json's "port" (the one the desktop app and serve use), else 3344.
    port: gatewayPort(parsePort(values.port), readDesktopSettings(settingsFilePath(where.env, where.home)).settings).port,
    tokenSource: source,
    config: values.config ? resolve(values.config) : null,
    policy: values.policy ? resolve(values.policy) : null,
    env: where.env,
    home: where.home,
    platform: where.platform,
  });
  const plan = installPlan(spec, where);
  out(`${values.write ? 'Installing' : 'Would install'} the Gatehouse ${plan.manager} service: ${plan.file}`);
  out();
  out(plan.text);
  if (source === 'env-file') out(`auth token: ${TOKEN_NAME} in ${spec.envFile} (mode 0600; created if missing, else kept)`);
  else if (source === 'keychain') out(`auth token: ${TOKEN_NAME} in the OS keychain (created if missing, else kept)`);
  else out('auth: none — the gateway serves loopback only, to anyone on this machine');
  out(`then: ${plan.commands.map(shown).join('; ')}`);
  if (!values.write) {
    out();
    out(`Preview only; run "${gatehouseRun(`service install ${argv.join(' ')} --write`.replace(/\s+/g, ' ').trim())}" to apply.`);
    return 0;
  }
  if (source === 'env-file' && spec.envFile) out(`token file ${ensureEnvFile(spec.envFile)}: ${spec.envFile}`);
  if (source === 'keychain') {
    const store = defaultSecretStore(where.env, where.home);
    const state = await store.status();
    if (!state.available) {
      throw new GatewayError('E201', `no keychain reachable for ${TOKEN_NAME}`, {}, 'use --auth env-file, or unlock the keychain and try again');
    }
    out(`keychain token ${await ensureKeychainToken({ get: (name) => store.get({ scope: 'user' }, name), set: async (name, value) => void (await store.set({ scope: 'user' }, name, value)) })}`);
  }
  writeFileAtomic(plan.file, plan.text, 0o644);
  out(`wrote ${plan.file}`);
  return runAll(plan.commands, plan.manager === 'launchd' ? 1 : 0);
}

/** Runs commands in order; the first `tolerated` may fail (launchctl bootout of an agent not loaded). */
function runAll(commands: string[][], tolerated = 0): number {
  for (const [i, argv] of commands.entries()) {
    const run = runCommand(argv);
    if (run.status === 0) {
      out(`ran: ${shown(argv)}`);
      continue;
    }
    if (i < tolerated) continue;
    process.stderr.write(`gatehouse: ${shown(argv)} failed (${run.status ?? 'not run'}): ${(run.stderr || run.stdout).trim().slice(0, 400)}\n`);
    if (argv[0] === 'systemctl') process.stderr.write('next step: systemctl --user needs a user session bus (log in, or: loginctl enable-linger $USER); the unit file is in place\n');
    return 1;
  }
  return 0;
}

async function uninstall(argv: string[]): Promise<number> {
  const { values } = parseFlags(argv, { write: FLAGS.write });
  const where = host();
  const plan = removePlan(where);
  const envFile = serviceEnvFile(where.env, where.home, where.platform);
  out(`${values.write ? 'Removing' : 'Would remove'} the Gatehouse ${plan.manager} service: ${plan.file}${existsSync(plan.file) ? '' : ' (not installed)'}`);
  out(`commands: ${[...plan.before, ...plan.after].map(shown).join('; ')}`);
  if (existsSync(envFile)) out(`and its token file ${envFile}`);
  if (!values.write) {
    out(`Preview only; run "${gatehouseRun('service uninstall --write')}" to apply.`);
    return 0;
  }
  // Stopping a service that is not loaded fails harmlessly; the files go either way.
  for (const argv of plan.before) runCommand(argv);
  rmSync(plan.file, { force: true });
  rmSync(envFile, { force: true });
  out(`removed ${plan.file}`);
  return runAll(plan.after);
}

async function status(argv: string[]): Promise<number> {
  const { values } = parseFlags(argv, { json: FLAGS.json });
  const where = host();
  const file = serviceFile(where);
  const manager = managerFor(where.platform);
  if (!existsSync(file)) {
    if (values.json) out(JSON.stringify({ installed: false, file, manager }));
    else out(`The Gatehouse service is not installed (${file}); preview it with: ${gatehouseRun('service install')}`);
    return 3;
  }
  const listen = listenOf(readFileSync(file, 'utf8'));
  const run = runCommand(statusCommand(where));
  const state = manager === 'systemd' && run.status === 0 ? parseShow(run.stdout) : {};
  const running = manager === 'systemd' ? state.ActiveState === 'active' : run.status === 0 && /state = running/.test(run.stdout);
  const health = await fetchHealth(listen.host, listen.port);
  const report = { installed: true, manager, file, listen, manager_state: manager === 'systemd' ? state : { loaded: run.status === 0 }, manager_error: run.status === 0 ? null : (run.stderr || run.stdout).trim().slice(0, 300), running, health };
  if (values.json) {
    out(JSON.stringify(report, null, 2));
  } else {
    out(`service: ${file} (${manager})`);
    if (manager === 'systemd') out(`state: ${state.ActiveState ?? '?'} (${state.SubState ?? '?'}), enabled: ${state.UnitFileState ?? '?'}, pid ${state.MainPID ?? '?'}, restarts ${state.NRestarts ?? '?'}`);
    if (report.manager_error) out(`service manager: ${report.manager_error}`);
    out(`health: http://${listen.host}:${listen.port}/health ${health.ok ? `ok (version ${health.version})` : `not answering (${health.error})`}`);
  }
  return running && health.ok ? 0 : 1;
}

async function fetchHealth(hostName: string, port: number): Promise<{ ok: boolean; version?: string; error?: string }> {
  const shownHost = hostName.includes(':') && !hostName.startsWith('[') ? `[${hostName}]` : hostName === '0.0.0.0' ? '127.0.0.1' : hostName;
  try {
    const res = await fetch(`http://${shownHost}:${port}/health`, { signal: AbortSignal.timeout(3000) });
    const body = (await res.json()) as { ok?: boolean; version?: string };
    return body.ok === true ? { ok: true, version: body.version } : { ok: false, error: `HTTP ${res.status}` };
  } catch (error) {
    return { ok: false, error: safeMessage(error) };
  }
}


