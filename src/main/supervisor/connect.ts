// Opens an MCP client connection to one configured server: spawns a stdio child or dials a remote URL.
// Returns everything the handle needs to supervise the connection; throws a GatewayError otherwise.
import { Client, SdkHttpError, StreamableHTTPClientTransport, type Transport } from '@modelcontextprotocol/client';
import type { RemoteServerDefinition, ServerDefinition, StdioServerDefinition } from '../config/types';
import type { TransportKind } from '../../shared/domain';
import { GatewayError, safeMessage } from '../common/errors';
import { sanitizedUrl } from '../common/safe-url';
import { GATEHOUSE_VERSION } from '../common/version';
import { buildChildEnv } from '../common/child-env';
import { CHECKS } from '../runtime/check-ids';
import { gatehouseDirs } from '../common/dirs';
import { pythonLaunchSpec, serverDataDir } from '../runtime/launch';
import type { PythonServerSpec } from '../runtime/python-entry';
import { referencedNames } from '../secrets/references';
import { interpolateValues } from '../common/interpolate';
import { authRejectedError, remoteAuthGuard, type RemoteAuthGuard } from './remote-auth';
import type { ConnectionAuth } from '../oauth/connection-auth';
import type { RemoteOAuth } from '../oauth/remote-oauth';
import { BoundedSSEClientTransport } from './bounded-sse';
import type { LogRing } from './log-ring';
import { killServerTree, spawnServer, type SpawnedServer } from './stdio-process';
import { ChildStdioTransport } from './stdio-transport';
import { DirectCalls } from './direct-call';
import { cutAtBoundary } from '../common/cut-text';
import { gatehouseRun, withGatehouseCommand } from '../common/gatehouse-command';
import { handshakeTimedOut } from './package-runner';
import { findPrivateTempGap } from '../common/confinement/private-temp';
import { confineSpawn, confinementContext, type ConfinementContext } from './confinement/launch';
import { connectWithProbe, httpStatusOf, suggestsLegacySse, type RemoteTransport } from './transport-probe';

export interface Connection {
  client: Client;
  process: SpawnedServer | null;
  /** The transport in use: for a url entry without a type, "sse" once the compatibility probe fell back. */
  transport: TransportKind;
  /** Requests still unanswered when the connection ended (stdio; remote connections report 0). */
  unansweredAtClose(): number;
  /** True once the connection has closed, whenever that happened (even during start-up). */
  isClosed(): boolean;
  onClose(listener: () => void): void;
  /** tools/call written by Gatehouse itself on a stdio pipe (direct-call.ts); null for remote servers. */
  directCalls: DirectCalls | null;
}

/** Resolves `${NAME}` references: values found, names found nowhere, and why (e.g. keychain unavailable). */
export type VariableResolver = (names: string[]) => Promise<{ values: Map<string, string>; missing: string[]; note: string | null; nextStep: string | null }>;

/** Without a keychain: the gateway's own environment only. */
export function environmentResolver(env: NodeJS.ProcessEnv): VariableResolver {
  return async (names) => {
    const values = new Map<string, string>();
    for (const name of names) {
      const value = env[name];
      if (value) values.set(name, value);
    }
    return { values, missing: names.filter((n) => !values.has(n)), note: null, nextStep: null };
  };
}

export interface ConnectOptions {
  gatewayEnv: NodeJS.ProcessEnv;
  /** Default: the gateway's own environment only. */
  resolveVariables?: VariableResolver;
  stderr: LogRing;
  timeoutMs: number;
  lineLimit?: number;
  /**
   * Called when the transport reports a problem that does not end the connection, and with the one notice
   * the operator should act on (a url entry reached only over legacy SSE).
   */
  onTransportError: (error: Error) => void;
  /** Called as soon as a stdio child exists, so a stop during the handshake can kill it at once. */
  onSpawn?: (process: SpawnedServer) => void;
  /** Called when the MCP handshake begins (the child exists, or the remote transport is dialled). */
  onHandshake?: () => void;
  /** Put a stdio child's tree in its own cgroup v2 where the machine lets us (default true). */
  useCgroup?: boolean;
  /** Gatehouse's folders and homes a confined child must not see (default: from gatewayEnv). */
  confinement?: ConfinementContext;
  /**
   * OAuth sign-ins for remote servers (tokens in the keychain). A remote entry without an Authorization
   * header sends the stored token and renews it; without this, remote entries send their headers only.
   */
  oauth?: RemoteOAuth | null;
}

export async function openConnection(definition: ServerDefinition, options: ConnectOptions): Promise<Connection> {
  const { client, stdio, process, authGuard, transport } =
    definition.transport === 'stdio' ? await connectStdio(definition, options) : await connectRemote(definition, options);
  authGuard?.arm();
  const unansweredAtClose = () => stdio?.unansweredAtClose ?? 0;
  // Watched from the moment the handshake ends: a server can die while its tools are still being listed.
  let closed = false;
  const listeners: (() => void)[] = [];
  client.onclose = () => {
    closed = true;
    for (const listener of listeners) listener();
  };
  const directCalls = stdio ? new DirectCalls(stdio) : null;
  return { client, process, transport, unansweredAtClose, isClosed: () => closed, onClose: (listener) => listeners.push(listener), directCalls };
}

/**
 * What Gatehouse declares to every server: it relays sampling and elicitation (form and URL) requests made
 * while serving a call to the client session that made the call. Whether that session can answer, and
 * whether policy lets the server ask, is decided per request (gateway/passthrough/relays.ts); a server
 * that asks anyway gets the spec's error.
 */
export const DOWNSTREAM_CAPABILITIES = { sampling: {}, elicitation: { form: {}, url: {} } } as const;

/** Runs the MCP handshake over `transport`; on failure the client is closed and the SDK's error rethrown. */
async function handshake(transport: Transport, options: ConnectOptions): Promise<Client> {
  transport.onerror = options.onTransportError;
  options.onHandshake?.();
  // 'auto' probes with server/discover (2026-07-28, stateless) and falls back to the initialize handshake.
  // Capabilities: what Gatehouse relays to the client session a call serves (DOWNSTREAM_CAPABILITIES);
  // input_required is answered by Gatehouse's own call loop (tool-call.ts), never auto-fulfilled here.
  const client = new Client(
    { name: 'gatehouse', version: GATEHOUSE_VERSION },
    { capabilities: DOWNSTREAM_CAPABILITIES, versionNegotiation: { mode: 'auto' }, inputRequired: { autoFulfill: false } },
  );
  try {
    await client.connect(transport, { timeout: options.timeoutMs });
    return client;
  } catch (error) {
    await client.close().catch(() => undefined);
    throw error;
  }
}

async function connectStdio(definition: StdioServerDefinition, options: ConnectOptions) {
  const { transport, process } = await openStdio(definition, options);
  try {
    const client = await handshake(transport, options);
    return { client, stdio: transport, process, authGuard: null, transport: 'stdio' as const };
  } catch (error) {
    // A child that died is the story, not the probe that noticed: its exit status and last words. A
    // child that closed its end of the pipe is on its way out, so its exit is worth a longer wait.
    const pipeClosed = process.child.stdout.readableEnded || process.child.stdout.destroyed;
    const exit = await exitedSoon(process, pipeClosed ? CLOSED_PIPE_EXIT_WAIT_MS : EXIT_WAIT_MS);
    await killServerTree(process, 1000, 1000);
    if (exit) throw exitedDuringStart(definition, exit, options, findPrivateTempGap(process.confinement?.gaps));
    if (/timed? ?out/i.test(safeMessage(error))) {
      throw handshakeTimedOut(definition.name, process.argv, definition.python?.root ?? null, options.timeoutMs, options.stderr.tail(5).join(' | '));
    }
    // Still alive with its output closed: say that, not the SDK's probe words about a closed connection.
    const reason = pipeClosed ? 'it closed its standard output (the MCP channel) without exiting' : safeMessage(error);
    throw handshakeFailed(definition, reason, options, 'check the command and arguments in the config, then start the server again');
  }
}

const EXIT_WAIT_MS = 500;
/** A slow teardown (flushing, atexit handlers, a loaded machine) can take seconds after the pipe closes. */
const CLOSED_PIPE_EXIT_WAIT_MS = 5000;

/** The child's exit, when it has exited or does within `waitMs`, once its stderr is read to the end. */
async function exitedSoon(process: SpawnedServer, waitMs: number): Promise<{ code: number | null; signal: NodeJS.Signals | null } | null> {
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), waitMs).unref());
  const exit = await Promise.race([process.exited, timeout]);
  if (!exit) return null;
  // 'close' comes after the stdio streams ended: everything the child printed is in the ring by then.
  await Promise.race([new Promise((resolve) => process.child.once('close', resolve)), new Promise((resolve) => setTimeout(resolve, EXIT_WAIT_MS).unref())]);
  return exit;
}

/** E204 for a child that exited before the handshake finished: exit code or signal, then its last stderr lines. */
export function exitedDuringStart(
  definition: ServerDefinition,
  exit: { code: number | null; signal: NodeJS.Signals | null },
  options: Pick<ConnectOptions, 'stderr'>,
  /** Its sandbox's gap for files under a private /tmp: the likeliest reason, with its fix. */
  privateTemp: string | null = null,
): GatewayError {
  const tail = options.stderr.tail(3).join(' | ');
  const status = exit.signal ? `killed by ${exit.signal}` : `exit code ${exit.code}`;
  return new GatewayError(
    'E204',
    // The likely cause first: a short message is cut at 400 characters where the panel shows it.
    `server "${definition.name}" exited during start-up (${status})${privateTemp ? '; likely why: its files are under /tmp, which is private inside its sandbox' : ''}${tail ? ` — stderr: ${cutAtBoundary(tail, 600)}` : ' without printing anything'}`,
    { server: definition.name, exit_code: exit.code, exit_signal: exit.signal },
    // The gap names the files and the folder to grant (whole paths: a suggestion is not cut to base names).
    privateTemp ?? `run the command of "${definition.name}" on its own to see why it stops; ${gatehouseRun(`logs --server ${definition.name}`)} shows everything it printed`,
    true,
  );
}

async function connectRemote(definition: RemoteServerDefinition, options: ConnectOptions) {
  const { lookup, resolved } = await lookupFor(definition.headers, options);
  const { values: headers, missing } = interpolateValues(definition.headers, lookup);
  if (missing.length) throw missingVariables(definition.name, missing, resolved);
  const url = new URL(definition.url);
  // A configured Authorization header is the operator's choice of credential: OAuth stays out of its way.
  const signsIn = !Object.keys(headers).some((name) => name.toLowerCase() === 'authorization');
  let authGuard: RemoteAuthGuard | null = null;
  const oauth: ConnectionAuth | null = signsIn && options.oauth
    ? options.oauth.connectionAuth(definition, (problem) => authRejectedError(definition, authGuard?.rejection() ?? { status: 401, header: null }, problem, true))
    : null;
  authGuard = remoteAuthGuard(definition, fetch, oauth);
  const guard = authGuard;
  const transportOptions = { requestInit: { headers }, fetch: guard.fetch, ...(oauth ? { authProvider: oauth.authProvider } : {}) };
  const dial = (kind: RemoteTransport): Transport =>
    kind === 'sse' ? new BoundedSSEClientTransport(url, transportOptions, options.timeoutMs) : new StreamableHTTPClientTransport(url, transportOptions);
  try {
    const { value: client, transport } = await connectWithProbe(definition, (kind) => handshake(dial(kind), options), {
      authRefused: () => guard.rejection() !== null,
      notice: (line) => options.onTransportError(new Error(line)),
    });
    return { client, stdio: null, process: null, authGuard: guard, transport };
  } catch (error) {
    // The sign-in's own verdict (no token, renewal refused) already names the server and the next step.
    if (oauth && error instanceof GatewayError && error.code === 'E201') throw error;
    // A remote server that refused the credential needs a token, not a config fix (E201, auth_required).
    const rejection = guard.rejection();
    if (rejection) throw authRejectedError(definition, rejection, oauth?.problem() ?? null, oauth !== null);
    throw handshakeFailed(definition, remoteFailure(error), options, remoteSuggestion(definition, error));
  }
}

/** E202 for a handshake that timed out, else E204, with the last stderr lines the server printed, if it printed some. */
function handshakeFailed(definition: ServerDefinition, reason: string, options: ConnectOptions, suggestion: string): GatewayError {
  const tail = options.stderr.tail(5).join(' | ');
  const timedOut = /timed? ?out/i.test(reason);
  return new GatewayError(
    timedOut ? 'E202' : 'E204',
    `server "${definition.name}" did not complete the MCP handshake: ${reason}${tail ? ` — stderr: ${cutAtBoundary(tail, 600)}` : ''}`,
    { server: definition.name },
    suggestion,
    true,
  );
}

/** The status line, not the body: an HTTP error page would bury it. */
function remoteFailure(error: unknown): string {
  const status = httpStatusOf(error);
  if (status === null) return safeMessage(error);
  const statusText = error instanceof SdkHttpError && error.statusText ? ` ${error.statusText}` : '';
  return `the server answered the handshake with HTTP ${status}${statusText}`;
}

function remoteSuggestion(definition: RemoteServerDefinition, error: unknown): string {
  const where = `check that ${sanitizedUrl(definition.url) ?? "the server's url"} is an MCP endpoint and the server is running, then start it again`;
  const status = httpStatusOf(error);
  // A stated "http" is never probed: say how to reach a legacy server instead.
  if (definition.transport === 'http' && !definition.transportInferred && status !== null && suggestsLegacySse(status)) {
    return `${where}; if it is a legacy HTTP+SSE server, set "type": "sse" for "${definition.name}"`;
  }
  return where;
}

/** Looks every referenced name up once; a name with a `:-fallback` may stay missing without harm. */
async function lookupFor(values: Record<string, string>, options: ConnectOptions) {
  const resolve = options.resolveVariables ?? environmentResolver(options.gatewayEnv);
  const resolved = await resolve(referencedNames(values));
  return { lookup: (name: string) => resolved.values.get(name), resolved };
}

async function openStdio(definition: StdioServerDefinition, options: ConnectOptions) {
  const { lookup, resolved } = await lookupFor(definition.env, options);
  const { env, missing } = buildChildEnv(options.gatewayEnv, definition.env, lookup);
  if (missing.length) throw missingVariables(definition.name, missing, resolved);
  const spec = definition.python ? await pythonSpawnSpec(definition, definition.python, options.gatewayEnv, env) : { command: definition.command, args: definition.args, env, cwd: definition.cwd };
  let process: SpawnedServer;
  try {
    // Inside its sandbox (bubblewrap on Linux), or E204 when this host cannot confine it and nothing allowed otherwise.
    const confined = await confineSpawn(definition, spec, options.gatewayEnv, options.confinement ?? confinementContext(options.gatewayEnv));
    try {
      process = await spawnServer(confined.spec, options.stderr, { cgroup: options.useCgroup, argv: [spec.command, ...spec.args], confinement: confined.view });
    } catch (error) {
      confined.bridge?.close();
      throw error;
    }
    // A "loopback" server's bridge lives as long as its process.
    void process.exited.finally(() => confined.bridge?.close());
    options.onSpawn?.(process);
  } catch (error) {
    if (error instanceof GatewayError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    const hint =
      code === 'ENOENT'
        ? `command "${definition.command}" was not found on PATH (or cwd "${definition.cwd}" does not exist); install it or fix "command"/"cwd"`
        : `could not start "${definition.command}" (${code ?? safeMessage(error)}); check the file's permissions`;
    throw new GatewayError('E204', `server "${definition.name}": ${hint}`, { server: definition.name, errno: code ?? null });
  }
  return { transport: new ChildStdioTransport(process.child, options.lineLimit), process };
}

/** A Python script server: `uv run --script` from its canonical runtime root, with its checks first. */
async function pythonSpawnSpec(definition: StdioServerDefinition, python: PythonServerSpec, gatewayEnv: NodeJS.ProcessEnv, childEnv: Record<string, string>) {
  const launch = await pythonLaunchSpec(python, { gatewayEnv, childEnv, dataDir: serverDataDir(gatehouseDirs(gatewayEnv), definition.name) });
  if (!launch.ok) {
    throw new GatewayError('E204', launch.issue.message, { server: definition.name, check_id: launch.issue.code }, withGatehouseCommand(CHECKS[launch.issue.code].remediation));
  }
  const { command, args, env, cwd } = launch.value;
  return { command, args, env, cwd };
}

function missingVariables(server: string, missing: string[], resolved: { note: string | null; nextStep: string | null }): GatewayError {
  const names = missing.map((n) => `\${${n}}`).join(', ');
  return new GatewayError(
    'E201',
    `server "${server}" needs ${names}, which ${missing.length > 1 ? 'are' : 'is'} not set${resolved.note ? ` (${resolved.note})` : ''}`,
    { server, missing_env_vars: missing, auth_state: 'missing_auth', next_step: `gateway.auth_connect(server_name='${server}')` },
    resolved.nextStep ?? `store ${missing.join(', ')} with "${gatehouseRun('secrets set NAME')}" (or gateway.auth_connect), then start the server again`,
    true,
  );
}
