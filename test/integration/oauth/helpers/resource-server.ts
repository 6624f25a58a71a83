// Starts the protected MCP server fixture (test/fixtures/servers/oauth-resource-server.ts) as a real child
// process trusting the given authorization server.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { waitFor } from '../../../helpers/wait';
import { REPO_ROOT } from '../../../helpers/workspace';

export interface ResourceServer {
  url: string;
  origin: string;
  process: ChildProcess;
  stop(): void;
}

export async function startResourceServer(issuer: string, env: Record<string, string> = {}): Promise<ResourceServer> {
  const child = spawn(process.execPath, [join(REPO_ROOT, 'out/fixtures/oauth-resource-server.mjs')], {
    env: { PATH: process.env.PATH, ISSUER: issuer, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let printed = '';
  child.stdout?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  const port = await waitFor(() => /listening (\d+)/.exec(printed)?.[1], 'the OAuth resource server to listen');
  const origin = `http://127.0.0.1:${port}`;
  return { url: `${origin}/mcp`, origin, process: child, stop: () => void child.kill('SIGTERM') };
}
