// server-everything in its streamable HTTP mode on a free loopback port: a real remote MCP server for
// tests that need one (a manifest entry with `transport: http`, say) without any install or network.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { waitFor } from './wait';
import { EVERYTHING_ENTRY } from './workspace';

export interface LoopbackServer {
  /** The MCP endpoint, http://127.0.0.1:<port>/mcp. */
  url: string;
  close(): void;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export async function startLoopbackEverything(): Promise<LoopbackServer> {
  const port = await freePort();
  const child = spawn(process.execPath, [EVERYTHING_ENTRY, 'streamableHttp'], { env: { ...process.env, PORT: String(port) }, stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}/mcp`;
  await waitFor(async () => fetch(url, { method: 'GET' }).then(() => true, () => false), 'the loopback server to listen', 20_000);
  return { url, close: () => void child.kill('SIGTERM') };
}

/** A user manifest overlay ($XDG_CONFIG_HOME/gatehouse/manifest.yaml) naming remote servers at `url`. */
export function remoteManifest(url: string, servers: Record<string, { env_vars?: string[] }>): string {
  const entries = Object.entries(servers).flatMap(([name, entry]) => [
    `  ${name}:`,
    `    description: Loopback test server ${name}`,
    '    transport: http',
    `    url: ${url}`,
    ...(entry.env_vars ? [`    env_vars: [${entry.env_vars.join(', ')}]`] : []),
  ]);
  return ['version: 1', 'servers:', ...entries, ''].join('\n');
}

/** Where remoteManifest's text goes, relative to the test home (XDG_CONFIG_HOME unset). */
export const USER_MANIFEST = '.config/gatehouse/manifest.yaml';
