// A start that is slow for a good reason: the server's command is a package runner (npx, uvx, `uv run`,
// pnpm dlx, bunx…) that downloads the package — or installs a script's dependencies — on first use,
// before the server can answer its handshake. Read from the argv actually spawned, so Python script
// servers (`uv run --script`) count too. What the operator is told: while waiting, that a download is
// probably going on; on a timeout, that it may still be, and how to fetch it ahead of time.
import { gatehouseRun } from '../common/gatehouse-command';
import { cutAtBoundary } from '../common/cut-text';
import { GatewayError } from '../common/errors';

export interface PackageRunner {
  /** How the runner is called, e.g. `npx`, `uvx`, `uv`, `pnpm dlx`. */
  tool: string;
  /** What it fetches: a package spec, or for `uv run` the script whose dependencies it installs. */
  what: string | null;
  /** `downloading` a package, or `installing the dependencies of` a script. */
  doing: 'downloading' | 'installing the dependencies of';
  /** A command that fetches it ahead of time, or null when there is none to suggest. */
  prefetch: string | null;
}

/** The first argument that is not a flag (or a flag's value), and the values of `valueFlags` that were given. */
function positional(args: readonly string[], valueFlags: readonly string[]): { first: string | null; values: Map<string, string> } {
  const values = new Map<string, string>();
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    const eq = arg.indexOf('=');
    const name = eq > 0 ? arg.slice(0, eq) : arg;
    if (valueFlags.includes(name)) {
      const value = eq > 0 ? arg.slice(eq + 1) : args[++i];
      if (value !== undefined && !values.has(name)) values.set(name, value);
      continue;
    }
    if (arg === '--') return { first: args[i + 1] ?? null, values };
    if (!arg.startsWith('-')) return { first: arg, values };
  }
  return { first: null, values };
}

/** `packageFlags`: flags naming the package outright (npx -p, uvx --from); they win over the first argument. */
function runner(tool: string, args: readonly string[], packageFlags: readonly string[], prefetch: (what: string) => string): PackageRunner {
  const { first, values } = positional(args, packageFlags);
  const what = packageFlags.map((flag) => values.get(flag)).find((value) => value !== undefined) ?? first;
  return { tool, what, doing: 'downloading', prefetch: what ? prefetch(what) : null };
}

/** The package runner behind a spawned argv, or null for any other command. `pythonRoot`: a Gatehouse Python server's runtime root. */
export function packageRunnerOf(argv: readonly string[], pythonRoot: string | null = null): PackageRunner | null {
  const [command, ...args] = argv;
  if (!command) return null;
  // Either separator: a Windows command line names `C:\…\npx.cmd`.
  const name = (command.split(/[\\/]/).pop() ?? '').replace(/\.(cmd|exe)$/i, '').toLowerCase();
  const [sub, ...rest] = args;
  switch (name) {
    case 'npx':
      return runner('npx', args, ['--package', '-p'], (pkg) => `npx -y ${pkg} --help`);
    case 'pnpx':
      return runner('pnpx', args, ['--package'], (pkg) => `pnpx ${pkg} --help`);
    case 'bunx':
      return runner('bunx', args, ['--package', '-p'], (pkg) => `bunx ${pkg} --help`);
    case 'uvx':
      return runner('uvx', args, ['--from'], (pkg) => `uvx ${pkg} --help`);
  }
  if (name === 'bun' && sub === 'x') return runner('bunx', rest, ['--package', '-p'], (pkg) => `bunx ${pkg} --help`);
  if ((name === 'pnpm' || name === 'yarn') && sub === 'dlx') return runner(`${name} dlx`, rest, ['--package', '-p'], (pkg) => `${name} dlx ${pkg} --help`);
  if (name === 'uv' && sub === 'tool' && rest[0] === 'run') return runner('uvx', rest.slice(1), ['--from'], (pkg) => `uvx ${pkg} --help`);
  if (name === 'uv' && sub === 'run') {
    const { first, values } = positional(rest, ['--script', '--with', '--python', '--directory', '--project', '--with-requirements']);
    const script = values.get('--script') ?? first;
    return {
      tool: 'uv',
      what: script ? (script.split(/[\\/]/).pop() ?? script) : null,
      doing: 'installing the dependencies of',
      prefetch: pythonRoot ? gatehouseRun(`mcp prepare --root ${pythonRoot}`) : null,
    };
  }
  return null;
}

/** 30 s, or 800 ms: how long, as a person reads it. */
export function duration(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${Math.round(ms / 1000)} s`;
}

function activity(found: PackageRunner): string {
  return `${found.tool} is probably ${found.doing} ${found.what ?? (found.doing === 'downloading' ? 'its package' : 'its script')}`;
}

/** The note while a start is slow: health's last_error while `starting`, and one log line. */
export function slowStartNote(found: PackageRunner | null, waitedMs: number, limitMs: number): string {
  const why = found ? `${activity(found)} (first run)` : 'no answer to the MCP handshake yet';
  return `still starting after ${duration(waitedMs)}: ${why}; waiting up to ${duration(limitMs)} for its handshake`;
}

/**
 * E202 for a stdio handshake that timed out, in place of the SDK's probe words ("Version negotiation
 * probe timed out after 30000ms"): how long was waited, and for a package runner that the download may
 * still be going on and how to fetch the package ahead of time.
 */
export function handshakeTimedOut(server: string, argv: readonly string[], pythonRoot: string | null, limitMs: number, stderrTail: string): GatewayError {
  const found = packageRunnerOf(argv, pythonRoot);
  const still = found ? `; ${found.tool} was probably still ${found.doing} ${found.what ?? 'what it needs'} (a first run fetches it)` : ' (no answer to initialize)';
  const heard = stderrTail ? ` — stderr: ${cutAtBoundary(stderrTail, 600)}` : '';
  const again = `then start "${server}" again (gateway.connect_server, or just call it)`;
  const longer = `, or allow a longer start with GATEHOUSE_CONNECT_TIMEOUT_MS (now ${limitMs})`;
  const next = found?.prefetch
    ? `fetch it ahead of time in a terminal with ${found.prefetch}${found.tool === 'uv' ? '' : ' (Ctrl-C once it runs)'}, ${again}${longer}`
    : found
      ? `run its command once in a terminal so that ${found.tool} finishes, ${again}${longer}`
      : `check the command and arguments of "${server}" in the config, ${again}; ${gatehouseRun(`logs --server ${server}`)} shows what it printed`;
  return new GatewayError('E202', `server "${server}" did not complete the MCP handshake within ${duration(limitMs)}${still}${heard}`, { server, timeout_ms: limitMs }, next, true);
}
