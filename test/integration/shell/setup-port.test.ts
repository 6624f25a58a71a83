// The configurable port reaches the client configs `gatehouse setup --mode http` writes: with "port" in
// settings.json and no --port, the entry points where the gateway (serve or the desktop app) listens.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { requireBuild } from '../../helpers/cli-process';
import { CLI_ENTRY, createWorkspace, type Workspace } from '../../helpers/workspace';
import { cliEnv } from '../http/cli';

let workspace: Workspace;
beforeEach(() => {
  requireBuild();
  workspace = createWorkspace();
});
afterEach(() => workspace.cleanup());

function setup(...args: string[]) {
  const env = cliEnv(workspace.home, { XDG_CONFIG_HOME: join(workspace.home, '.config'), XDG_CACHE_HOME: join(workspace.home, '.cache') });
  return spawnSync(process.execPath, [CLI_ENTRY, 'setup', ...args], { cwd: workspace.project, env, encoding: 'utf8', timeout: 30_000 });
}

it('writes the settings.json port into an http entry, and --port still wins', () => {
  mkdirSync(join(workspace.home, '.config', 'gatehouse'), { recursive: true });
  writeFileSync(join(workspace.home, '.config', 'gatehouse', 'settings.json'), JSON.stringify({ port: 4455 }));
  const settingsFile = join(workspace.home, '.gemini', 'settings.json');
  expect(setup('--client', 'gemini', '--mode', 'http', '--write').status).toBe(0);
  expect(readFileSync(settingsFile, 'utf8')).toContain('http://127.0.0.1:4455/mcp');
  expect(setup('--client', 'gemini', '--mode', 'http', '--port', '5566', '--write').status).toBe(0);
  expect(readFileSync(settingsFile, 'utf8')).toContain('http://127.0.0.1:5566/mcp');
});
