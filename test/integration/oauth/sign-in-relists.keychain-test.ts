// A server whose handshake passes without a token but whose tool listing is refused (401) connects
// "degraded" with no tools. A sign-in then starts it again, so the tools are listed with the new token
// (as when a server moved to another authorization server after the handshake: conformance
// auth/authorization-server-migration). All real: oidc-provider on loopback, the protected MCP server
// fixture, a real core with the real keychain.
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { startCore, type CoreUnderTest } from '../../helpers/core';
import { keychainCoreEnv } from '../../helpers/keychain-env';
import { createWorkspace, type Workspace } from '../../helpers/workspace';
import { requireKeychainSession } from '../secrets/helpers/keychain-session';
import { startAuthorizationServer, type AuthorizationServer } from './helpers/authorization-server';
import { metaCaller, signInThroughBrowser } from './helpers/meta-calls';
import { startResourceServer, type ResourceServer } from './helpers/resource-server';

beforeEach(requireKeychainSession);

let as: AuthorizationServer;
let docs: ResourceServer;
let workspace: Workspace;
let core: CoreUnderTest;


const call = metaCaller(() => core);

async function row(): Promise<{ state: string; tool_count: number; last_error: string | null }> {
  const health = await call('gateway.health', { verbose: true });
  return (health.servers as { name: string; state: string; tool_count: number; last_error: string | null }[]).find((s) => s.name === 'docs') ?? { state: 'missing', tool_count: 0, last_error: null };
}

beforeAll(async () => {
  as = await startAuthorizationServer();
  docs = await startResourceServer(as.issuer, { OPEN_METHODS: 'server/discover,initialize,notifications/initialized' });
  workspace = createWorkspace();
  workspace.writeConfig({ mcpServers: { docs: { type: 'http', url: docs.url } } });
  core = await startCore(workspace, keychainCoreEnv(workspace.home, 'oauth-relist'));
});

afterAll(async () => {
  await core?.close();
  docs?.stop();
  await as?.close();
  workspace?.cleanup();
});

it('lists the tools of a server left degraded by a refused listing once the sign-in is done', async () => {
  await call('gateway.connect_server', { server_name: 'docs' });
  const before = await row();
  expect(before.state).toBe('degraded');
  expect(before.tool_count).toBe(0);
  expect(before.last_error).toContain("refused Gatehouse's credential");

  await signInThroughBrowser(call, 'docs');

  const after = await row();
  expect(after.state).toBe('online');
  expect(after.tool_count).toBeGreaterThan(0);
  const echo = await call('gateway.invoke', { tool_id: 'docs::echo', arguments: { message: 'listed' } });
  expect(echo).toMatchObject({ ok: true });
});
