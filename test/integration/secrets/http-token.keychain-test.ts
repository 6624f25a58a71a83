// The HTTP gateway's own bearer token kept in the OS keychain: `serve --transport http` finds it there
// when no flag, file or variable names one, switches to shared-secret mode, and refuses callers
// without it.
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createSecretStore } from '../../../src/main/secrets/store';
import { startHttpCli, type RunningGateway } from '../../helpers/cli-process';
import { createWorkspace, type Workspace } from '../../helpers/workspace';
import { requireKeychainSession } from './helpers/keychain-session';

beforeEach(requireKeychainSession);
let workspace: Workspace;
let gateway: RunningGateway | undefined;
beforeEach(() => {
  workspace = createWorkspace();
});
afterEach(async () => {
  await gateway?.stop();
  workspace.cleanup();
});

it('uses GATEHOUSE_AUTH_TOKEN from the keychain and requires it from callers', async () => {
  const token = randomBytes(24).toString('base64url');
  const service = `dev.gatehouse.test.${randomBytes(4).toString('hex')}`;
  const env = { XDG_CONFIG_HOME: join(workspace.home, '.config'), GATEHOUSE_KEYCHAIN_SERVICE: service, DBUS_SESSION_BUS_ADDRESS: process.env.DBUS_SESSION_BUS_ADDRESS };
  await createSecretStore({ env: { ...env, PATH: process.env.PATH, HOME: workspace.home }, homeDir: workspace.home }).set({ scope: 'user' }, 'GATEHOUSE_AUTH_TOKEN', token);
  gateway = await startHttpCli({ project: workspace.project, home: workspace.home, env });
  expect(gateway.stderr()).toContain('auth: shared-secret');
  expect(gateway.stderr()).not.toContain(token);
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} });
  const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' };
  const refused = await fetch(gateway.url, { method: 'POST', headers, body });
  expect(refused.status).toBe(401);
  const wrong = await fetch(gateway.url, { method: 'POST', headers: { ...headers, authorization: 'Bearer not-the-token' }, body });
  expect(wrong.status).toBe(401);
  const initialize = JSON.stringify({
    jsonrpc: '2.0',
    id: 2,
    method: 'initialize',
    params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'test', version: '1' } },
  });
  const accepted = await fetch(gateway.url, { method: 'POST', headers: { ...headers, authorization: `Bearer ${token}` }, body: initialize });
  expect(accepted.status).toBe(200);
  expect(accepted.headers.get('mcp-session-id')).toBeTruthy();
});
