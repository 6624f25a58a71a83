// The auth flags as a user meets them on the built CLI: fail closed with a coded error and exit code
// before anything starts, and a shared-secret gateway that takes its token from the environment.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { callMeta } from '../../helpers/meta';
import { requireBuild } from '../../helpers/cli-process';
import { CLI_ENTRY, createWorkspace, type Workspace } from '../../helpers/workspace';
import { cliEnv, instancePath, startHttpGatewayCli } from './cli';
import { connectClient, JSON_HEADERS, raw } from './support';

const TOKEN = 'env-provided-token-0123456789';
let workspace: Workspace;
beforeEach(() => {
  requireBuild();
  workspace = createWorkspace();
});
afterEach(() => workspace.cleanup());

function run(args: string[], env: Record<string, string> = {}) {
  return spawnSync(process.execPath, [CLI_ENTRY, 'serve', ...args], { cwd: workspace.project, env: cliEnv(workspace.home, env), encoding: 'utf8', timeout: 30_000 });
}

describe('start-up refusals', () => {
  it('fails closed (78) when resource-server settings are missing or unsafe', () => {
    const missing = run(['--transport', 'http', '--auth', 'resource-server']);
    expect(missing.status).toBe(78);
    expect(missing.stderr).toContain('missing --oauth-issuer, --oauth-jwks-url, --oauth-audience');
    const plainHttp = run(['--transport', 'http', '--auth', 'resource-server', '--oauth-issuer', 'https://auth.example.com/', '--oauth-jwks-url', 'http://auth.example.com/jwks', '--oauth-audience', 'https://mcp.example.com/mcp']);
    expect(plainHttp.status).toBe(78);
    expect(plainHttp.stderr).toContain('--oauth-jwks-url: http://auth.example.com is not https');
    expect(plainHttp.stderr).toContain('next step:');
    for (const r of [missing, plainHttp]) expect(r.stderr).not.toContain('serving MCP');
  });

  it('refuses a weak --auth-token without echoing it, and HTTP flags on stdio (64)', () => {
    const weak = run(['--transport', 'http', '--auth-token', 'short-secret']);
    expect(weak.status).toBe(78);
    expect(weak.stderr).toContain('--auth-token: the token is shorter than 16 characters');
    expect(weak.stderr).not.toContain('short-secret');
    const stdio = run(['--transport', 'stdio', '--auth', 'none']);
    expect(stdio.status).toBe(64);
    expect(stdio.stderr).toContain('--auth applies to --transport http only');
  });
});

describe('shared-secret from the environment', () => {
  it('requires the token on /mcp, accepts it and the instance token, and never prints either', async () => {
    const gateway = await startHttpGatewayCli(workspace.project, workspace.home, [], { GATEHOUSE_AUTH_TOKEN: TOKEN });
    try {
      expect(gateway.stderr()).toContain('auth: shared-secret');
      const port = Number(gateway.url.port);
      const body = JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' });
      expect((await raw({ port, method: 'POST', headers: JSON_HEADERS, body })).status).toBe(401);
      // The default 10 MiB cap, on the declared size, before auth.
      expect((await raw({ port, method: 'POST', headers: { ...JSON_HEADERS, 'content-length': String(10 * 1024 * 1024 + 1) } })).status).toBe(413);
      const { client } = await connectClient(gateway.url, 'stateless', TOKEN);
      expect((await callMeta(client, 'gateway.health')).isError).toBe(false);
      await client.close();
      const instanceToken = (JSON.parse(readFileSync(instancePath(workspace.home), 'utf8')) as { token: string }).token;
      expect((await raw({ port, method: 'POST', headers: { ...JSON_HEADERS, authorization: `Bearer ${instanceToken}` }, body })).status).toBe(202);
      expect(gateway.stderr()).not.toContain(TOKEN);
      expect(gateway.stderr()).not.toContain(instanceToken);
      // `gatehouse status` reaches it through instance.json's per-run token, without being given one.
      const status = spawnSync(process.execPath, [CLI_ENTRY, 'status', '--json'], { cwd: workspace.project, env: cliEnv(workspace.home), encoding: 'utf8' });
      expect(status.status).toBe(0);
      expect(JSON.parse(status.stdout)).toMatchObject({ gateway: { running: true, url: gateway.url.href } });
      expect(status.stdout + status.stderr).not.toContain(instanceToken);
    } finally {
      expect(await gateway.stop()).toBe(0);
    }
  });
});
