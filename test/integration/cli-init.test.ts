// `gatehouse init` from flags with the built CLI (issue 19): a preview writes nothing; --write adds the
// server to ~/.mcp.json keeping every other key and mode, writes a 0600 starter policy, and the gateway
// then reads both (status lists the server; an invalid policy would stop it).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { requireBuild } from '../helpers/cli-process';
import { CLI_ENTRY } from '../helpers/workspace';

const home = mkdtempSync(join(tmpdir(), 'gatehouse-init-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));
const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home, XDG_CONFIG_HOME: join(home, 'cfg'), XDG_STATE_HOME: join(home, 'state') };
const run = (...args: string[]) => spawnSync(process.execPath, [CLI_ENTRY, ...args], { env, cwd: home, encoding: 'utf8', timeout: 60_000 });
const configPath = join(home, '.mcp.json');
const policyPath = join(home, 'cfg', 'gatehouse', 'policy.yaml');

it('previews, then writes the servers beside the keys already there and a starter policy the gateway accepts', () => {
  requireBuild();
  writeFileSync(configPath, JSON.stringify({ mcpServers: { mine: { command: 'node', args: ['mine.js'] } }, theirs: 1 }), { mode: 0o600 });
  const preview = run('init', '--everything', '--server', 'git=uvx mcp-server-git', '--policy');
  expect(preview.status, preview.stderr).toBe(0);
  expect(preview.stdout).toContain('adds everything, git');
  expect(existsSync(policyPath)).toBe(false);
  expect(JSON.parse(readFileSync(configPath, 'utf8'))).not.toHaveProperty('mcpServers.everything');

  const written = run('init', '--everything', '--server', 'git=uvx mcp-server-git', '--policy', '--write');
  expect(written.status, written.stderr).toBe(0);
  const config = JSON.parse(readFileSync(configPath, 'utf8'));
  expect(config).toMatchObject({ theirs: 1, mcpServers: { mine: { command: 'node' }, everything: { command: 'npx' }, git: { command: 'uvx', args: ['mcp-server-git'] } } });
  expect(statSync(configPath).mode & 0o777).toBe(0o600);
  expect(statSync(policyPath).mode & 0o777).toBe(0o600);

  const status = run('status', '--json');
  expect(status.stdout).toContain('"everything"');
  const doctor = run('doctor', '--json', '--category', 'config');
  expect(`${doctor.stdout}${doctor.stderr}`).not.toMatch(/policy.*invalid|E102/i);

  const again = run('init', '--everything', '--write');
  expect(again.stdout).toContain('already defined');
});
