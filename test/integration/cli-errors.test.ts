// The CLI's error paths as a user meets them: clear messages, distinct exit codes, and no child left
// behind when start-up fails half-way.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { requireBuild, startHttpCli } from '../helpers/cli-process';
import { waitFor } from '../helpers/core';
import { CLI_ENTRY, createWorkspace, FAULT_SERVER, type Workspace } from '../helpers/workspace';

let workspace: Workspace;
beforeEach(() => {
  requireBuild();
  workspace = createWorkspace();
});
afterEach(() => workspace.cleanup());

function runCli(args: string[]) {
  return spawnSync(process.execPath, [CLI_ENTRY, ...args], {
    env: { PATH: process.env.PATH ?? '', GATEHOUSE_CATALOG_INDEX: process.env.GATEHOUSE_CATALOG_INDEX ?? '', HOME: workspace.home },
    encoding: 'utf8',
    timeout: 30_000,
  });
}

/** Processes whose command line mentions this workspace: the fault servers it configured. */
function processesOf(marker: string): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(marker);
      } catch {
        return false; // exited while we looked
      }
    })
    .map(Number);
}

it('exits 78 naming the file when --config does not exist', () => {
  const result = runCli(['serve', '--project', workspace.project, '--config', `${workspace.root}/missing.json`]);
  expect(result.status).toBe(78);
  expect(result.stderr).toContain(`E101 config: ${workspace.root}/missing.json: the file named by --config`);
});

it('exits 64 with usage help for a bad flag value', () => {
  const result = runCli(['serve', '--transport', 'carrier-pigeon']);
  expect(result.status).toBe(64);
  expect(result.stderr).toContain('--transport must be "stdio" or "http", not "carrier-pigeon"');
  expect(result.stderr).toContain('gatehouse --help');
});

it('refuses a non-loopback bind before starting anything', () => {
  const result = runCli(['serve', '--transport', 'http', '--host', '0.0.0.0', '--project', workspace.project]);
  expect(result.status).toBe(1);
  expect(result.stderr).toContain('refusing to listen on 0.0.0.0');
});

it('reports a taken port and stops the eager servers it had started', async () => {
  workspace.writeConfig({ mcpServers: { eager: { command: process.execPath, args: [FAULT_SERVER, workspace.root] } }, autoStart: ['eager'] });
  const first = await startHttpCli({ project: workspace.project, home: workspace.home });
  try {
    // The gateway itself and its eager child (both name the workspace in their command lines; a confined
    // child's bubblewrap and its init in the child's PID namespace name it too).
    const server = `${process.execPath}\0${FAULT_SERVER}\0${workspace.root}\0`;
    await waitFor(() => processesOf(workspace.root).some((pid) => readFileSync(`/proc/${pid}/cmdline`, 'utf8') === server), 'the eager server of the first gateway');
    const before = processesOf(workspace.root).length;
    // --standalone: without it the second is refused earlier, for the running gateway (shell/serve-refusal.test.ts).
    const second = runCli(['serve', '--transport', 'http', '--standalone', '--port', first.url.port, '--project', workspace.project]);
    // Its stderr goes with the status: a full run once saw status 0 here, and the status alone cannot say why.
    expect(second.status, `second gateway: signal ${second.signal}, stderr:\n${second.stderr}`).toBe(1);
    expect(second.stderr).toContain(`port ${first.url.port} on 127.0.0.1 is already in use`);
    expect(processesOf(workspace.root).length).toBe(before);
  } finally {
    expect(await first.stop()).toBe(0);
  }
});
