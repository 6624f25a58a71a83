// Temporary project and home folders for tests, so no test ever reads the real user's config.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

const require = createRequire(import.meta.url);

export const REPO_ROOT = resolve(dirname(new URL(import.meta.url).pathname), '../..');
export const EVERYTHING_ENTRY = require.resolve('@modelcontextprotocol/server-everything/dist/index.js');
/** Built from test/fixtures/servers/fault-server.ts by test/setup/build-fixtures.ts. */
export const FAULT_SERVER = join(REPO_ROOT, 'out/fixtures/fault-server.mjs');
export const CLI_ENTRY = join(REPO_ROOT, 'out/main/cli.js');

export interface Workspace {
  /** The temporary folder holding everything below; removed by cleanup(). */
  root: string;
  project: string;
  home: string;
  writeConfig(config: unknown, file?: string): string;
  cleanup(): void;
}

export function createWorkspace(): Workspace {
  const base = mkdtempSync(join(tmpdir(), 'gatehouse-test-'));
  const project = join(base, 'project');
  const home = join(base, 'home');
  for (const dir of [project, home]) mkdirSync(dir, { recursive: true });
  writeFileSync(join(project, 'package.json'), '{}');
  return {
    root: base,
    project,
    home,
    writeConfig(config, file = join(project, '.mcp.json')) {
      writeFileSync(file, typeof config === 'string' ? config : JSON.stringify(config, null, 2));
      return file;
    },
    cleanup: () => rmSync(base, { recursive: true, force: true }),
  };
}

export function everythingServer() {
  return { command: process.execPath, args: [EVERYTHING_ENTRY, 'stdio'] };
}

export function faultServer(env: Record<string, string> = {}) {
  return { command: process.execPath, args: [FAULT_SERVER], env };
}
