// `gatehouse service` end to end with the built CLI in a temp HOME and XDG_CONFIG_HOME (issue 19). This
// machine has no systemd user manager (no session bus: `systemctl --user` cannot connect), so what runs
// for real here is: the preview, the unit and 0600 token file written, systemd's own unit check
// (`systemd-analyze --user verify`), the systemctl commands attempted and their failure reported with
// the next step, status reading the unit and probing /health, and uninstall removing both files. The
// exact systemctl/launchctl command lines are checked in test/unit/service/service-files.test.ts.
import { spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { requireBuild } from '../../helpers/cli-process';
import { CLI_ENTRY } from '../../helpers/workspace';

const home = mkdtempSync(join(tmpdir(), 'gatehouse-service-'));
const runtime = join(home, 'run');
mkdirSync(runtime, { mode: 0o700 });
afterAll(() => rmSync(home, { recursive: true, force: true }));
const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home, XDG_CONFIG_HOME: join(home, 'cfg'), XDG_STATE_HOME: join(home, 'state'), XDG_RUNTIME_DIR: runtime };
const unitFile = join(home, 'cfg', 'systemd', 'user', 'gatehouse.service');
const tokenFile = join(home, 'cfg', 'gatehouse', 'service.env');

function cli(...args: string[]) {
  return spawnSync(process.execPath, [CLI_ENTRY, 'service', ...args], { env, encoding: 'utf8', timeout: 60_000 });
}

function verify(file: string) {
  return spawnSync('systemd-analyze', ['--user', 'verify', file], { env, encoding: 'utf8' });
}

describe('gatehouse service on Linux', () => {
  it('previews without writing anything', () => {
    requireBuild();
    const run = cli('install', '--port', '4455');
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain(`Would install the Gatehouse systemd service: ${unitFile}`);
    expect(run.stdout).toContain('--port 4455 --auth shared-secret');
    expect(run.stdout).toContain('systemctl --user daemon-reload; systemctl --user enable gatehouse.service; systemctl --user restart gatehouse.service');
    expect(existsSync(unitFile)).toBe(false);
    expect(existsSync(tokenFile)).toBe(false);
  });

  it('takes the port from settings.json when no --port is given (the port the desktop app and serve use)', () => {
    const settings = join(home, 'cfg', 'gatehouse', 'settings.json');
    mkdirSync(join(home, 'cfg', 'gatehouse'), { recursive: true });
    writeFileSync(settings, JSON.stringify({ port: 4466 }));
    try {
      const run = cli('install');
      expect(run.status, run.stderr).toBe(0);
      expect(run.stdout).toContain('--port 4466 --auth shared-secret');
    } finally {
      rmSync(settings);
    }
  });

  it('writes a unit systemd accepts and a 0600 token file the unit only names; reports that systemctl --user is unreachable here', () => {
    const run = cli('install', '--port', '4455', '--write');
    const unit = readFileSync(unitFile, 'utf8');
    const tokenText = readFileSync(tokenFile, 'utf8');
    const token = /^GATEHOUSE_AUTH_TOKEN=(\S+)$/m.exec(tokenText)?.[1] ?? '';
    expect(token.length).toBeGreaterThanOrEqual(40);
    expect(statSync(tokenFile).mode & 0o777).toBe(0o600);
    expect(unit).toContain(`EnvironmentFile=${tokenFile}`);
    expect(unit).not.toContain(token);
    expect(`${run.stdout}${run.stderr}`).not.toContain(token);
    const checked = verify(unitFile);
    expect(checked.status, checked.stderr).toBe(0);
    expect(checked.stderr.trim()).toBe('');
    // No user manager on this machine: the first systemctl call fails and says what to do.
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('systemctl --user daemon-reload failed');
    expect(run.stderr).toContain('loginctl enable-linger');
  });

  it('keeps an existing token on reinstall and narrows a token file others could read', () => {
    const before = readFileSync(tokenFile, 'utf8');
    spawnSync('chmod', ['644', tokenFile]);
    cli('install', '--port', '4455', '--write');
    expect(readFileSync(tokenFile, 'utf8')).toBe(before);
    expect(statSync(tokenFile).mode & 0o777).toBe(0o600);
  });

  it('status reads the unit, asks the service manager and probes /health on the unit\'s port', () => {
    const run = cli('status', '--json');
    expect(run.status).toBe(1);
    const report = JSON.parse(run.stdout) as { installed: boolean; listen: { port: number }; running: boolean; health: { ok: boolean }; manager_error: string | null };
    expect(report).toMatchObject({ installed: true, listen: { host: '127.0.0.1', port: 4455 }, running: false, health: { ok: false } });
    expect(report.manager_error).toBeTruthy();
  });

  it('the unit\'s ExecStart, run with its Environment= and EnvironmentFile=, serves an authenticated gateway and stops on SIGTERM', async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = probe.address() as { port: number };
        probe.close(() => resolve(free));
      });
    });
    cli('install', '--port', String(port), '--write');
    const unit = readFileSync(unitFile, 'utf8');
    // What systemd would do: the words of ExecStart (no quoting needed for these paths), the unit's
    // Environment= lines, then the EnvironmentFile's assignments.
    const words = (/^ExecStart=(.*)$/m.exec(unit)?.[1] ?? '').split(' ');
    const unitEnv = Object.fromEntries([...unit.matchAll(/^Environment="([^=]+)=(.*)"$/gm)].map((m) => [m[1], m[2]]));
    const fileEnv = Object.fromEntries(readFileSync(tokenFile, 'utf8').split('\n').filter((l) => /^[A-Z_]+=/.test(l)).map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]));
    const [command = '', ...args] = words;
    const child = spawn(command, args, { env: { HOME: home, ...unitEnv, ...fileEnv }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    try {
      const deadline = Date.now() + 45_000;
      while (!/serving MCP at/.test(stderr)) {
        if (child.exitCode !== null || Date.now() > deadline) throw new Error(`the unit's command did not start: ${stderr}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(stderr).toContain('auth: shared-secret');
      const health = await fetch(`http://127.0.0.1:${port}/health`);
      expect(await health.json()).toMatchObject({ ok: true });
      const post = (headers: Record<string, string>) =>
        fetch(`http://127.0.0.1:${port}/mcp`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } } }) });
      expect((await post({})).status).toBe(401);
      expect((await post({ authorization: `Bearer ${fileEnv.GATEHOUSE_AUTH_TOKEN}` })).status).toBe(200);
      expect(stderr).not.toContain(fileEnv.GATEHOUSE_AUTH_TOKEN ?? 'no token');
    } finally {
      const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    }
  });

  it('uninstall removes the unit and the token file', () => {
    expect(cli('uninstall').stdout).toContain('Would remove');
    expect(existsSync(unitFile)).toBe(true);
    cli('uninstall', '--write');
    expect(existsSync(unitFile)).toBe(false);
    expect(existsSync(tokenFile)).toBe(false);
    expect(cli('status').status).toBe(3);
  });

  it('systemd-analyze verify does refuse a broken unit (so its pass above means something)', () => {
    const broken = join(home, 'broken.service');
    writeFileSync(broken, '[Service]\nExecStart=/nonexistent/node serve\n');
    const checked = verify(broken);
    expect(checked.status).not.toBe(0);
    expect(checked.stderr).toContain('/nonexistent/node');
  });
});
