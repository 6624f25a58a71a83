// Gatehouse never spawns itself (contract §4.1): a config shared with clients often lists the gateway
// (`gatehouse`, PMCP's `pmcp`, or `mcp-gateway`) — directly, through a package runner, or as a URL of
// the gateway's own endpoint. Starting it from inside Gatehouse would loop, so such entries are skipped
// and reported.
import { basename } from 'node:path';
import type { SourceDefinition } from './types';
import { isLoopbackHost } from '../common/hosts';

const SELF_NAMES = new Set(['gatehouse', 'pmcp', 'mcp-gateway']);
/** Commands that run another program named in their arguments. */
const RUNNERS = new Set(['npx', 'uvx', 'pipx', 'bunx', 'pnpm', 'yarn', 'npm', 'uv', 'node', 'bun', 'deno', 'python', 'python3']);
/** Runner sub-commands before the program: `pnpm dlx X`, `uv tool run X`, `npm exec X`. */
const SUBCOMMANDS = new Set(['dlx', 'exec', 'x', 'run', 'tool', '--']);

/** `@scope/gatehouse@1.2.0`, `pmcp==0.4`, `/opt/bin/gatehouse.mjs` → the bare program name. */
function programName(word: string): string {
  const base = basename(word).toLowerCase();
  return base.replace(/(@|==|>=|~=)[^/]*$/, '').replace(/\.(mjs|cjs|js|exe|cmd|py)$/, '');
}

/** Why an entry is Gatehouse itself, or null. `selfPorts` are the ports a local gateway listens on. */
export function selfReference(definition: SourceDefinition, selfPorts: ReadonlySet<number>): string | null {
  if (SELF_NAMES.has(definition.name.toLowerCase())) return `it is named "${definition.name}"`;
  if (definition.transport === 'stdio') {
    if (SELF_NAMES.has(programName(definition.command))) return `it launches ${definition.command}`;
    if (RUNNERS.has(programName(definition.command))) {
      // The program a runner starts is its first plain argument (a later one is that program's own input).
      const launched = definition.args.find((arg) => !arg.startsWith('-') && !SUBCOMMANDS.has(arg));
      if (launched && SELF_NAMES.has(programName(launched))) return `it launches ${launched} through ${basename(definition.command)}`;
    }
    return null;
  }
  try {
    const url = new URL(definition.url);
    const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
    if (isLoopbackHost(url.hostname) && selfPorts.has(port)) return `its url ${url.origin}${url.pathname} is Gatehouse's own endpoint`;
  } catch {
    // An unparsable url fails at connect with its own message.
  }
  return null;
}
