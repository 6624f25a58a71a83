// The container image's exact start command, run outside a container (issue 19): the Containerfile's
// ENV, ENTRYPOINT and CMD, with only the image paths mapped onto this checkout and temp folders and the
// port made free. It must say there is no keychain, take its token from the mounted secret file, serve
// /health (and pass the image's HEALTHCHECK), refuse /mcp without the token, read a read-only config,
// and stop cleanly on SIGTERM. (Where buildah works, deploy/container/build.sh builds the image itself.)
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { requireBuild } from '../../helpers/cli-process';

const root = join(import.meta.dirname, '..', '..', '..');
const dir = mkdtempSync(join(tmpdir(), 'gatehouse-container-'));
afterAll(() => {
  chmodSync(join(dir, 'etc'), 0o755);
  rmSync(dir, { recursive: true, force: true });
});

/** ENV (with continuation lines), ENTRYPOINT and CMD of the Containerfile. */
function containerfile(): { env: Record<string, string>; entrypoint: string[]; cmd: string[] } {
  const text = readFileSync(join(root, 'deploy', 'container', 'Containerfile'), 'utf8').replace(/\\\n\s*/g, ' ');
  const env: Record<string, string> = {};
  for (const line of text.split('\n').filter((l) => l.startsWith('ENV '))) {
    for (const [, name, value] of line.slice(4).matchAll(/([A-Z_]+)=(\S+)/g)) env[name as string] = value as string;
  }
  const json = (keyword: string) => JSON.parse(text.split('\n').find((l) => l.startsWith(`${keyword} `))?.slice(keyword.length + 1) ?? '[]') as string[];
  return { env, entrypoint: json('ENTRYPOINT'), cmd: json('CMD') };
}

it('runs the image\'s entrypoint and command as the container would: no keychain, token from the secret file, /health, SIGTERM', async () => {
  requireBuild();
  const port = await new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address() as { port: number };
      probe.close(() => resolve(free));
    });
  });
  const { env, entrypoint, cmd } = containerfile();
  expect(entrypoint).toEqual(['/usr/local/bin/node', '/app/container-entry.mjs']);
  expect(env).toMatchObject({ HOME: '/home/gatehouse', GATEHOUSE_SECRETS_DIR: '/run/secrets/gatehouse' });

  // The image's folders, here.
  const mapped: Record<string, string> = {
    '/usr/local/bin/node': process.execPath,
    '/app/container-entry.mjs': join(root, 'deploy', 'container', 'entry.mjs'),
    '/app/healthcheck.mjs': join(root, 'deploy', 'container', 'healthcheck.mjs'),
    '/etc/gatehouse/mcp.json': join(dir, 'etc', 'mcp.json'),
    '/home/gatehouse': join(dir, 'home'),
    '/var/lib/gatehouse': join(dir, 'var'),
    '/run/secrets/gatehouse': join(dir, 'secrets'),
  };
  const map = (value: string) => Object.entries(mapped).reduce((v, [from, to]) => (v.startsWith(from) ? to + v.slice(from.length) : v), value);
  for (const folder of ['etc', 'home', 'var', 'secrets']) mkdirSync(join(dir, folder), { recursive: true });
  writeFileSync(join(dir, 'etc', 'mcp.json'), JSON.stringify({ mcpServers: {} }));
  chmodSync(join(dir, 'etc', 'mcp.json'), 0o444);
  chmodSync(join(dir, 'etc'), 0o555); // mounted read-only
  const token = 'container-token-0123456789abcdefghij';
  writeFileSync(join(dir, 'secrets', 'GATEHOUSE_AUTH_TOKEN'), `${token}\n`, { mode: 0o400 });

  const args = [...entrypoint, ...cmd].map(map).map((word, i, all) => (all[i - 1] === '--port' ? String(port) : word));
  const [command = '', ...rest] = args;
  const childEnv = { ...Object.fromEntries(Object.entries(env).map(([k, v]) => [k, map(v)])), PATH: process.env.PATH ?? '/usr/bin:/bin', GATEHOUSE_HEALTH_PORT: String(port) };
  const child = spawn(command, rest, { env: childEnv, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  try {
    const deadline = Date.now() + 45_000;
    while (!/serving MCP at/.test(stderr)) {
      if (child.exitCode !== null || Date.now() > deadline) throw new Error(`the entrypoint did not start: ${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(stderr).toContain('running in a container: there is no OS keychain here');
    expect(stderr).toContain('(GATEHOUSE_AUTH_TOKEN)');
    expect(stderr).toContain('auth: shared-secret');
    expect(stderr).not.toContain(token);
    expect(await (await fetch(`http://127.0.0.1:${port}/health`)).json()).toMatchObject({ ok: true });
    const healthcheck = spawnSync(process.execPath, [mapped['/app/healthcheck.mjs'] ?? ''], { env: { GATEHOUSE_HEALTH_PORT: String(port) } });
    expect(healthcheck.status).toBe(0);
    const post = (headers: Record<string, string>) =>
      fetch(`http://127.0.0.1:${port}/mcp`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } } }) });
    expect((await post({})).status).toBe(401);
    expect((await post({ authorization: `Bearer ${token}` })).status).toBe(200);
  } finally {
    const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  }
  expect(stderr).toContain('stopping (SIGTERM)');
  // With the gateway gone, the image's HEALTHCHECK fails.
  expect(spawnSync(process.execPath, [mapped['/app/healthcheck.mjs'] ?? ''], { env: { GATEHOUSE_HEALTH_PORT: String(port) } }).status).toBe(1);
});
