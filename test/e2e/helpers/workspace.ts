// Throwaway project + home folders, so the core reads only the config this test writes and never the
// machine's real user config.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** server-everything's stdio entry, started with this very Node so no PATH lookup is involved. */
export const everythingEntry = join(repoRoot, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js');

export interface Workspace {
  root: string;
  projectDir: string;
  homeDir: string;
  /** Chromium's TMPDIR. */
  browserTmp: string;
  remove: () => Promise<void>;
}

export async function createWorkspace(mcpServers: Record<string, unknown>): Promise<Workspace> {
  const root = await mkdtemp(join(tmpdir(), 'gatehouse-e2e-'));
  const projectDir = join(root, 'project');
  const homeDir = join(root, 'home');
  const browserTmp = join(root, 'chromium-tmp');
  await Promise.all([projectDir, homeDir, browserTmp].map((dir) => mkdir(dir, { recursive: true })));
  await writeFile(join(projectDir, '.mcp.json'), JSON.stringify({ mcpServers }, null, 2));
  return {
    root,
    projectDir,
    homeDir,
    browserTmp,
    remove: () => rm(root, { recursive: true, force: true, maxRetries: 3 }),
  };
}
