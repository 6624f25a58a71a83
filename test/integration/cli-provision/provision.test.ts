// `gatehouse provision NAME` against a real `gatehouse serve --transport http`: the CLI starts the same
// install job an agent would and follows it to the end. Offline: the gateway's PATH holds a stand-in `npm`
// (answers `npm view` for known packages, "installs" by printing, fails for the broken one with the lines
// a real failure prints) and a stand-in `npx` that runs server-everything.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { requireBuild, startHttpCli, type RunningGateway } from '../../helpers/cli-process';
import { standInBin, writeTestManifest } from '../../helpers/provision-stand-ins';
import { CLI_ENTRY, createWorkspace, type Workspace } from '../../helpers/workspace';
import { spawnCli, workspaceEnv } from '../cli-logs/support';

let workspace: Workspace;
let bin: string;
let gateway: RunningGateway;

beforeAll(async () => {
  requireBuild();
  workspace = createWorkspace();
  workspace.writeConfig({ mcpServers: {} });
  bin = standInBin('gatehouse-provision-cli-');
  writeTestManifest(workspace.home, { name: 'terminal', description: 'The packaged server again, provisioned from a terminal' });
  // XDG_CONFIG_HOME set here: under scripts/with-keychain.sh (npm test) the suite's own points elsewhere, and
  // the gateway would not find the manifest written under this HOME.
  gateway = await startHttpCli({ project: workspace.project, home: workspace.home, env: { PATH: bin, XDG_CONFIG_HOME: join(workspace.home, '.config') } });
});
afterAll(async () => {
  await gateway?.stop();
  workspace?.cleanup();
  rmSync(bin, { recursive: true, force: true });
});

const provision = (name: string) => spawnCli(CLI_ENTRY, workspace, ['provision', name, '--port', gateway.url.port]).done;

it('follows the install job stage by stage to a ready server', async () => {
  const run = await provision('packaged');
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  const lines = run.stdout.trim().split('\n');
  expect(lines[0]).toMatch(/^Provisioning packaged \(job [0-9a-f]{8}\) on the gateway at http:\/\/127\.0\.0\.1:\d+\/mcp$/);
  expect(lines).toEqual(expect.arrayContaining([
    'download  done     @gatehouse-test/packaged 1.4.0 (published 2026-11-30)',
    'install   done     @gatehouse-test/packaged@1.4.0 is in the npx cache',
    'start     done     packaged answered initialize',
    expect.stringMatching(/^tools {5}done {5}\d+ tool\(s\)$/),
  ]));
  expect(lines.at(-1)).toMatch(/^Server 'packaged' is ready with \d+ tool\(s\)\. .*Tools: .*echo/);
  // Asked again: already running, nothing installed twice.
  const again = await provision('packaged');
  expect(again).toMatchObject({ code: 0, stdout: expect.stringContaining('packaged is already running.') });
});

it("fails with the installer's last lines", async () => {
  const run = await provision('broken');
  expect(run.code).toBe(1);
  expect(run.stdout).toContain('install   failed');
  expect(run.stderr).toContain('gatehouse: Installing @gatehouse-test/broken@1.4.0 failed (exit 1): npm error notarget No matching version found for @gatehouse-test/broken@1.4.0.');
  expect(run.stderr).toContain("installer's last lines:\n  | npm warn exec The following package was not found and will be installed: @gatehouse-test/broken@1.4.0\n  | npm error code ETARGET\n  | npm error notarget");
});

it('answers one JSON object with --json', async () => {
  const run = await spawnCli(CLI_ENTRY, workspace, ['provision', 'broken', '--port', gateway.url.port, '--json']).done;
  expect(run.code).toBe(1);
  const lines = run.stdout.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(JSON.parse(lines[0] as string)).toMatchObject({ ok: false, status: 'failed', server: 'broken', stage: 'install', output_tail: expect.arrayContaining(['npm error code ETARGET']) });
});

it('says which credential to store when one is missing', async () => {
  const run = await provision('locked');
  expect(run.code).toBe(1);
  expect(run.stderr).toContain("gatehouse: Server 'locked' needs LOCKED_TEST_TOKEN, which is not set.");
  expect(run.stderr).toContain('where to get it: LOCKED_TEST_TOKEN — https://example.com/tokens\n');
  expect(run.stderr).toMatch(/next step: .*secrets set LOCKED_TEST_TOKEN, then .*provision locked again/);
});

it('draws a progress bar on a terminal, then the stages as they ended', async () => {
  // util-linux `script` gives the CLI a real pseudo-terminal, so stdout.isTTY is true as for an operator.
  // Its terminal reports no size (0 columns), as a serial console or some CI terminals do.
  const command = [process.execPath, CLI_ENTRY, 'provision', 'terminal', '--port', gateway.url.port].map((a) => `'${a}'`).join(' ');
  const child = spawn('script', ['-qfec', command, '/dev/null'], { cwd: workspace.project, env: { ...workspaceEnv(workspace), COLUMNS: '120' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  expect(code).toBe(0);
  // The bar is redrawn in place (carriage return, clear line), never printed as new lines.
  const bars = out.split('\r\u001b[2K').slice(1).map((frame) => frame.split(/\r?\n/)[0]);
  expect(bars.some((bar) => /^\[[█░]{24}\] +\d+% (download|install|start|tools) /.test(bar ?? ''))).toBe(true);
  expect(out).toMatch(/\[█{24}\] 100% tools/);
  // Once it ends, the stages as they ended and the ready line, one per line.
  expect(out).toMatch(/install {3}done {5}@gatehouse-test\/terminal@1\.4\.0 is in the npx cache\r?\n/);
  expect(out).toMatch(/Server 'terminal' is ready with \d+ tool\(s\)\./);
});
