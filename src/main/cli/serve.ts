// `gatehouse serve`: the core in plain Node over stdio or HTTP. On stdio, stdout carries only MCP; every
// diagnostic goes to stderr. A stdio serve first looks for a running gateway (instance.json) and, when
// one answers, becomes a thin bridge into it instead of starting a second core — a second client is
// never locked out. An HTTP serve announces itself in instance.json and removes it on shutdown. Every
// log line is kept in $XDG_STATE_HOME/gatehouse/logs/gateway.log (`gatehouse logs` reads it); the console
// (stderr) leaves out routine lines — sessions ending, servers spawned, ready, stopped, their stderr —
// unless --verbose: someone watching it wants start-up, warnings and errors, not one line per session.
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { resolve } from 'node:path';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { safeMessage } from '../common/errors';
import { createGatehouse } from '../core/gatehouse';
import type { Gatehouse } from '../core/types';
// The SDK answers every resource-not-found with -32602; 2025-era clients expect -32002 (see guidance/legacy-not-found).
import { withLegacyResourceNotFound } from '../gateway/guidance';
import { startBridge } from '../http/bridge';
import { GuardedStdioTransport } from '../http/guarded-stdio';
import { resolveHttpSettings, type HttpFlagValues, type HttpSettings } from '../http/settings';
import { runningGateway, startSharedGateway, type SharedGateway } from '../core/shared-gateway';
import { readDesktopSettings, settingsFilePath } from '../settings/desktop-settings';
import { gatewayPort } from '../settings/port';
import { defaultSecretStore } from '../secrets/store';
import { openGatewayLog, type GatewayLog } from '../logs/gateway-log';
import { flushOpenFiles } from '../logs/rotating-file';
import { isRoutineLine } from '../logs/server-lines';
import { findLiveInstance } from '../state/live-instance';
import { findProjectRoot } from '../config/project-root';
import { instanceFilePath } from '../state/paths';
import { CONFIG_FLAGS, parseFlags, parsePort, UsageError } from './args';

// Opened when `serve` runs (not when the CLI loads): other commands never touch the log.
let gatewayLog: GatewayLog | null = null;
let verbose = false;

const log = (line: string) => {
  if (verbose || !isRoutineLine(line)) process.stderr.write(`gatehouse: ${line}\n`);
  gatewayLog?.write(line);
};

const HTTP_FLAGS = {
  host: { type: 'string' },
  port: { type: 'string' },
  auth: { type: 'string' },
  'auth-token-file': { type: 'string' },
  'auth-token': { type: 'string' },
  'allow-insecure-bind': { type: 'boolean' },
  'oauth-issuer': { type: 'string' },
  'oauth-jwks-url': { type: 'string' },
  'oauth-audience': { type: 'string' },
  'oauth-algorithm': { type: 'string', multiple: true },
  'required-scope': { type: 'string', multiple: true },
  'oauth-allow-loopback-issuer': { type: 'boolean' },
  'allowed-origin': { type: 'string', multiple: true },
  'public-url': { type: 'string' },
  'rate-limit': { type: 'string' },
  'trust-proxy': { type: 'boolean' },
  'request-timeout': { type: 'string' },
  'metrics-public': { type: 'boolean' },
} as const;

const FLAGS = {
  ...CONFIG_FLAGS,
  ...HTTP_FLAGS,
  transport: { type: 'string', default: 'stdio' },
  standalone: { type: 'boolean', default: false },
  verbose: { type: 'boolean', default: false },
} as const;

/** Stops once on SIGINT/SIGTERM (or when the returned function is called), then exits 0. */
function onShutdown(stop: (why: string) => Promise<void>): (why: string) => void {
  let stopping = false;
  const once = (why: string) => {
    if (stopping) return;
    stopping = true;
    log(`stopping (${why})`);
    // Queued log and audit lines are written before exiting (an exit hook catches any left over).
    stop(why)
      .finally(() => flushOpenFiles())
      .finally(() => process.exit(0));
  };
  process.once('SIGINT', () => once('SIGINT'));
  process.once('SIGTERM', () => once('SIGTERM'));
  return once;
}

/** Exit status when another gateway already serves this user (sysexits EX_TEMPFAIL: retry once it stopped). */
export const EXIT_GATEWAY_RUNNING = 75;

export async function serve(argv: string[]): Promise<number | 'running'> {
  const { values } = parseFlags(argv, FLAGS);
  verbose = values.verbose;
  gatewayLog ??= openGatewayLog();
  const transport = values.transport;
  if (transport !== 'stdio' && transport !== 'http') {
    throw new UsageError(`--transport must be "stdio" or "http", not "${transport}"`);
  }
  if (transport === 'stdio') {
    const httpOnly = Object.keys(HTTP_FLAGS).find((flag) => (values as Record<string, unknown>)[flag] !== undefined);
    if (httpOnly) throw new UsageError(`--${httpOnly} applies to --transport http only`);
    return serveStdioTransport(values);
  }
  // One gateway per user: refused before anything starts (no child, no keychain read, no listener).
  if (!values.standalone) {
    const other = await runningGateway();
    if (other) {
      process.stderr.write(`gatehouse: [${other.code}] ${other.message}\nnext step: ${other.next_step}\n`);
      return EXIT_GATEWAY_RUNNING;
    }
  }
  const flags: HttpFlagValues = { ...values, port: httpPort(parsePort(values.port)) };
  // Resolved before anything starts: bad auth settings fail closed, with no child spawned.
  const keychainToken = needsStoredToken(flags) ? await storedAuthToken() : null;
  const settings = resolveHttpSettings(flags, { env: process.env, readFile: (path) => readFileSync(path, 'utf8'), warn: log, keychainToken });
  return serveHttp(values, settings);
}

/** --port, else settings.json's "port" (shared with the desktop app), else 3344. */
function httpPort(flag: number | undefined): number {
  const path = settingsFilePath();
  const { settings, problems } = readDesktopSettings(path);
  for (const found of problems) if (found.field === 'port' || found.field === null) log(`warning: ${found.message}`);
  return gatewayPort(flag, settings).port;
}

/** The keychain is consulted only when no flag, file or variable already names the token. */
function needsStoredToken(flags: HttpFlagValues): boolean {
  if (flags.auth === 'none' || flags.auth === 'resource-server') return false;
  return !flags['auth-token-file'] && flags['auth-token'] === undefined && !process.env.GATEHOUSE_AUTH_TOKEN && !process.env.GATEHOUSE_AUTH_TOKEN_FILE;
}

async function storedAuthToken(): Promise<string | null> {
  try {
    return await defaultSecretStore(process.env).get({ scope: 'user' }, 'GATEHOUSE_AUTH_TOKEN');
  } catch {
    return null; // no keychain here: the other token sources (or mode none) apply, as before
  }
}

/** Variables that hold the gateway's own credentials: read once, never passed on to any child. */
const OWN_SECRETS = ['GATEHOUSE_AUTH_TOKEN'];

function coreFor(values: { project?: string; config?: string; policy?: string }): Gatehouse {
  const env = { ...process.env };
  for (const name of OWN_SECRETS) {
    delete env[name];
    delete process.env[name];
  }
  return createGatehouse({
    cwd: process.cwd(),
    projectDir: values.project ? resolve(values.project) : undefined,
    configPath: values.config,
    policyPath: values.policy ? resolve(values.policy) : undefined,
    env,
    log,
  });
}

async function serveStdioTransport(values: { project?: string; config?: string; policy?: string; standalone?: boolean }): Promise<'running'> {
  if (!values.standalone) {
    const live = await findLiveInstance(instanceFilePath());
    if (live.ok) return attach(live.record.url, live.record.token, live.record.pid, values);
    if (live.kind === 'impostor') log(`${live.reason}; serving this client in-process`);
  }
  const gatehouse = coreFor(values);
  await gatehouse.start();
  const wire = new GuardedStdioTransport();
  const stdio = serveStdio(() => gatehouse.createMcpServer('stdio'), { transport: withLegacyResourceNotFound(wire), onerror: (error) => log(`stdio: ${safeMessage(error)}`) });
  const stop = async () => {
    await stdio.close().catch(() => undefined);
    await gatehouse.stop();
  };
  const shutdown = onShutdown(stop);
  // The client closing our stdin is how it says goodbye (and how we notice it died).
  process.stdin.once('end', () => shutdown('stdin closed'));
  process.stdin.once('close', () => shutdown('stdin closed'));
  return 'running';
}

async function attach(url: string, token: string, pid: number, values: { project?: string; config?: string; policy?: string }): Promise<'running'> {
  // The client's project travels with every request: the shared gateway shows this client its own
  // project's (approved) servers beside the user's, not those of the project the gateway started in.
  const project = values.project ? resolve(values.project) : findProjectRoot(process.cwd(), homedir());
  log(`attached to the running gateway at ${url} (pid ${pid}); this process relays stdio to it${project ? ` for the project ${project}` : ''}`);
  if (values.config || values.policy) log('note: --config/--policy are ignored while attached; pass --standalone for a gateway of your own');
  const bridge = await startBridge({ url: new URL(url), token, log, project });
  onShutdown(() => bridge.close());
  void bridge.done.then((why) => process.exit(why === 'stdin-closed' ? 0 : 1));
  return 'running';
}

async function serveHttp(values: { project?: string; config?: string; policy?: string }, settings: HttpSettings): Promise<'running'> {
  const gatehouse = coreFor(values);
  await gatehouse.start();
  let shared: SharedGateway;
  try {
    shared = await startSharedGateway(gatehouse, settings, log);
  } catch (error) {
    // Eager servers may already run in their own process groups: stop them before reporting.
    await gatehouse.stop();
    throw error;
  }
  const { http } = shared;
  onShutdown(async () => {
    await shared.close();
    await gatehouse.stop();
  });
  log(`serving MCP at ${http.url} (health: ${http.url.replace(/\/mcp$/, '/health')}, auth: ${settings.auth.mode})`);
  return 'running';
}
