// Temporary project and home folders for tests, so no test ever reads the real user's config.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { approveFile } from '../../src/main/trust/store';

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
  /** `$XDG_STATE_HOME/gatehouse` for this workspace (home/.local/state/gatehouse): trust.json lives here. */
  stateDir: string;
  /**
   * `$XDG_CACHE_HOME/gatehouse` for this workspace (home/.cache/gatehouse): descriptions.json lives here.
   * Passed explicitly because with-keychain.sh sets one XDG_CACHE_HOME for the whole run, and a shared
   * descriptions cache would let one test's catalog cards show up in another's search.
   */
  cacheDir: string;
  /**
   * Writes a config file (the project's `.mcp.json` by default). A project `.mcp.json` is also approved,
   * as the operator would (contract §4.5), unless `approve` is false.
   */
  writeConfig(config: unknown, file?: string, options?: { approve?: boolean }): string;
  cleanup(): void;
}

export function createWorkspace(): Workspace {
  const base = mkdtempSync(join(tmpdir(), 'gatehouse-test-'));
  const project = join(base, 'project');
  const home = join(base, 'home');
  for (const dir of [project, home]) mkdirSync(dir, { recursive: true });
  writeFileSync(join(project, 'package.json'), '{}');
  const stateDir = join(home, '.local', 'state', 'gatehouse');
  const cacheDir = join(home, '.cache', 'gatehouse');
  return {
    root: base,
    project,
    home,
    stateDir,
    cacheDir,
    writeConfig(config, file = join(project, '.mcp.json'), options = {}) {
      const text = typeof config === 'string' ? config : JSON.stringify(config, null, 2);
      writeFileSync(file, text);
      if (file === join(project, '.mcp.json') && options.approve !== false) approveFile(stateDir, file, text);
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
